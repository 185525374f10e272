# measure.sh: the soak's measuring helpers, sourced by run.sh (which sets RUN, TSV, PIDS, put, log,
# EXP_FRAMES, EXP_SAMPLES, REEL).

# sample_rss PID FILE: VmRSS of PID every second until it exits, as "seconds<TAB>rss_kb" lines.
sample_rss() {
  local pid=$1 file=$2 t0=$SECONDS rss
  printf 'seconds\trss_kb\n' > "$file"
  while rss=$(awk '/^VmRSS:/{print $2}' "/proc/$pid/status" 2>/dev/null) && [ -n "$rss" ]; do
    printf '%s\t%s\n' $((SECONDS - t0)) "$rss" >> "$file"
    sleep 1
  done
}

# child_of PID: the one child of PID (the command /usr/bin/time runs), waiting up to 10 s for it.
child_of() {
  local c i
  for ((i = 0; i < 100; i++)); do
    c=$(pgrep -P "$1" | head -n 1) && [ -n "$c" ] && { echo "$c"; return 0; }
    sleep 0.1
  done
  echo "soak: no child of process $1" >&2; return 1
}

# start_timed NAME OUTFILE CMD…: starts CMD under /usr/bin/time -v with an RSS sampler; sets TIMED_PID
# (time's id) and CHILD_PID (the command's).
start_timed() {
  local name=$1 outfile=$2; shift 2
  put "${name}_load1_at_start" "$(cut -d' ' -f1 /proc/loadavg)"
  busy > "$RUN/busy-$name"
  /usr/bin/time -v -o "$RUN/time-$name.txt" "$@" > "$outfile" 2> "$RUN/$name.stderr" &
  TIMED_PID=$!; PIDS+=("$TIMED_PID")
  CHILD_PID=$(child_of "$TIMED_PID")
  CHILDREN+=("$CHILD_PID")   # /usr/bin/time dies of SIGTERM without passing it on
  sample_rss "$CHILD_PID" "$RUN/rss-$name.tsv" &
  PIDS+=($!)
}

# finish_timed NAME TIMED_PID: waits for it and records wall, CPU, peak RSS and the sampled RSS quarters.
finish_timed() {
  local name=$1 rc=0
  wait "$2" || rc=$?
  if [ "$rc" != 0 ]; then
    echo "soak: $name failed (exit $rc); the end of $RUN/$name.stderr:" >&2
    tail -n 20 "$RUN/$name.stderr" >&2
    exit 1
  fi
  echo "$(busy)" >> "$RUN/busy-$name"
  sleep 1.1   # the sampler notices the exit within a second
  record_time "$name"
  record_rss "$name"
}

# busy: the machine's busy CPU ticks so far (user nice system irq softirq steal), as bench/render/bench.sh.
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9}' /proc/stat; }

# foreign NAME OWN_CPU_S: the CPU seconds the rest of the machine used during NAME's run (other
# people's builds on a shared box; more than a few seconds means the run was disturbed).
foreign() {
  put "$1_foreign_cpu_s" "$(awk -v own="$2" -v hz="$(getconf CLK_TCK)" 'NR==1{a=$1} NR==2{b=$1}
    END{f=(b-a)/hz-own; if (f<0) f=0; printf "%.1f", f}' "$RUN/busy-$1")"
}

# timed NAME OUTFILE CMD…: start_timed and finish_timed in one.
timed() {
  start_timed "$@"
  finish_timed "$1" "$TIMED_PID"
}

record_time() {
  local f=$RUN/time-$1.txt
  put "$1_wall_s" "$(awk -F': ' '/Elapsed \(wall clock\)/{n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' "$f")"
  put "$1_cpu_s" "$(awk -F': ' '/User time/{u=$2} /System time/{s=$2} END{printf "%.1f", u+s}' "$f")"
  put "$1_maxrss_mb" "$(awk -F': ' '/Maximum resident/{printf "%.0f", $2/1024}' "$f")"
  case $1 in worker*) return 0 ;; esac   # a worker's span holds the other worker's CPU: farm_run counts both
  foreign "$1" "$(awk -F': ' '/User time/{u=$2} /System time/{s=$2} END{print u+s}' "$f")"
}

