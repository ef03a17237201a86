#!/bin/sh
# `modelplane diff --base` on a long history: a git repository with FILES cluster files under clusters/
# and COMMITS commits (built with git fast-import, packed as a clone would be), diffed against HEAD with
# an unchanged working tree, the pull-request case where nothing under clusters/ changed.
# Every figure is a median of RUNS runs, one fresh JVM per run.
# Needs: a built jar (./mvnw package -DskipTests), git, and hyperfine or Python 3.
# Usage: bench/diff-base.sh [FILES [COMMITS [RUNS]]]   (defaults 1000 5000 5)
#   JARS="a.jar b.jar"  compare several jars in one table (default cli/target/modelplane.jar); the
#                       table's first row, the baseline of the ratio column, is the last jar's validate
#                       of the same files (one revision's load, no git)
#   JAVA_HOME and BENCH_INTERLEAVE as in bench/lib.sh; writes bench/results/diff-base.json
set -eu
files=${1:-1000}
commits=${2:-5000}
runs=${3:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
jars=${JARS:-$root/cli/target/modelplane.jar}
work=$(mktemp -d)
results="$root/bench/results"
mkdir -p "$results"
trap 'rm -rf "$work"' EXIT
export MODELPLANE_CACHE="$work/cache"
repo="$work/repo"
"$root/bench/make-fleet.sh" "$files" "$repo/clusters"
git -C "$repo" init -q
git -C "$repo" add clusters
git -C "$repo" -c user.name=bench -c user.email=bench@example.invalid commit -q -m fleet
# COMMITS - 1 further commits, each changing one file outside clusters/.
python3 - "$commits" "$(git -C "$repo" rev-parse HEAD)" <<'PY' | git -C "$repo" fast-import --quiet
import sys
count = int(sys.argv[1])
out = sys.stdout
for i in range(1, count):
    text = f"commit {i}\n"
    message = f"change {i}\n"
    out.write("commit refs/heads/bench\n")
    out.write(f"committer bench <bench@example.invalid> {1700000000 + i} +0000\n")
    out.write(f"data {len(message)}\n{message}")
    if i == 1:
        out.write(f"from {sys.argv[2]}\n")
    out.write(f"M 100644 inline history.txt\ndata {len(text)}\n{text}\n")
PY
if [ "$commits" -gt 1 ]; then
  git -C "$repo" checkout -q -f bench
fi
echo "repository: $files files under clusters/, $(git -C "$repo" rev-list --count HEAD) commits" >&2
# Baseline: the last jar validating the working tree alone, one revision's load without git.
set -- "$java_cmd -jar ${jars##* } validate $repo/clusters"
for jar in $jars; do
  set -- "$@" "$java_cmd -jar $jar diff -C $repo --base HEAD clusters"
done
table diff-base "$@"
echo "### peak memory"
for jar in $jars; do
  /usr/bin/time -f "$jar: %M KB" "$java_cmd" -jar "$jar" diff -C "$repo" --base HEAD clusters >/dev/null
done
