#!/bin/sh
# What the Maven plugin costs inside a build: `modelplane:generate` in examples/maven-project/, first run
# (nothing generated yet) and up-to-date run, each beside the same build with -Dmodelplane.skip=true,
# measured in the same run (the skipped build is the baseline; ratios are to it).
# Needs: hyperfine (Debian package) or Python 3, the plugin module (maven-plugin/) and examples/maven-project/.
# The plugin is installed into a private local repository under target/ that reads everything else
# from ~/.m2 (Maven 3.9's maven.repo.local.tail), so the shared ~/.m2 is never written.
# Usage: bench/maven-plugin.sh [RUNS]   (env: GOAL, default modelplane:generate;
#        CLEAN, what a first run starts without, default the project's target/ folder)
set -eu
runs=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
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
# Not offline: on a fresh machine this may be the first use of maven-install-plugin. The measured builds
# below run offline, so that no repository check lands in a measurement.
"$root/mvnw" -q -B $repos -f "$root/pom.xml" -pl maven-plugin -am install -DskipTests >/dev/null
mvn="$root/mvnw -q -B -o $repos -f $project/pom.xml"

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

# The goal's own share of a build, which whole-build medians cannot resolve below their spread: from
# Maven's "--- modelplane:..." line to the goal's last message, read off Maven's timestamped log. Both
# include resolving the plugin, creating its class realm and configuring the mojo; skipped then returns.
stamps="-Dorg.slf4j.simpleLogger.showDateTime=true -Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS"
mvn_log="$root/mvnw -B -o $repos -f $project/pom.xml $stamps"
i=0
while [ "$i" -lt "$runs" ]; do
  $mvn_log "$goal" -Dmodelplane.skip=true >"$results/maven-goal-skipped-$i.log"
  $mvn_log "$goal" >"$results/maven-goal-up-to-date-$i.log"
  i=$((i + 1))
done
echo "### the goal inside the build, up to date vs skipped ($(conditions))"
python3 - "$results" "$runs" "$root/bench" <<'PY'
import statistics, sys
results, runs = sys.argv[1], int(sys.argv[2])
sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, sys.argv[3])
from goal_window import window
medians = {}
for mode in ("skipped", "up-to-date"):
    times = [window(f"{results}/maven-goal-{mode}-{i}.log") for i in range(runs)]
    medians[mode] = statistics.median(times)
    print(f"{mode}: median {medians[mode]:.0f} ms (min {min(times):.0f}, max {max(times):.0f}, {runs} runs)")
print(f"the up-to-date check adds {medians['up-to-date'] - medians['skipped']:.0f} ms to the goal")
PY
