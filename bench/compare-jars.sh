#!/bin/sh
# Two builds of the CLI against each other, interleaved in one run: what a change did, apart from the
# machine, whose speed can drift between runs by more than most changes.
# OLD and NEW are folders that each hold a launcher and its jar (copies of cli/target/modelplane and
# cli/target/modelplane.jar built at two commits). Both run `generate --target all` through their launcher
# on the seed example and on 1,000 clusters into a tree where nothing changed (each build its own tree),
# with their archives recorded in a scratch cache before timing. Figures are medians of wall time and of
# CPU time (user + system); ratios are NEW / OLD.
# Usage: bench/compare-jars.sh OLD NEW [RUNS]   (JAVA_HOME as in bench/lib.sh; always interleaved)
set -eu
if [ $# -lt 2 ]; then
  echo "usage: bench/compare-jars.sh OLD NEW [RUNS]" >&2
  exit 2
fi
old=$(cd "$1" && pwd)
new=$(cd "$2" && pwd)
runs=${3:-15}
root=$(cd "$(dirname "$0")/.." && pwd)
for build in "$old" "$new"; do
  if [ ! -x "$build/modelplane" ] || [ ! -f "$build/modelplane.jar" ]; then
    echo "bench/compare-jars.sh: $build needs modelplane (the launcher) and modelplane.jar" >&2
    exit 2
  fi
done
BENCH_INTERLEAVE=1
. "$root/bench/lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export MODELPLANE_CACHE="$work/cache"
seed="$root/examples/inference-westeurope.yaml"
"$root/bench/make-fleet.sh" 1000 "$work/fleet1000"

compare() {
  name=$1 input=$2
  for build in old new; do
    dir=$old; [ "$build" = new ] && dir=$new
    # The first run leaves the archive's marker, the second records it, the third fills the tree.
    for i in 1 2 3; do "$dir/modelplane" generate --target all --out "$work/$name-$build" "$input" >/dev/null 2>&1; done
  done
  measure "$work/$name.json" "$runs" \
    "$old/modelplane generate --target all --out $work/$name-old $input" \
    "$new/modelplane generate --target all --out $work/$name-new $input"
  echo "### $name, OLD against NEW ($(conditions))"
  python3 - "$work/$name.json" <<'PY'
import json, statistics, sys
old, new = json.load(open(sys.argv[1]))["results"]
print("| build | wall median | CPU median | runs |")
print("| --- | ---: | ---: | ---: |")
for label, r in (("OLD", old), ("NEW", new)):
    print(f"| {label} | {r['median']*1000:.0f} ms | {statistics.median(r['cpu_times'])*1000:.0f} ms | {len(r['times'])} |")
wall = new["median"] / old["median"]
cpu = statistics.median(new["cpu_times"]) / statistics.median(old["cpu_times"])
print(f"| NEW / OLD | {wall:.3f}x | {cpu:.3f}x | |")
PY
  echo
}

compare seed "$seed"
compare fleet-1000 "$work/fleet1000"
