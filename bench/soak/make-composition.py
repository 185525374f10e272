#!/usr/bin/env python3
"""make-composition.py MEDIA_DIR [--minutes M] [--preset P] > composition.json

Writes the soak composition (issue 13 §3), scaled by --minutes (default 60): exactly M minutes of
1280x720 at 30000/1001 fps, every time an exact rational. Per 60 minutes: 400 clips from the twelve
sources of make-media.sh (round robin, on Reel's alternating A/B tracks), 300 transitions cycling
dissolve, push and wipe (the other joints are cuts), 40 voice-overs, one music bed looping over the
whole timeline with fades and ducking under the voice-overs, and 50 titles with opacity, position
and scale keyframes. Every tenth clip has a Ken Burns transform, a few play at 2x or 1/2x.
The last clip's length is what makes the timeline end exactly at M minutes. Source lengths are read
with ffprobe, so each source range lies within its file.
"""
import argparse
import json
import os
import subprocess
import sys
from fractions import Fraction as F

SOURCES = ["s01.mp4", "s02.mp4", "s03.mp4", "s04.mp4", "s05.mp4", "s06.mp4",
           "s07.mp4", "s08.mp4", "s09.mp4", "s10.mov", "s11.mp4", "s12.mp4"]
KINDS = ["dissolve", "push", "wipe"]
TRANSITION_LENGTHS = [F(1), F(1, 2), F(3, 4), F(3, 2)]
OFFSETS = [-3, -1, 2, 0, 3, -2, 1]          # seconds around the mean clip length; they sum to 0


def t(x):
    """An exact time as Reel reads it: "3", "3/2"."""
    return str(F(x))


def probe_seconds(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path],
                         check=True, capture_output=True, text=True).stdout.strip()
    return F(out).limit_denominator(1000) - F(1, 10)   # a safety margin under the container's rounding


def scaled(per_hour, minutes, least=1):
    return max(least, round(per_hour * minutes / 60))


def joints(n_clips, n_transitions):
    """The transition (or None for a cut) at each of the n_clips - 1 joints, spread evenly."""
    j = n_clips - 1
    kinds, k = [], 0
    for i in range(j):
        if (i + 1) * n_transitions // j > i * n_transitions // j:
            kinds.append((KINDS[k % 3], TRANSITION_LENGTHS[k % 4]))
            k += 1
        else:
            kinds.append(None)
    return kinds


def clip_lengths(n, total, trans):
    """Timeline lengths summing to total + the transitions' overlap, the last one taking the rest."""
    overlap = sum(d for _, d in filter(None, trans))
    target = total + overlap
    mean = target / n
    lengths = [(mean + OFFSETS[i % len(OFFSETS)]).limit_denominator(10) for i in range(n - 1)]
    lengths.append(target - sum(lengths))
    for i, d in enumerate(lengths):
        before = trans[i - 1][1] if i > 0 and trans[i - 1] else 0
        after = trans[i][1] if i < n - 1 and trans[i] else 0
        if d < before + after or d <= 0:
            sys.exit(f"clip {i} is {float(d):.2f} s, too short for its transitions; use more minutes")
    return lengths


def clip(i, length, media, durations):
    name = SOURCES[i % len(SOURCES)]
    speed = F(2) if i % 23 == 11 else F(1, 2) if i % 29 == 17 else F(1)
    span = length * speed
    room = durations[name] - span
    if room < 0:
        sys.exit(f"clip {i}: source {name} is shorter than {float(span):.1f} s")
    start = (room * ((i * 7919) % 1000) / 1000).limit_denominator(100)
    c = {"asset": name.split(".")[0], "sourceRange": {"start": t(start), "duration": t(span)}}
    if speed != 1:
        c["speed"] = t(speed)
    if i % 7 == 3:
        c["volume"] = "0.8"
    if i % 13 == 5:
        c["audio"] = False
    if i % 10 == 4:
        c["transform"] = [{"time": "0", "value": {"scale": "1"}},
                          {"time": t(length), "value": {"scale": "1.15", "position": {"x": "0.52", "y": "0.5"}},
                           "ease": "in-out"}]
    return c


def voice_overs(total, count, vo_lengths):
    period = total / count
    out = []
    for k in range(count):
        name = "vo1" if k % 2 == 0 else "vo2"
        length = min(F(20), vo_lengths[name], period - 2)
        out.append({"asset": name, "sourceRange": {"start": "0", "duration": t(length)}, "at": t(k * period + 1)})
    return out


def music(total):
    return {"asset": "music", "sourceRange": {"start": "0", "duration": "40"}, "loop": True, "volume": "0.7",
            "volumeAutomation": [{"from": "0", "to": "1", "timeRange": {"start": "0", "duration": "2"}},
                                 {"from": "1", "to": "0", "timeRange": {"start": t(total - 3), "end": t(total)}}],
            "ducking": {"under": "voiceOvers", "gain": "0.25", "attack": "0.3", "release": "0.6"}}


def titles(total, count):
    positions = ["lower-third", "center", "top", "upper-third", "bottom"]
    out = []
    for k in range(count):
        start = (total * (2 * k + 1) / (2 * count) - 2).limit_denominator(1000)
        out.append({"text": f"Soak title {k + 1} of {count}", "size": 40 + 8 * (k % 5),
                    "color": "#FFFFFF" if k % 2 else "#FFE060", "position": positions[k % 5],
                    "timeRange": {"start": t(start), "duration": "4"},
                    "opacity": [{"time": "0", "value": "0"}, {"time": "1/2", "value": "1"},
                                {"time": "7/2", "value": "1"}, {"time": "4", "value": "0"}],
                    "positionKeys": [{"time": "0", "value": {"x": "0.4", "y": "0.8"}},
                                     {"time": "4", "value": {"x": "0.6", "y": "0.8"}}],
                    "scale": [{"time": "0", "value": "1"}, {"time": "4", "value": "6/5"}]})
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("media")
    ap.add_argument("--minutes", type=F, default=F(60))
    ap.add_argument("--preset", default="veryfast")
    a = ap.parse_args()
    media = os.path.abspath(a.media)
    total = a.minutes * 60
    durations = {n: probe_seconds(os.path.join(media, n)) for n in SOURCES}
    vo_lengths = {n: probe_seconds(os.path.join(media, n + ".wav")) for n in ("vo1", "vo2")}
    n_clips = scaled(400, a.minutes, 2)
    trans = joints(n_clips, min(scaled(300, a.minutes), n_clips - 1))
    lengths = clip_lengths(n_clips, total, trans)
    assets = {n.split(".")[0]: os.path.join(media, n) for n in SOURCES}
    assets.update({n: os.path.join(media, n + ".wav") for n in ("vo1", "vo2")})
    assets["music"] = os.path.join(media, "music.m4a")
    comp = {
        "assets": assets,
        "videos": [clip(i, d, media, durations) for i, d in enumerate(lengths)],
        "transitions": [{"type": k, "duration": t(d)} if k else {"type": "cut", "duration": "0"}
                        for k, d in (x or (None, 0) for x in trans)],
        "voiceOvers": voice_overs(total, scaled(40, a.minutes), vo_lengths),
        "music": music(total),
        "titles": titles(total, scaled(50, a.minutes)),
        "output": {"width": 1280, "height": 720, "frameRate": "30000/1001",
                   "video": {"codec": "h264", "crf": 23, "preset": a.preset},
                   "audio": {"codec": "aac", "sampleRate": 48000, "channels": 2, "bitrate": 128},
                   "container": "mp4"},
    }
    json.dump(comp, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