# record_rss NAME: the sampled peak in the first and the last quarter of the run, and overall (MB).
record_rss() {
  local f=$RUN/rss-$1.tsv q
  q=$(awk -F'\t' 'NR>1{t[NR]=$1; r[NR]=$2; n=NR}
    END{if (n<2) {print "NA NA NA"; exit}
        span=t[n]; a=0; b=0; m=0
        for(i=2;i<=n;i++){ if(r[i]>m) m=r[i]; if(t[i]<=span/4 && r[i]>a) a=r[i]; if(t[i]>=3*span/4 && r[i]>b) b=r[i] }
        printf "%.0f %.0f %.0f", a/1024, b/1024, m/1024}' "$f")
  read -r first last peak <<<"$q"
  put "$1_rss_first_quarter_mb" "$first"; put "$1_rss_last_quarter_mb" "$last"; put "$1_rss_sampled_peak_mb" "$peak"
}

# check_output NAME FILE: packets, decoded frames and samples, clean decode, all against the plan.
check_output() {
  local name=$1 out=$2 md5=$RUN/$1.framemd5
  put "${name}_output_bytes" "$(stat -c %s "$out")"
  put "${name}_video_packets" "$(ffprobe -v error -count_packets -select_streams v:0 -show_entries stream=nb_read_packets -of csv=p=0 "$out")"
  put "${name}_audio_packets" "$(ffprobe -v error -count_packets -select_streams a:0 -show_entries stream=nb_read_packets -of csv=p=0 "$out")"
  # One full decode: framemd5 hashes every video frame and every audio frame (as s16le), and
  # -v error prints any decoding problem, so an empty stderr is a clean decode.
  ffmpeg -nostdin -hide_banner -v error -i "$out" -map 0:v:0 -map 0:a:0 -f framemd5 "$md5" 2> "$RUN/$name.decode-errors"
  local frames samples errors
  frames=$(awk -F', *' '!/^#/ && $1 == 0 {n++} END{print n+0}' "$md5")
  samples=$(awk -F', *' '!/^#/ && $1 == 1 {b += $5} END{print b / 4}' "$md5")   # s16 stereo: 4 bytes a sample
  errors=$(wc -l < "$RUN/$name.decode-errors")
  # The exact sample count is where the last audio packet ends (the MP4's edit list trims AAC's
  # priming at the start, and the last packet's duration trims its padding). FFmpeg 5.1's decoder
  # drops the priming but still outputs the last frame whole, so the decoded count is the exact
  # count rounded up to a whole 1024-sample AAC frame.
  local exact
  exact=$(ffprobe -v error -select_streams a:0 -show_entries stream=time_base:packet=pts,duration -of csv=p=0 "$out" \
    | awk -F, 'NF == 1 && /\//{split($1, tb, "/")} NF == 2 {end = $1 + $2} END{printf "%d", end * 48000 * tb[1] / tb[2]}')
  put "${name}_frames" "$frames"; put "${name}_samples" "$exact"; put "${name}_samples_decoded" "$samples"
  put "${name}_decode_error_lines" "$errors"
  put "${name}_frames_ok" "$([ "$frames" = "$EXP_FRAMES" ] && echo yes || echo "no (expected $EXP_FRAMES)")"
  put "${name}_samples_ok" "$([ "$exact" = "$EXP_SAMPLES" ] && [ $((samples - EXP_SAMPLES)) -ge 0 ] \
    && [ $((samples - EXP_SAMPLES)) -lt 1024 ] && echo yes || echo "no (expected $EXP_SAMPLES)")"
}

# parts_disk NAME STORE: the bytes the store's parts take now.
parts_disk() {
  put "$1_parts_bytes" "$(du -sb "$2/parts" 2>/dev/null | cut -f1 || echo 0)"
  put "$1_parts_files" "$(find "$2/parts" -type f 2>/dev/null | wc -l)"
}

# gc_store NAME STORE: reel gc --older-than 1s (the smallest age), bytes before and after.
gc_store() {
  local name=$1 store=$2
  sleep 1.5   # every part is then older than the 1 s minimum age
  local before after
  before=$(du -sb "$store/parts" | cut -f1)
  "$REEL" gc --storage "$store" --older-than 1s --db "$GC_DB" --schema "$GC_SCHEMA" --json > "$RUN/gc-$name.json"
  after=$(du -sb "$store/parts" | cut -f1)
  put "${name}_gc_before_bytes" "$before"; put "${name}_gc_after_bytes" "$after"
  put "${name}_gc_freed_bytes" "$(jq .bytes_freed "$RUN/gc-$name.json")"
  put "${name}_gc_parts_deleted" "$(jq '.parts | length' "$RUN/gc-$name.json")"
}
