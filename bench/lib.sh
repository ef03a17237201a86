# Sourced by the bench scripts (after setting root): which java runs, and how commands are timed.
#   JAVA_HOME          the JDK for the baselines, plain `java -jar` and the launcher (default: java on PATH)
#   BENCH_INTERLEAVE=1 time with bench/interleaved.py, round-robin across a table's commands, instead of
#                      hyperfine, which runs each command's runs back to back (fairer ratios on a busy machine);
#                      also the default when hyperfine is not installed
java_cmd=${JAVA_HOME:+$JAVA_HOME/bin/}java
if [ "${BENCH_INTERLEAVE:-0}" != 1 ] && ! command -v hyperfine >/dev/null 2>&1; then
  echo "bench: hyperfine is not installed; timing with bench/interleaved.py (BENCH_INTERLEAVE=1)" >&2
  BENCH_INTERLEAVE=1
fi

# measure JSON RUNS [--prepare CMD] COMMAND...: two warm-up runs, then RUNS timed runs of each command.
measure() {
  json=$1; count=$2; shift 2
  if [ "${BENCH_INTERLEAVE:-0}" = 1 ]; then
    python3 "$root/bench/interleaved.py" --warmup 2 --runs "$count" --export-json "$json" "$@"
  else
    hyperfine -N --style basic --warmup 2 --runs "$count" --export-json "$json" "$@" >/dev/null
  fi
}

# table NAME COMMAND...: measures into $results/NAME.json ($runs runs) and prints the markdown table.
table() {
  name=$1; shift
  measure "$results/$name.json" "$runs" "$@"
  echo "### $name ($(conditions))"
  python3 "$root/bench/summarize.py" "$results/$name.json"
  echo
}

# What the figures were measured with, for the table headings.
conditions() {
  mode=""; [ "${BENCH_INTERLEAVE:-0}" = 1 ] && mode=", interleaved"
  echo "$("$java_cmd" -version 2>&1 | head -1), $(uptime | sed 's/.*load average/load average/')$mode"
}

# The drift checker's local ARM stand-in (its test server: HTTPS, token endpoint and ARM on localhost, no added
# latency), for drift-cold.sh and import-cold.sh. stand_in_setup sets $jar, $launcher, $results, $work (removed on
# exit, the stand-in stopped) and $classpath, drift-checker's compiled tests with their dependencies.
stand_in_setup() {
  jar="$root/cli/target/modelplane.jar"
  launcher="$root/cli/target/modelplane"
  results="$root/bench/results"
  work=$(mktemp -d)
  mkdir -p "$results"
  export MODELPLANE_CACHE="$work/cache"
  server=""
  trap stand_in_cleanup EXIT
  classpath_file="$work/classpath.txt"
  # Not offline: on a fresh machine this may be the first use of maven-dependency-plugin. With -am and
  # test-compile, generator-core resolves from this build rather than from ~/.m2, where it need not be
  # installed (drift-checker's classpath is written last, over generator-core's).
  "$root/mvnw" -q -B -f "$root/pom.xml" -pl drift-checker -am test-compile dependency:build-classpath \
    -DincludeScope=test -DexcludeGroupIds=ai.modelplane -Dmdep.outputFile="$classpath_file" >/dev/null
  classpath="$root/drift-checker/target/test-classes:$root/drift-checker/target/classes:$root/generator-core/target/classes:$(cat "$classpath_file")"
}

stand_in_cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null
  rm -rf "$work"
}

# start_stand_in CLASS ARG...: starts the stand-in and waits for the line it prints ($work/serve.txt). It runs
# until its stdin closes; a FIFO held open by this shell keeps it up.
start_stand_in() {
  mkfifo "$work/stdin"
  java -cp "$classpath" "$@" <"$work/stdin" >"$work/serve.txt" 2>"$work/serve.err" &
  server=$!
  exec 3>"$work/stdin"
  i=0
  while [ ! -s "$work/serve.txt" ]; do
    i=$((i + 1)); [ "$i" -gt 600 ] && { echo "stand-in did not start" >&2; cat "$work/serve.err" >&2; exit 1; }
    sleep 0.1
  done
}

# stand_in_environment URL TRUSTSTORE: what a CI job would export, signing in at the stand-in; $tls trusts its
# certificate.
stand_in_environment() {
  export AZURE_CLIENT_ID=22222222-2222-2222-2222-222222222222
  export AZURE_CLIENT_SECRET=client-secret-must-never-be-printed
  export AZURE_TENANT_ID=11111111-1111-1111-1111-111111111111
  export AZURE_SUBSCRIPTION_ID=00000000-0000-0000-0000-000000000001
  export AZURE_AUTHORITY_HOST="$1"
  export AZURE_TOKEN_CREDENTIALS=EnvironmentCredential
  tls="-Djavax.net.ssl.trustStore=$2 -Djavax.net.ssl.trustStorePassword=test-store -Djavax.net.ssl.trustStoreType=PKCS12"
}
