# deploy/test/farm.sh — sourced by run.sh: the farm render, the drain, the comparison and the teardown.

WORKERS=(reel_worker_1 reel_worker_2 reel_worker_3)

# The peak resident memory (VmHWM, kB) of each running worker's reel process, seen from the host.
worker_rss() {
  local c pid child
  for c in "${WORKERS[@]}"; do
    pid=$(podman inspect --format '{{.State.Pid}}' "$c" 2>/dev/null || echo 0)
    [ "$pid" -gt 0 ] || continue
    child=$(pgrep -P "$pid" -x reel || echo "$pid")
    awk -v c="$c" '/^VmHWM/ {print c, $2}' "/proc/$child/status" 2>/dev/null || true
  done
}

job_state() { sql "SELECT state FROM reel.jobs WHERE id = $JOB"; }

# Waits (by polling the queue, at most 600 polls of a second) until SQL query $1 prints something non-empty.
wait_for() {
  local tries=0 out
  while out=$(sql "$1") && [ -z "$out" ]; do
    tries=$((tries + 1)); [ $tries -lt 600 ] || die "gave up waiting for: $1"; sleep 1
  done
  printf '%s' "$out"
}

farm_render() {
  local start=$SECONDS
  "${PC[@]}" up -d --no-deps worker >>"$WORK/compose-up.log" 2>&1 || { cat "$WORK/compose-up.log"; die "compose up worker"; }
  JOB=$("${PC[@]}" run --rm -T --no-deps submit submit /media/demo.json -o /storage/out/demo.mov --lossless \
        --segment-seconds $SEGMENT_SECONDS 2>"$WORK/submit.log" | tail -n 1) || { cat "$WORK/submit.log"; die "reel submit"; }
  [[ $JOB =~ ^[0-9]+$ ]] || { cat "$WORK/submit.log"; die "reel submit printed '$JOB', not a job id"; }
  note "submitted job $JOB: $(grep -o 'submitted.*' "$WORK/submit.log")"
  note "database sessions: $(wait_for "SELECT string_agg(DISTINCT usename, ' ') FROM pg_stat_activity WHERE datname = 'reel' AND usename <> 'postgres' HAVING count(*) >= 3")"
  note "in the worker: $(podman exec reel_worker_1 stat -c '%n %u:%g %a' /storage /storage/cache /storage/out /run/secrets/worker_pgpass | tr '\n' ' ')"
  drain
  "${PC[@]}" start worker >>"$WORK/compose-up.log" 2>&1 || die "podman-compose start worker"
  wait_for "SELECT state FROM reel.jobs WHERE id = $JOB AND state IN ('done', 'failed', 'canceled')" >/dev/null
  note "rss after the job: $(worker_rss | tr '\n' ' ')"
  [ "$(job_state)" = done ] || { "${PC[@]}" run --rm -T --no-deps submit status "$JOB" >&2; die "job $JOB ended $(job_state)"; }
  note "farm: job $JOB done in $((SECONDS - start)) s from submit (3 workers, --concurrency 1 each, drained and restarted once); queue: $(sql "SELECT round(extract(epoch FROM finished_at - created_at), 1) || ' s from created to finished' FROM reel.jobs WHERE id = $JOB")"
  note "workers: $(sql "SELECT string_agg(DISTINCT worker_id, ' ') FROM reel.queue_events WHERE job_id = $JOB AND segment_index IS NOT NULL AND to_state = 'done'") rendered segments; $(sql "SELECT count(*) FROM reel.workers") worker rows"
  note "reel status $JOB (as reel_submit): $("${PC[@]}" run --rm -T --no-deps submit status "$JOB" 2>/dev/null | head -n 2 | tr '\n' ' ')"
  note "reel gc --dry-run (as reel_monitor): $("${PC[@]}" run --rm -T --no-deps gc gc --older-than 7d --dry-run 2>&1 | grep -v level=warning | tail -n 1)"
  note "segments: $(sql "SELECT count(*) || ' segments, attempts ' || string_agg(DISTINCT attempt::text, ',') || ', errors ' || sum(jsonb_array_length(errors)) FROM reel.segments WHERE job_id = $JOB")"
}

