#!/usr/bin/env python3
"""floor-list.py COMPOSITION > list.ffconcat

The floor's input: an ffconcat list of every clip's source range, in timeline order, so the plain
decode + encode reads the same media as the render (no transitions, speed, mixing or titles).
"""
import json
import os
import sys
from fractions import Fraction as F

comp = json.load(open(sys.argv[1]))
base = os.path.dirname(os.path.abspath(sys.argv[1]))
print("ffconcat version 1.0")
for c in comp["videos"]:
    path = os.path.join(base, comp["assets"][c["asset"]])
    r = c["sourceRange"]
    start = F(r["start"])
    end = start + F(r["duration"]) if "duration" in r else F(r["end"])
    print(f"file '{path}'")
    print(f"inpoint {float(start):.6f}")
    print(f"outpoint {float(end):.6f}")
