#!/usr/bin/env bash
# Narrower than verify-reproducible.sh: links the self-contained runtime twice from the jars already built
# (cli/target, after ./mvnw -Prelease package) with the build's own step, BuildRuntimeImage, and compares
# every file of the two. Prints the files that differ; exits 0 when none does but lib/server/classes.jsa,
# which JDK 17 does not dump byte-identically twice (docs/release.md, "Self-contained runtime").
# Usage: release/runtime-reproducible.sh   (about two minutes; uses the JDK on PATH, as the build uses its own)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cli="$root/cli"
modules=$(sed -n 's|.*<runtime.modules>\(.*\)</runtime.modules>.*|\1|p' "$cli/pom.xml")
work=$(mktemp -d "${TMPDIR:-/tmp}/modelplane-runtime-repro.XXXXXX")
trap 'rm -rf "$work"' EXIT
for build in first second; do
  java "$cli/src/build/java/BuildRuntimeImage.java" "$cli/target/modelplane.jar" "$cli/target/modelplane-drift.jar" \
    "$cli/src/runtime/modelplane" "$modules" "$work/$build/image" "$root/examples/inference-westeurope.yaml" \
    "$work/$build/work" >"$work/$build.log" 2>&1 || { cat "$work/$build.log"; exit 1; }
done
differs=$(cd "$work/first/image" && find . -type f | LC_ALL=C sort | while IFS= read -r file; do
  cmp -s "$file" "$work/second/image/$file" || echo "${file#./}"
done)
count=$(find "$work/first/image" -type f | wc -l)
echo "files that differ (of $count): ${differs:-none}"
[ -z "$(echo "$differs" | grep -v '^lib/server/classes.jsa$')" ]