# A second job, undisturbed and cut differently (2.5 s segments: it reuses only the few parts whose bounds a
# transition fixes, and says how many): the farm's render time.
undisturbed_render() {
  local job
  job=$("${PC[@]}" run --rm -T --no-deps submit submit /media/demo.json -o /storage/out/demo-2.5s.mov --lossless \
        --segment-seconds 2.5 2>"$WORK/submit2.log" | tail -n 1) || { cat "$WORK/submit2.log"; die "second reel submit"; }
  [[ $job =~ ^[0-9]+$ ]] || die "second reel submit printed '$job'"
  wait_for "SELECT state FROM reel.jobs WHERE id = $job AND state IN ('done', 'failed', 'canceled')" >/dev/null
  [ "$(sql "SELECT state FROM reel.jobs WHERE id = $job")" = done ] || die "job $job did not finish"
  note "farm, undisturbed: job $job ($(grep -o '[0-9]* segments, [0-9]* frames, [0-9]* reused' "$WORK/submit2.log")) $(sql "SELECT round(extract(epoch FROM finished_at - created_at), 1) FROM reel.jobs WHERE id = $job") s from created to finished on 3 workers"
}

# `podman-compose stop worker` while every worker is mid-segment: each must finish its segment and exit 0.
drain() {
  local busy
  busy=$(wait_for "SELECT string_agg(segment_index || ':' || leased_by, ' ' ORDER BY segment_index) FROM reel.segments WHERE job_id = $JOB AND state = 'running' HAVING count(DISTINCT leased_by) >= 3")
  note "rss before the drain: $(worker_rss | tr '\n' ' ')"
  note "drain: podman-compose stop worker while segments $busy were running"
  "${PC[@]}" stop worker >"$WORK/stop.log" 2>&1 || { cat "$WORK/stop.log"; die "podman-compose stop worker"; }
  local c code seg worker
  for c in "${WORKERS[@]}"; do
    code=$(podman inspect --format '{{.State.ExitCode}}' "$c")
    podman logs "$c" > "$WORK/$c.log" 2>&1
    grep -q 'draining' "$WORK/$c.log" || die "$c: no 'draining' line in its log"
    [ "$code" = 0 ] || die "$c exited $code after SIGTERM"
    note "  $c exited 0; its log: $(grep -h 'draining' "$WORK/$c.log" | tail -n 1)"
  done
  for pair in $busy; do
    seg=${pair%%:*}; worker=${pair#*:}
    note "  segment $seg (was $worker's): $(sql "SELECT state || ', attempt ' || attempt || ', ' || jsonb_array_length(errors) || ' errors' FROM reel.segments WHERE job_id = $JOB AND segment_index = $seg") -- $(sql "SELECT string_agg(coalesce(from_state, '-') || '->' || to_state || ' by ' || coalesce(worker_id, '?'), '; ' ORDER BY id) FROM reel.queue_events WHERE job_id = $JOB AND segment_index = $seg")"
  done
  local running; running=$(sql "SELECT count(*) FROM reel.segments WHERE job_id = $JOB AND state = 'running'")
  [ "$running" = 0 ] || die "$running segments still running after every worker drained"
  note "  after the drain: $(sql "SELECT string_agg(state || ' ' || n, ', ') FROM (SELECT state, count(*) n FROM reel.segments WHERE job_id = $JOB GROUP BY state ORDER BY state) s")"
}

# Per-frame video md5 and the PCM md5 of the farm's output against the one-process render's.
compare() {
  local dir f; dir=$(podman volume inspect reel_storage --format '{{.Mountpoint}}')/out
  for f in demo demo-2.5s reference; do
    ffmpeg -nostdin -v error -i "$dir/$f.mov" -map 0:v:0 -f framemd5 - | grep -v '^#' > "$WORK/$f.video.framemd5"
    ffmpeg -nostdin -v error -i "$dir/$f.mov" -map 0:a:0 -c:a copy -f md5 - > "$WORK/$f.pcm.md5"
  done
  local frames; frames=$(wc -l < "$WORK/demo.video.framemd5")
  [ "$frames" -gt 0 ] || die "no video frames in the farm's output"
  cmp -s "$WORK/demo.video.framemd5" "$WORK/reference.video.framemd5" || die "video frames differ (diff $WORK/*.video.framemd5)"
  cmp -s "$WORK/demo.pcm.md5" "$WORK/reference.pcm.md5" || die "PCM differs: $(cat "$WORK/demo.pcm.md5") vs $(cat "$WORK/reference.pcm.md5")"
  cmp -s "$WORK/demo-2.5s.video.framemd5" "$WORK/reference.video.framemd5" && cmp -s "$WORK/demo-2.5s.pcm.md5" "$WORK/reference.pcm.md5" \
    || die "the 2.5 s-segment farm render differs from the reference"
  note "equal: demo.mov (2 s segments, drained), demo-2.5s.mov (2.5 s segments) and reference.mov:"
  note "  $frames video frames (framemd5 of all: $(md5sum < "$WORK/demo.video.framemd5" | cut -c1-32)), PCM $(cat "$WORK/demo.pcm.md5")"
  note "output: $(ffprobe -v error -show_entries stream=codec_name,width,height,sample_rate,channels -of csv=p=0 "$dir/demo.mov" | tr '\n' ' ')"
}

teardown() {
  [ "${1:-}" = quiet ] || log "teardown: podman-compose down -v, deploy/secrets and deploy/media removed"
  "${PC[@]}" down -v -t 10 >"$WORK/compose-down.log" 2>&1 || true
  rm -rf "$ROOT/deploy/secrets" "$ROOT/deploy/media"
}

# `reel serve` from compose: the pages and API over the finished jobs, a thumbnail, /metrics through promtool, a
# write refused without the token and done with it (through --write-db as reel_operate), reads as reel_monitor.
web_view() {
  local port=${REEL_TEST_SERVE_PORT:-58700} url tries=0 token jobs
  url=http://127.0.0.1:$port
  "${PC[@]}" up -d --no-deps serve >>"$WORK/compose-up.log" 2>&1 || die "compose up serve"
  until curl -fsS "$url/healthz" >/dev/null 2>&1; do
    tries=$((tries + 1)); [ $tries -lt 60 ] || { podman logs reel_serve_1; die "reel serve never answered"; }; sleep 1
  done
  curl -fsS "$url/" | grep -q '<title>Reel · Jobs</title>' || die "the jobs page"
  jobs=$(curl -fsS "$url/api/v1/jobs" | python3 -c 'import json,sys; print(" ".join("%s:%s" % (j["id"], j["state"]) for j in json.load(sys.stdin)["jobs"]))')
  note "reel serve: /api/v1/jobs says $jobs"
  curl -fsS "$url/api/v1/jobs/$JOB" | python3 -c '
import json, sys
d = json.load(sys.stdin); s = d["segments"]
assert all(x["state"] == "done" and x["thumbnail"] for x in s), "a segment not done or without a thumbnail"
print(len(s), d["job"]["state"], d["stitch"]["state"], d["poster"])' > "$WORK/serve-job.txt" || die "the job's strip"
  note "  job $JOB: $(cat "$WORK/serve-job.txt") (segments, state, stitch, poster)"
  curl -fsS -o "$WORK/thumb.jpg" "$url/api/v1/jobs/$JOB/segments/0/thumbnail.jpg" || die "a thumbnail"
  note "  thumbnail of segment 0: $(ffprobe -v error -show_entries stream=codec_name,width,height -of csv=p=0 "$WORK/thumb.jpg")"
  curl -fsS "$url/metrics" > "$WORK/metrics.txt" || die "/metrics"
  grep -q 'reel_jobs{state="done"} 2' "$WORK/metrics.txt" || die "/metrics does not count 2 done jobs"
  if command -v promtool >/dev/null; then
    promtool check metrics < "$WORK/metrics.txt" > "$WORK/promtool.txt" 2>&1 || { cat "$WORK/promtool.txt"; die "promtool"; }
    [ ! -s "$WORK/promtool.txt" ] || { cat "$WORK/promtool.txt"; die "promtool found problems"; }
    note "  /metrics: $(grep -vc '^#' "$WORK/metrics.txt") samples, promtool check metrics: clean"
  else
    note "  /metrics: $(grep -vc '^#' "$WORK/metrics.txt") samples; NOT CHECKED: no promtool on this host (apt-get install prometheus)"
  fi
  local status; status=$(curl -s -o /dev/null -w '%{http_code}' -X POST -d '{"priority": 3}' "$url/api/v1/jobs/$JOB/priority")
  [ "$status" = 401 ] || die "a write without the token answered $status"
  token=$(cat "$ROOT/deploy/secrets/serve_token")
  status=$(curl -s -o "$WORK/priority.json" -w '%{http_code}' -X POST -H "Authorization: Bearer $token" \
           -d '{"priority": 3}' "$url/api/v1/jobs/$JOB/priority")
  [ "$status" = 200 ] || { cat "$WORK/priority.json"; die "a write with the token answered $status"; }
  [ "$(sql "SELECT priority FROM reel.jobs WHERE id = $JOB")" = 3 ] || die "the priority did not change"
  note "  write without the token: 401; with it: 200, job $JOB priority now 3"
  note "  sessions: $(sql "SELECT string_agg(DISTINCT usename || ' (' || application_name || ')', ', ') FROM pg_stat_activity WHERE application_name LIKE 'reel serve%'")"
}
