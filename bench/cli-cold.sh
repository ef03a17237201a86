#!/bin/sh
# Cold start of the real CLI, as a pipeline runs it: one fresh JVM per command.
# Needs: a built jar (./mvnw package -DskipTests), and hyperfine (Debian package `hyperfine`) or Python 3.
# Every figure is a median of RUNS runs; each table's first row is its baseline, measured in the
# same run, and the last column is the ratio to it.
# Usage: bench/cli-cold.sh [RUNS]   (writes bench/results/*.json and prints markdown tables;
#        JAVA_HOME and BENCH_INTERLEAVE as in bench/lib.sh)
set -eu
runs=${1:-10}
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
jar="$root/cli/target/modelplane.jar"
launcher="$root/cli/target/modelplane"
work=$(mktemp -d)
results="$root/bench/results"
mkdir -p "$results"
trap 'rm -rf "$work"' EXIT
export MODELPLANE_CACHE="$work/cache"
seed="$root/examples/inference-westeurope.yaml"
"$root/bench/make-fleet.sh" 100 "$work/fleet100"
"$root/bench/make-fleet.sh" 1000 "$work/fleet1000"

# 1. The seed example: validate + generate both targets (output unchanged after the warm-up, the CI case).
#    Baselines: the JVM alone, and the plain jar doing nothing but print its version.
table seed \
  "$java_cmd -version" \
  "$java_cmd -jar $jar --version" \
  "$java_cmd -jar $jar validate $seed" \
  "$java_cmd -jar $jar generate --target all --out $work/out-seed $seed" \
  "$launcher validate $seed" \
  "$launcher generate --target all --out $work/out-seed $seed"

# 2. Fleets in one process, re-rendering into a tree where nothing changed.
table fleet \
  "$java_cmd -version" \
  "$launcher generate --target all --out $work/out-1 $work/fleet100/cluster-0.yaml" \
  "$launcher generate --target all --out $work/out-100 $work/fleet100" \
  "$launcher generate --target all --out $work/out-1000 $work/fleet1000"

# 3. 1,000 clusters into a fresh folder, beside copying the same tree with cp -r on the same disk.
"$launcher" generate --target all --out "$work/reference-1000" "$work/fleet1000" >/dev/null
table fresh-1000 \
  --prepare "rm -rf $work/fresh $work/copy" \
  "cp -r $work/reference-1000 $work/copy" \
  "$launcher generate --target all --out $work/fresh $work/fleet1000"

# Peak memory (max RSS) of the two headline runs.
echo "### peak memory"
/usr/bin/time -f "seed, launcher: %M KB" "$launcher" generate --target all --out "$work/out-seed" "$seed" >/dev/null
/usr/bin/time -f "seed, plain java -jar: %M KB" "$java_cmd" -jar "$jar" generate --target all --out "$work/out-seed" "$seed" >/dev/null
/usr/bin/time -f "1000 clusters, launcher: %M KB" "$launcher" generate --target all --out "$work/out-1000" "$work/fleet1000" >/dev/null
echo

# Jar sizes: the standalone jar (everything but drift) and the drift checker's jar beside it.
echo "### jar sizes"
echo "modelplane.jar (without the drift checker): $(stat -c %s "$jar") bytes"
echo "modelplane-drift.jar (the drift checker and the Azure SDK): $(stat -c %s "$root/cli/target/modelplane-drift.jar") bytes"
