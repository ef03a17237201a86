#!/bin/sh
# Cold `modelplane import` against the drift checker's local ARM stand-in (ImportBenchmark: HTTPS, token
# endpoint and ARM on localhost, no added latency): one cluster by resource group and name, and a
# subscription of CLUSTERS clusters with --resource-graph (one query), beside `java -version`.
# Needs: hyperfine or Python 3, a built jar and compiled drift-checker tests (./mvnw verify, or package -DskipTests).
# Usage: bench/import-cold.sh [RUNS] [CLUSTERS]
set -eu
runs=${1:-5}
clusters=${2:-50}
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
stand_in_setup
start_stand_in ai.modelplane.drift.bench.ImportBenchmark "$clusters"
read -r url group name truststore <"$work/serve.txt"
stand_in_environment "$url" "$truststore"
one="import --arm-endpoint $url --resource-group $group --name $name --out $work/one"
graph="import --arm-endpoint $url --resource-graph --out $work/graph"

# Both must succeed (and write what they should) before anything is timed; later runs replace their own files.
"$java_cmd" $tls -jar "$jar" $one >/dev/null 2>&1
"$java_cmd" $tls -jar "$jar" $graph >/dev/null 2>&1
written=$(ls "$work/graph" | wc -l)
[ "$written" -eq "$clusters" ] || { echo "import --resource-graph wrote $written files, not $clusters" >&2; exit 1; }

measure "$results/import.json" "$runs" \
  "$java_cmd -version" \
  "$java_cmd $tls -jar $jar $one" \
  "$java_cmd $tls -jar $jar $graph"
echo "### import ($(conditions))"
python3 "$root/bench/summarize.py" "$results/import.json" "java -version" "java -jar modelplane.jar import (1 cluster)" \
  "java -jar modelplane.jar import --resource-graph ($clusters clusters)"
