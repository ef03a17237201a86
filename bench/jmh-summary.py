#!/usr/bin/env python3
"""Turns JMH's -rf json output into a markdown table of the median of the measurement iterations.

Usage: jmh-summary.py RESULT.json
"""
import json
import statistics
import sys

print("| benchmark | parameters | median | min | max | iterations | unit |")
print("| --- | --- | ---: | ---: | ---: | ---: | --- |")
for r in json.load(open(sys.argv[1])):
    name = r["benchmark"].rsplit(".", 2)[-2] + "." + r["benchmark"].rsplit(".", 1)[-1]
    params = ", ".join(f"{k}={v}" for k, v in sorted(r.get("params", {}).items()))
    scores = [s for fork in r["primaryMetric"]["rawData"] for s in fork]
    unit = r["primaryMetric"]["scoreUnit"]
    print(f"| {name} | {params} | {statistics.median(scores):.3f} | {min(scores):.3f} | {max(scores):.3f} | "
          f"{len(scores)} | {unit} |")
