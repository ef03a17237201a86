#!/bin/sh
# The folder-swap race on the output writer, run against each given jar. Each trial generates a fleet of
# BASE clusters, then an update that shifts it by NEW clusters (creates NEW, changes the rest, removes NEW).
# While the update runs, bench/race-swap.py watches the NEW created cluster folders through inotify and,
# at the first file the writer renames into a cluster's terraform/ folder, swaps the cluster folder
# atomically (renameat2 RENAME_EXCHANGE) for a symbolic link to a folder outside the tree that holds
# empty terraform/ and terraform/in-cluster/ folders. A writer that trusts an earlier check of the
# folder writes the cluster's remaining files through the link.
# Prints one line per jar: trials, swaps done, files that appeared outside the tree (in the links'
# targets), runs that wrote outside the tree, those of them that exited 0, and runs that refused
# (exit 1).
# Linux only (inotify, renameat2); needs python3.
# Usage: bench/attack-races.sh [-n TRIALS] JAR [JAR…]   (defaults: TRIALS=50, BASE=200, NEW=50 from the
#        environment; VERBOSE=1 adds one line per trial with its exit code and last output line)
# Results: bench/results/2026-12-02-attack-races.md
set -u
trials=50
if [ "${1:-}" = -n ]; then trials=$2; shift 2; fi
if [ $# -lt 1 ]; then
  echo "usage: bench/attack-races.sh [-n TRIALS] JAR [JAR…]" >&2
  exit 2
fi
base=${BASE:-200}
new=${NEW:-50}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
watcher=""
trap '[ -n "$watcher" ] && kill "$watcher" 2>/dev/null; rm -rf "$work"' EXIT

sh "$root/bench/make-fleet.sh" "$base" "$work/before"
sh "$root/bench/make-fleet.sh" "$base" "$work/after" "$new" 3
names=""
i=$base
while [ "$i" -lt $((base + new)) ]; do names="$names inference-$i"; i=$((i + 1)); done

for jar in "$@"; do
  # One untouched tree per jar, copied for every trial.
  java -jar "$jar" generate --targets terraform --output-directory "$work/base/out" "$work/before" \
    >"$work/log" 2>&1 || { echo "$jar: the first generate failed:" >&2; cat "$work/log" >&2; exit 1; }
  swaps=0; outside=0; wrote_outside=0; success_outside=0; refused=0
  t=0
  while [ "$t" -lt "$trials" ]; do
    t=$((t + 1))
    rm -rf "$work/trial"; mkdir -p "$work/trial/victims"
    cp -a "$work/base/out" "$work/trial/out"
    for name in $names; do mkdir -p "$work/trial/victims/$name/terraform/in-cluster"; done
    mkfifo "$work/trial/stdin"
    # shellcheck disable=SC2086
    python3 "$root/bench/race-swap.py" "$work/trial/out" fleet "$work/trial/victims" $names \
      <"$work/trial/stdin" >"$work/trial/swaps" 2>"$work/trial/swap.err" &
    watcher=$!
    exec 3>"$work/trial/stdin"
    until [ -s "$work/trial/swaps" ]; do
      kill -0 "$watcher" 2>/dev/null || { echo "race-swap.py failed:" >&2; cat "$work/trial/swap.err" >&2; exit 1; }
      sleep 0.05
    done
    java -jar "$jar" generate --targets terraform --output-directory "$work/trial/out" "$work/after" \
      >"$work/trial/log" 2>&1
    code=$?
    exec 3>&-
    wait "$watcher"; watcher=""
    done_swaps=$(tail -1 "$work/trial/swaps")
    files=$(find "$work/trial/victims" -type f | wc -l)
    swaps=$((swaps + done_swaps))
    outside=$((outside + files))
    if [ "$files" -gt 0 ]; then
      wrote_outside=$((wrote_outside + 1))
      [ "$code" = 0 ] && success_outside=$((success_outside + 1))
    fi
    [ "$code" = 1 ] && refused=$((refused + 1))
    if [ -n "${VERBOSE:-}" ]; then
      echo "trial $t: exit $code, $done_swaps swaps, $files files outside: $(tail -1 "$work/trial/log")"
    fi
  done
  echo "$jar: $trials trials, $swaps swaps, $outside files outside the tree, $wrote_outside runs wrote outside ($success_outside of them exit 0), $refused runs refused (exit 1)"
  rm -rf "$work/base"
done
