#!/bin/sh
# The Maven plugin of two checkouts against each other, interleaved in one run: what a change did to
# `modelplane:generate` inside a build, apart from the machine, whose speed drifts between runs by more
# than most changes (bench/maven-plugin.sh measures one checkout against its own skipped build).
# OLD and NEW are checkouts of this repository (e.g. clones at two commits). Each one's plugin is installed
# into a private repository under its target/ that reads everything else from ~/.m2, and runs on its own
# copy of examples/maven-project/. Two measurements, round-robin across the builds:
# - first run: the project's target/ removed before every run, the whole build timed;
# - up to date: the goal's own time, from Maven's "--- modelplane:" line to the goal's last message in
#   Maven's timestamped log, which whole-build times cannot resolve below their spread.
# Figures are medians; ratios are NEW / OLD.
# Usage: bench/compare-maven-plugin.sh OLD NEW [RUNS]   (JAVA_HOME as in bench/lib.sh)
set -eu
if [ $# -lt 2 ]; then
  echo "usage: bench/compare-maven-plugin.sh OLD NEW [RUNS]" >&2
  exit 2
fi
old=$(cd "$1" && pwd)
new=$(cd "$2" && pwd)
runs=${3:-9}
root=$(cd "$(dirname "$0")/.." && pwd)
BENCH_INTERLEAVE=1
. "$root/bench/lib.sh"
for build in "$old" "$new"; do
  if [ ! -f "$build/examples/maven-project/pom.xml" ]; then
    echo "bench/compare-maven-plugin.sh: $build has no examples/maven-project/pom.xml" >&2
    exit 2
  fi
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

repos() { echo "-Dmaven.repo.local=$1/target/bench-m2 -Dmaven.repo.local.tail=$HOME/.m2/repository"; }
mvn() { echo "$1/mvnw -q -B -o $(repos "$1") -f $1/examples/maven-project/pom.xml"; }
for build in "$old" "$new"; do
  # Not offline: on a fresh machine this may be the first use of maven-install-plugin.
  "$build/mvnw" -q -B $(repos "$build") -f "$build/pom.xml" -pl maven-plugin -am install -DskipTests >/dev/null
done

measure "$work/first-run.json" "$runs" \
  --prepare "rm -rf $old/examples/maven-project/target $new/examples/maven-project/target" \
  "$(mvn "$old") modelplane:generate" \
  "$(mvn "$new") modelplane:generate"
echo "### first run, OLD against NEW ($(conditions))"
python3 "$root/bench/summarize.py" "$work/first-run.json" OLD NEW
echo

stamps="-Dorg.slf4j.simpleLogger.showDateTime=true -Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS"
for build in old new; do
  dir=$old; [ "$build" = new ] && dir=$new
  $(mvn "$dir") modelplane:generate >/dev/null
done
i=0
while [ "$i" -lt "$runs" ]; do
  for build in old new; do
    dir=$old; [ "$build" = new ] && dir=$new
    "$dir/mvnw" -B -o $(repos "$dir") -f "$dir/examples/maven-project/pom.xml" $stamps modelplane:generate \
      >"$work/up-to-date-$build-$i.log"
  done
  i=$((i + 1))
done
echo "### the up-to-date goal inside the build, OLD against NEW ($(conditions))"
python3 - "$work" "$runs" "$root/bench" <<'PY'
import statistics, sys
work, runs = sys.argv[1], int(sys.argv[2])
sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, sys.argv[3])
from goal_window import window
medians = {}
print("| build | goal median | min | max | runs |")
print("| --- | ---: | ---: | ---: | ---: |")
for build in ("old", "new"):
    times = [window(f"{work}/up-to-date-{build}-{i}.log", up_to_date=True) for i in range(runs)]
    medians[build] = statistics.median(times)
    print(f"| {build.upper()} | {medians[build]:.0f} ms | {min(times):.0f} ms | {max(times):.0f} ms | {runs} |")
print(f"| NEW / OLD | {medians['new'] / medians['old']:.3f}x | | | |")
PY
