#!/bin/sh
# Modelplane beside CDK for Terraform on the same machine: bench/cdktf/synth.js builds the same
# Terraform for N seed-shaped clusters (one stack per cluster, same resources; generic resources, so
# no provider bindings are loaded, which favours cdktf) and app.synth() writes it. Each table's
# baseline is the cdktf synth, measured in the same run (JAVA_HOME and BENCH_INTERLEAVE as in bench/lib.sh).
# Needs: node and npm (cdktf 0.21.0 and constructs 10 are installed into a scratch folder under /tmp,
# never into the repository), hyperfine or Python 3, a built jar.
# Usage: bench/cdktf-compare.sh [RUNS]
set -eu
runs=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
launcher="$root/cli/target/modelplane"
results="$root/bench/results"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$results"
export MODELPLANE_CACHE="$work/cache"
(cd "$work" && npm init -y >/dev/null && npm install --no-audit --no-fund --silent cdktf@0.21.0 constructs@10 >/dev/null)
cp "$root/bench/cdktf/synth.js" "$work/synth.js"
"$root/bench/make-fleet.sh" 1000 "$work/fleet1000"

for n in 1 1000; do
  if [ "$n" = 1 ]; then input="$work/fleet1000/cluster-0.yaml"; else input="$work/fleet1000"; fi
  "$launcher" generate --target terraform --out "$work/unchanged-$n" "$input" >/dev/null
  measure "$results/cdktf-$n.json" "$runs" \
    --prepare "rm -rf $work/cdktf-out $work/fresh-$n" \
    "node $work/synth.js $n $work/cdktf-out" \
    "$launcher generate --target terraform --out $work/fresh-$n $input" \
    "$launcher generate --target terraform --out $work/unchanged-$n $input"
  echo "### $n cluster(s), Terraform only ($(conditions))"
  python3 "$root/bench/summarize.py" "$results/cdktf-$n.json" "cdktf app.synth() (fresh output)" \
    "modelplane generate, fresh folder" "modelplane generate, unchanged tree"
  echo
done
