#!/usr/bin/env python3
"""Times commands round-robin (A B C, A B C, ...) and writes hyperfine-style JSON for summarize.py.

hyperfine runs all of one command's runs, then all of the next one's; on a busy 2-core machine the load
then drifts between commands and moves their ratios. Interleaving puts every command under the same
drift. Each command runs without a shell (its words split as a shell would, like hyperfine -N).

Usage: interleaved.py [--runs N] [--warmup N] [--prepare CMD] --export-json FILE COMMAND...
  --prepare runs before every timed (and warm-up) run of every command, through sh, untimed.
A command that exits non-zero stops the measurement, as in hyperfine. Besides wall times, each run's CPU
time (user + system, the command and its children) is kept, in "cpu_times"; "user" and "system" are
means, as hyperfine writes them.
"""
import argparse
import json
import resource
import shlex
import statistics
import subprocess
import sys
import time

parser = argparse.ArgumentParser()
parser.add_argument("--runs", type=int, default=10)
parser.add_argument("--warmup", type=int, default=2)
parser.add_argument("--prepare")
parser.add_argument("--export-json", required=True)
parser.add_argument("commands", nargs="+")
options = parser.parse_args()


def run(command):
    if options.prepare:
        subprocess.run(options.prepare, shell=True, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    finished = subprocess.run(shlex.split(command), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if finished.returncode != 0:
        sys.exit(f"interleaved.py: exit {finished.returncode} from: {command}\n{finished.stderr.decode(errors='replace')}")
    return elapsed, after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime


for _ in range(options.warmup):
    for command in options.commands:
        run(command)
runs = {command: [] for command in options.commands}
for _ in range(options.runs):
    for command in options.commands:
        runs[command].append(run(command))

results = []
for command in options.commands:
    t = [wall for wall, _, _ in runs[command]]
    results.append({
        "command": command,
        "mean": statistics.mean(t),
        "stddev": statistics.stdev(t) if len(t) > 1 else 0.0,
        "median": statistics.median(t),
        "min": min(t),
        "max": max(t),
        "user": statistics.mean(user for _, user, _ in runs[command]),
        "system": statistics.mean(system for _, _, system in runs[command]),
        "times": t,
        "cpu_times": [user + system for _, user, system in runs[command]],
    })
with open(options.export_json, "w") as out:
    json.dump({"results": results, "interleaved": True}, out, indent=1)
