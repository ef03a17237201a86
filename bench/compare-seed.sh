#!/bin/sh
# The seed case of bench/compare-jars.sh for any number of builds at once, interleaved: to find, among
# builds at several commits, where a change in the seed run's time came in.
# Each BUILD is a folder holding a launcher and its jar (copies of cli/target/modelplane and
# cli/target/modelplane.jar built at one commit), named after it. All run `generate --target all` through
# their launcher on the seed example into a tree where nothing changed (each build its own tree), their
# archives recorded in a scratch cache before timing. Prints medians of wall and CPU time (user + system)
# and their ratios to the first build.
# Usage: bench/compare-seed.sh BUILD BUILD [BUILD…]   (RUNS, default 21; JAVA_HOME as in bench/lib.sh)
set -eu
if [ $# -lt 2 ]; then
  echo "usage: bench/compare-seed.sh BUILD BUILD [BUILD…]" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
BENCH_INTERLEAVE=1
. "$root/bench/lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export MODELPLANE_CACHE="$work/cache"
seed="$root/examples/inference-westeurope.yaml"
names=""
for build in "$@"; do names="$names $(basename "$build")"; done
for build in "$@"; do
  dir=$(cd "$build" && pwd)
  shift
  out="$work/seed-$(basename "$dir")"
  # The first run leaves the archive's marker, the second records it, the third fills the tree.
  for i in 1 2 3; do "$dir/modelplane" generate --target all --out "$out" "$seed" >/dev/null 2>&1; done
  set -- "$@" "$dir/modelplane generate --target all --out $out $seed"
done
measure "$work/seed.json" "${RUNS:-21}" "$@"
echo "### seed, $(conditions)"
# shellcheck disable=SC2086
python3 - "$work/seed.json" $names <<'PY'
import json, statistics, sys
results = json.load(open(sys.argv[1]))["results"]
first_wall = results[0]["median"]
first_cpu = statistics.median(results[0]["cpu_times"])
print("| build | wall median | CPU median | wall / first | CPU / first | runs |")
print("| --- | ---: | ---: | ---: | ---: | ---: |")
for name, r in zip(sys.argv[2:], results):
    wall, cpu = r["median"], statistics.median(r["cpu_times"])
    print(f"| {name} | {wall*1000:.0f} ms | {cpu*1000:.0f} ms | {wall/first_wall:.3f}x | {cpu/first_cpu:.3f}x | {len(r['times'])} |")
PY
