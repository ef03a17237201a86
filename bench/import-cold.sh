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
jar="$root/cli/target/modelplane.jar"
launcher="$root/cli/target/modelplane"
results="$root/bench/results"
work=$(mktemp -d)
mkdir -p "$results"
export MODELPLANE_CACHE="$work/cache"
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

classpath_file="$work/classpath.txt"
# As in drift-cold.sh: generator-core resolves from this build, not from ~/.m2.
"$root/mvnw" -q -B -f "$root/pom.xml" -pl drift-checker -am test-compile dependency:build-classpath \
  -DincludeScope=test -DexcludeGroupIds=ai.modelplane -Dmdep.outputFile="$classpath_file" >/dev/null
classpath="$root/drift-checker/target/test-classes:$root/drift-checker/target/classes:$root/generator-core/target/classes:$(cat "$classpath_file")"

mkfifo "$work/stdin"
java -cp "$classpath" ai.modelplane.drift.bench.ImportBenchmark "$clusters" <"$work/stdin" >"$work/serve.txt" 2>"$work/serve.err" &
server=$!
exec 3>"$work/stdin"
i=0
while [ ! -s "$work/serve.txt" ]; do
  i=$((i + 1)); [ "$i" -gt 600 ] && { echo "stand-in did not start" >&2; cat "$work/serve.err" >&2; exit 1; }
  sleep 0.1
done
read -r url group name truststore <"$work/serve.txt"

export AZURE_CLIENT_ID=22222222-2222-2222-2222-222222222222
export AZURE_CLIENT_SECRET=client-secret-must-never-be-printed
export AZURE_TENANT_ID=11111111-1111-1111-1111-111111111111
export AZURE_SUBSCRIPTION_ID=00000000-0000-0000-0000-000000000001
export AZURE_AUTHORITY_HOST="$url"
export AZURE_TOKEN_CREDENTIALS=EnvironmentCredential
tls="-Djavax.net.ssl.trustStore=$truststore -Djavax.net.ssl.trustStorePassword=test-store -Djavax.net.ssl.trustStoreType=PKCS12"
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
