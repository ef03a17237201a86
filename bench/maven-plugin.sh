#!/bin/sh
# What the Maven plugin costs inside a build: `modelplane:generate` in examples/maven-project/, first run
# (nothing generated yet) and up-to-date run, each beside the same build with -Dmodelplane.skip=true,
# measured in the same hyperfine run (the skipped build is the baseline; ratios are to it).
# Needs: hyperfine (Debian package), the plugin module (maven-plugin/) and examples/maven-project/.
# The plugin is installed into a private local repository under target/ that reads everything else
# from ~/.m2 (Maven 3.9's maven.repo.local.tail), so the shared ~/.m2 is never written.
# Usage: bench/maven-plugin.sh [RUNS]   (env: GOAL, default modelplane:generate;
#        CLEAN, what a first run starts without, default the project's target/ folder)
set -eu
runs=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
project="$root/examples/maven-project"
goal=${GOAL:-modelplane:generate}
clean=${CLEAN:-$project/target}
results="$root/bench/results"
if [ ! -f "$project/pom.xml" ]; then
  echo "bench/maven-plugin.sh: $project/pom.xml not found; nothing to measure" >&2
  exit 1
fi
mkdir -p "$results"
repo="$root/target/bench-m2"
repos="-Dmaven.repo.local=$repo -Dmaven.repo.local.tail=$HOME/.m2/repository"
"$root/mvnw" -q -B -o $repos -f "$root/pom.xml" -pl maven-plugin -am install -DskipTests >/dev/null
mvn="$root/mvnw -q -B -o $repos -f $project/pom.xml"

table() {
  name=$1; shift
  hyperfine -N --style basic --warmup 2 --runs "$runs" --export-json "$results/$name.json" "$@" >/dev/null
  echo "### $name ($(uptime | sed 's/.*load average/load average/'))"
  python3 "$root/bench/summarize.py" "$results/$name.json"
  echo
}

# A build that never generated anything: every run starts without the plugin's output and fingerprint.
table maven-first-run \
  --prepare "rm -rf $clean" \
  "$mvn $goal -Dmodelplane.skip=true" \
  "$mvn $goal"

# The common case: nothing changed since the last build, so the fingerprint check ends the goal.
$mvn "$goal" >/dev/null
table maven-up-to-date \
  "$mvn $goal -Dmodelplane.skip=true" \
  "$mvn $goal"
