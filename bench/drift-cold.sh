#!/bin/sh
# Cold `modelplane drift` of one cluster against the drift checker's local ARM stand-in (its test
# server, started standalone by FleetBenchmark serve: HTTPS, token endpoint and ARM on localhost, no
# added latency), beside `java -version` measured in the same run.
# Needs: hyperfine or Python 3, a built jar and compiled drift-checker tests (./mvnw verify, or package -DskipTests).
# Usage: bench/drift-cold.sh [RUNS]
set -eu
runs=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
stand_in_setup
start_stand_in ai.modelplane.drift.bench.FleetBenchmark serve
read -r url folder truststore <"$work/serve.txt"
stand_in_environment "$url" "$truststore"
export MODELPLANE_JAVA_OPTS="$tls"

# Both must succeed (exit 0: in sync) before anything is timed.
"$launcher" drift --arm-endpoint "$url" "$folder" >/dev/null
"$java_cmd" $tls -jar "$jar" drift --arm-endpoint "$url" "$folder" >/dev/null

measure "$results/drift.json" "$runs" \
  "$java_cmd -version" \
  "$java_cmd $tls -jar $jar drift --arm-endpoint $url $folder" \
  "$launcher drift --arm-endpoint $url $folder"
echo "### drift, one cluster ($(conditions))"
python3 "$root/bench/summarize.py" "$results/drift.json" "java -version" "java -jar modelplane.jar drift (1 cluster)" "modelplane drift (launcher, 1 cluster)"
echo
/usr/bin/time -f "drift, launcher: %M KB peak RSS" "$launcher" drift --arm-endpoint "$url" "$folder" >/dev/null
