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
