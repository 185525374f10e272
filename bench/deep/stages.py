"""stages.py CASE < perf report: a render's user-space cycles bucketed by stage, as one Markdown row.

Reads `perf report --stdio --no-children --sort dso,sym -F period,dso,sym` (raw periods, so the thousands of
entries too small for a rounded percentage still count) and sorts each symbol by its library
and (for Reel's own code, whose Swift names are mangled but keep the type names) by the type it belongs to.
"""
import re
import sys
from collections import defaultdict

# First match wins; patterns are tried against "dso symbol".
STAGES = [
    ("encode", r"libx264|libx265|EncoderDeepConverter|VideoEncoder|EncoderPixelConverter"),
    ("decode", r"libavcodec|libavformat"),
    ("scale", r"libswscale|DeepChroma|ReelMedia6Scaler"),
    ("colour", r"PixelKernel|ColorTransform|CodeTable|LightTable|ToneCurve"),
    ("dither", r"Quantizer"),
    ("composite", r"^reel"),
    ("copies", r"libc|memcpy|memmove|memset|libswiftCore|libFoundation|libdispatch"),
]
share = defaultdict(float)
for line in sys.stdin:
    m = re.match(r"\s*(\d+)\s+(\S+)\s+\[\.\]\s+(.*)", line)
    if not m:
        continue
    period, dso, sym = int(m.group(1)), m.group(2), m.group(3)
    text = f"{dso} {sym}"
    stage = next((name for name, pattern in STAGES if re.search(pattern, text)), "other")
    share[stage] += period
names = [name for name, _ in STAGES] + ["other"]
total = sum(share.values()) or 1
print(f"| {sys.argv[1]} | " + " | ".join(f"{100 * share[n] / total:.1f} %" for n in names) + " |", flush=True)
