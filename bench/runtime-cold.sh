#!/bin/sh
# Cold start of the self-contained runtime (bin/modelplane of the release build's
# modelplane-<version>-runtime-linux-x64.tar.gz) beside the jar's launcher (cli/target/modelplane) and plain
# `java -jar modelplane.jar`, for `validate` and `generate --target all` of the seed example, in one
# interleaved run (bench/interleaved.py: every round runs every command once, so machine load drifts alike).
#  - first run: HOME is a new, empty folder before every timed run (a CI runner that keeps no cache);
#  - steady: HOME kept, after the launcher has recorded its archive (a runner or laptop that keeps ~/.cache).
# Plain `java -jar` and the runtime keep nothing between runs, so each has one row per command: its first run
# is its steady state (the runtime's row runs with the empty HOME). Also prints the launcher's one-off second run (it records its archive then) and the
# runtime's size, unpacked and as the tar.gz.
# Needs: ./mvnw -Prelease package (the runtime archive, the jars and the launcher), python3; the JDK for the
# jar rows is JAVA_HOME or java on PATH (bench/lib.sh).
# Usage: bench/runtime-cold.sh [ROUNDS]   (default 11; writes bench/results/runtime-cold.json)
set -eu
rounds=${1:-11}
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
target="$root/cli/target"
tarball=$(ls "$target"/modelplane-*-runtime-linux-x64.tar.gz)
seed="$root/examples/inference-westeurope.yaml"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
results="$root/bench/results"
mkdir -p "$results" "$work/runtime" "$work/kept" "$work/jar"
# Copies, so that a build running meanwhile cannot change what is measured.
cp "$target/modelplane.jar" "$target/modelplane-drift.jar" "$target/modelplane" "$work/jar/"
jar="$work/jar/modelplane.jar"
launcher="$work/jar/modelplane"
unset MODELPLANE_CACHE XDG_CACHE_HOME MODELPLANE_CDS MODELPLANE_JAVA_OPTS
tar -xzf "$tarball" -C "$work/runtime"
image=$(ls "$work"/runtime/*/bin/modelplane)
fresh="$work/fresh"
kept="$work/kept"

# The launcher's steady state: its first run leaves a marker, the second records the archive (timed once).
HOME=$kept "$launcher" --version >/dev/null
second_start=$(date +%s%N)
HOME=$kept "$launcher" generate --target all --out "$work/out-kept" "$seed" >/dev/null 2>&1
second_ms=$(( ($(date +%s%N) - second_start) / 1000000 ))

out() { echo "--out $work/out-$1"; }
python3 "$root/bench/interleaved.py" --warmup 1 --runs "$rounds" --prepare "rm -rf $fresh && mkdir $fresh" \
  --export-json "$results/runtime-cold.json" \
  "$java_cmd -jar $jar validate $seed" \
  "env HOME=$fresh $launcher validate $seed" \
  "env HOME=$kept $launcher validate $seed" \
  "env HOME=$fresh $image validate $seed" \
  "$java_cmd -jar $jar generate --target all $(out jar) $seed" \
  "env HOME=$fresh $launcher generate --target all $(out launcher-fresh) $seed" \
  "env HOME=$kept $launcher generate --target all $(out launcher-kept) $seed" \
  "env HOME=$fresh $image generate --target all $(out image-fresh) $seed"

echo "### cold start, seed example ($(conditions), $rounds rounds)"
python3 - "$results/runtime-cold.json" <<'PY'
import json, statistics, sys
results = json.load(open(sys.argv[1]))["results"]
labels = ["plain `java -jar`", "launcher, first run (empty HOME)", "launcher, steady (kept cache)",
          "runtime, every run (empty HOME)"]
print("| command | variant | median wall | median CPU | min | max | ratio to plain `java -jar` |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
for block, name in ((results[:4], "validate"), (results[4:], "generate --target all")):
    base = block[0]["median"]
    for label, r in zip(labels, block):
        print(f"| {name} | {label} | {r['median']*1000:.0f} ms | {statistics.median(r['cpu_times'])*1000:.0f} ms | "
              f"{r['min']*1000:.0f} ms | {r['max']*1000:.0f} ms | {r['median']/base:.2f}x |")
PY
echo
echo "launcher, second run (records its archive; one run, not a median): $second_ms ms"
echo "runtime unpacked: $(du -sb "$work/runtime" | cut -f1) bytes ($(find "$work/runtime" -type f | wc -l) files)"
echo "runtime tar.gz: $(stat -c %s "$tarball") bytes"
echo "for comparison, modelplane.jar + modelplane-drift.jar: $(( $(stat -c %s "$jar") + $(stat -c %s "$work/jar/modelplane-drift.jar") )) bytes (plus a JDK)"
