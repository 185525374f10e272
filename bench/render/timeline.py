#!/usr/bin/env python3
# timeline.py REEL COMP [reel args…]: one `reel render --json` (fresh storage), its events time-stamped on arrival.
# Prints seconds from the process start: start (loaded, probed, planned), segN (N segments done), stitching, done,
# exit; tail (stitch_tail_seconds); idle (last segment done − the one before: with 2 workers, how long one worker
# sat idle at the end); cpu (user + sys of the render).
import json, subprocess, sys, time, tempfile, shutil, os, resource
reel, comp, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
st = tempfile.mkdtemp(prefix="fxst")
t0 = time.monotonic()
p = subprocess.Popen([reel, "render", comp, "-o", st + "/o.mp4", "--storage", st + "/s", "--json"] + extra,
                     stdout=subprocess.PIPE, text=True)
marks, done = {}, 0
for line in p.stdout:
    t = time.monotonic() - t0
    e = json.loads(line)
    ev = e.get("event")
    if ev == "progress" and e.get("segments_done", 0) > done:
        done = e["segments_done"]; marks.setdefault("seg%d" % done, t)
    elif ev in ("start", "stitching", "done"):
        marks.setdefault(ev, t)
        if ev == "done": tail = e.get("stitch_tail_seconds")
p.wait(); marks["exit"] = time.monotonic() - t0
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
segs = sorted(k for k in marks if k.startswith("seg"))
print(" ".join("%s=%.2f" % (k, marks[k]) for k in ["start"] + segs + ["stitching", "done", "exit"] if k in marks),
      "tail=%.2f" % tail, "idle=%.2f" % (marks[segs[-1]] - marks[segs[-2]]) if len(segs) > 1 else "",
      "cpu=%.2f" % (ru.ru_utime + ru.ru_stime))
shutil.rmtree(st)
