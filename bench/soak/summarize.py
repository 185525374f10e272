#!/usr/bin/env python3
"""summarize.py SOAK.tsv > SOAK.md: the soak's key/value results as one markdown table."""
import sys

v = dict(line.rstrip("\n").split("\t", 1) for line in open(sys.argv[1]) if "\t" in line)


def g(key):
    return v.get(key, "–")


def ratio(a, b):
    try:
        return f"{float(v[a]) / float(v[b]):.2f}×"
    except (KeyError, ValueError, ZeroDivisionError):
        return "–"


rows = [("composition", f"{g('minutes')} min, {g('clips')} clips, {g('transitions')} transitions, "
                        f"{g('titles')} titles, {g('voice_overs')} voice-overs, {g('segments')} segments; "
                        f"x264 {g('preset')}"),
        ("expected frames / samples (reel plan)", f"{g('expected_frames')} / {g('expected_samples')}")]
print(f"| | reel render | farm (2 workers) | floor |\n|---|---|---|---|")
print(f"| wall s | {g('local_wall_s')} | {g('farm_wall_s')} | {g('floor_wall_s')} |")
print(f"| CPU s (user+sys) | {g('local_cpu_s')} | {g('farm_cpu_s')} (both workers) | {g('floor_cpu_s')} |")
print(f"| foreign CPU s (others on the box) | {g('local_foreign_cpu_s')} | {g('farm_foreign_cpu_s')} | {g('floor_foreign_cpu_s')} |")
print(f"| wall / floor | {ratio('local_wall_s', 'floor_wall_s')} | {ratio('farm_wall_s', 'floor_wall_s')} | 1 |")
print(f"| CPU / floor | {ratio('local_cpu_s', 'floor_cpu_s')} | {ratio('farm_cpu_s', 'floor_cpu_s')} | 1 |")
print(f"| peak RSS MB (time -v) | {g('local_maxrss_mb')} | w1 {g('worker1_maxrss_mb')}, w2 {g('worker2_maxrss_mb')} | {g('floor_maxrss_mb')} |")
print(f"| sampled RSS MB: first ¼ max → last ¼ max | {g('local_rss_first_quarter_mb')} → {g('local_rss_last_quarter_mb')} "
      f"| w1 {g('worker1_rss_first_quarter_mb')} → {g('worker1_rss_last_quarter_mb')}, "
      f"w2 {g('worker2_rss_first_quarter_mb')} → {g('worker2_rss_last_quarter_mb')} | – |")
print(f"| stitch tail s | {g('local_stitch_tail_s')} | {g('farm_stitch_tail_s')} | – |")
print(f"| video frames (decoded) | {g('local_frames')}: {g('local_frames_ok')} | {g('farm_frames')}: {g('farm_frames_ok')} | – |")
print(f"| audio samples: exact (decoded) | {g('local_samples')} ({g('local_samples_decoded')}): {g('local_samples_ok')} "
      f"| {g('farm_samples')} ({g('farm_samples_decoded')}): {g('farm_samples_ok')} | – |")
print(f"| video / audio packets | {g('local_video_packets')} / {g('local_audio_packets')} | {g('farm_video_packets')} / {g('farm_audio_packets')} | – |")
print(f"| decode error lines | {g('local_decode_error_lines')} | {g('farm_decode_error_lines')} | – |")
print(f"| framemd5 local vs farm | {g('framemd5_local_vs_farm')} | | |")
print(f"| output bytes | {g('local_output_bytes')} | {g('farm_output_bytes')} | – |")
print(f"| parts on disk (bytes, files) | {g('local_parts_bytes')} ({g('local_parts_files')}) | {g('farm_parts_bytes')} ({g('farm_parts_files')}) | – |")
print(f"| reel gc --older-than 1s: before → after (freed) | {g('local_gc_before_bytes')} → {g('local_gc_after_bytes')} ({g('local_gc_freed_bytes')}) "
      f"| {g('farm_gc_before_bytes')} → {g('farm_gc_after_bytes')} ({g('farm_gc_freed_bytes')}) | – |")
print()
for k, val in rows:
    print(f"- {k}: {val}")
