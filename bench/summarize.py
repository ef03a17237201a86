#!/usr/bin/env python3
"""Turns hyperfine's --export-json into a markdown table of medians and ratios to the first command.

Usage: summarize.py RESULT.json [LABEL ...]
The first command of the run is the baseline; every ratio is median / baseline median, measured in
the same hyperfine run so that machine noise affects both alike.
"""
import json
import sys

results = json.load(open(sys.argv[1]))["results"]
labels = sys.argv[2:]
base = results[0]["median"]
print("| command | median | min | max | runs | ratio to baseline |")
print("| --- | ---: | ---: | ---: | ---: | ---: |")
for i, r in enumerate(results):
    name = labels[i] if i < len(labels) else r["command"]
    print(f"| {name} | {r['median']*1000:.0f} ms | {r['min']*1000:.0f} ms | {r['max']*1000:.0f} ms | "
          f"{len(r['times'])} | {r['median']/base:.2f}x |")
