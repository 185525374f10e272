# farm.sh: the soak's farm run, sourced by run.sh (which sets REPO, RUN, WORK, COMP, PRESET, REEL, PIDS,
# put, log and the measuring helpers of measure.sh).

# setup_db: a database and a fresh schema for this run. REEL_SOAK_DATABASE_URL if set, else the
# checkout's throwaway server from scripts/test-postgres.sh (stopped on exit if this run started it).
# Sets DB, SCHEMA and, for reel gc, GC_DB and GC_SCHEMA.
setup_db() {
  if [ -n "${REEL_SOAK_DATABASE_URL:-}" ]; then
    DB=$REEL_SOAK_DATABASE_URL
  else
    local hash
    hash=$(printf %s "$REPO" | cksum | cut -d' ' -f1)
    [ -d "/tmp/reel-test-pg-$hash/data" ] || PG_STARTED=1
    eval "$("$REPO/scripts/test-postgres.sh")"
    DB=$REEL_TEST_DATABASE_URL
  fi
  SCHEMA=reel_soak_$$
  "$REEL" db migrate --db "$DB" --schema "$SCHEMA" >&2
  GC_DB=$DB GC_SCHEMA=$SCHEMA
}

# farm_run: two workers (--concurrency 1 each, timed and RSS-sampled), submit, wait for done, drain.
farm_run() {
  FARM_STORE=$RUN/farm-store FARM_OUT=$WORK/out/farm.mp4
  mkdir -p "$FARM_STORE"
  rm -f "$FARM_OUT"
  local common=(--db "$DB" --schema "$SCHEMA" --storage "$FARM_STORE")
  local w tpids=() cpids=()
  for w in 1 2; do
    start_timed "worker$w" /dev/null "$REEL" worker "${common[@]}" --media-root "$WORK/media" \
      --output-root "$(dirname "$FARM_OUT")" --concurrency 1 --name "soak-$$-w$w"
    tpids+=("$TIMED_PID"); cpids+=("$CHILD_PID")
  done
  log "farm: submitting to two workers…"
  local t0=$SECONDS job state
  busy > "$RUN/busy-farm"
  job=$("$REEL" submit "$COMP" -o "$FARM_OUT" "${common[@]}" --preset "$PRESET" --json | jq -r .job)
  put farm_job "$job"
  while :; do
    "$REEL" status "$job" --db "$DB" --schema "$SCHEMA" --json > "$RUN/farm-status.json" || true
    state=$(jq -r '.job.state // "unknown"' "$RUN/farm-status.json")
    case $state in
      done) break ;;
      failed|canceled) echo "soak: farm job $job $state:" >&2; jq '.failures' "$RUN/farm-status.json" >&2; exit 1 ;;
    esac
    for w in 0 1; do kill -0 "${cpids[$w]}" 2>/dev/null || { echo "soak: worker $((w + 1)) died; see $RUN/worker$((w + 1)).stderr" >&2; exit 1; }; done
    sleep 1
  done
  put farm_wall_s $((SECONDS - t0))
  busy >> "$RUN/busy-farm"
  put farm_stitch_tail_s "$(jq -r '.stitch_tail_seconds // "NA"' "$RUN/farm-status.json")"
  put farm_elapsed_s "$(jq -r '.elapsed_seconds // "NA"' "$RUN/farm-status.json")"
  put farm_stitch_s "$(jq -r '.job.stitch_seconds // "NA"' "$RUN/farm-status.json")"
  for w in 0 1; do kill -TERM "${cpids[$w]}"; done   # drain: both are idle, so they exit at once
  for w in 1 2; do finish_timed "worker$w" "${tpids[$((w - 1))]}"; done
  local c1 c2
  c1=$(awk -F'\t' '$1=="worker1_cpu_s"{print $2}' "$TSV"); c2=$(awk -F'\t' '$1=="worker2_cpu_s"{print $2}' "$TSV")
  put farm_cpu_s "$(awk -v a="$c1" -v b="$c2" 'BEGIN{printf "%.1f", a+b}')"
  foreign farm "$(awk -v a="$c1" -v b="$c2" 'BEGIN{print a+b}')"   # roughly: the workers' CPU spans a little more
  check_output farm "$FARM_OUT"
  put framemd5_local_vs_farm "$(cmp -s "$RUN/local.framemd5" "$RUN/farm.framemd5" && echo identical || echo DIFFERENT)"
  parts_disk farm "$FARM_STORE"
}
