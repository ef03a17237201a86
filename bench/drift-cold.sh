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
# Not offline: on a fresh machine this may be the first use of maven-dependency-plugin. With -am and
# test-compile, generator-core resolves from this build rather than from ~/.m2, where it need not be
# installed (drift-checker's classpath is written last, over generator-core's).
"$root/mvnw" -q -B -f "$root/pom.xml" -pl drift-checker -am test-compile dependency:build-classpath \
  -DincludeScope=test -DexcludeGroupIds=ai.modelplane -Dmdep.outputFile="$classpath_file" >/dev/null
classpath="$root/drift-checker/target/test-classes:$root/drift-checker/target/classes:$root/generator-core/target/classes:$(cat "$classpath_file")"

# The stand-in runs until its stdin closes; a FIFO held open by this shell keeps it up.
mkfifo "$work/stdin"
java -cp "$classpath" ai.modelplane.drift.bench.FleetBenchmark serve <"$work/stdin" >"$work/serve.txt" 2>"$work/serve.err" &
server=$!
exec 3>"$work/stdin"
i=0
while [ ! -s "$work/serve.txt" ]; do
  i=$((i + 1)); [ "$i" -gt 600 ] && { echo "stand-in did not start" >&2; cat "$work/serve.err" >&2; exit 1; }
  sleep 0.1
done
read -r url folder truststore <"$work/serve.txt"

export AZURE_CLIENT_ID=22222222-2222-2222-2222-222222222222
export AZURE_CLIENT_SECRET=client-secret-must-never-be-printed
export AZURE_TENANT_ID=11111111-1111-1111-1111-111111111111
export AZURE_SUBSCRIPTION_ID=00000000-0000-0000-0000-000000000001
export AZURE_AUTHORITY_HOST="$url"
export AZURE_TOKEN_CREDENTIALS=EnvironmentCredential
tls="-Djavax.net.ssl.trustStore=$truststore -Djavax.net.ssl.trustStorePassword=test-store -Djavax.net.ssl.trustStoreType=PKCS12"
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
