#!/usr/bin/env bash
# Checks the self-contained runtime the release build made (cli/target/modelplane-<version>-runtime-linux-x64.tar.gz)
# as a fresh runner gets it: checksum, unpacked into a new folder, run with an empty environment (no PATH, so no
# JDK or any other command; a new, empty HOME). On every example it runs validate, and generate into a folder
# whose output must equal, byte for byte, what `java -jar modelplane.jar` generates; then that no file was
# written into HOME, that every class of the run came from the class-data archive but a few generated at run
# time, and that drift finds its checker (it runs as far as sign-in, which fails without credentials).
# Usage: release/verify-runtime.sh   (after ./mvnw -Prelease package; the JDK for the jar is java on PATH)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
target="$root/cli/target"
tarball=$(ls "$target"/modelplane-*-runtime-linux-x64.tar.gz)
work=$(mktemp -d "${TMPDIR:-/tmp}/modelplane-runtime.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

(cd "$target" && sha256sum -c --quiet "${tarball##*/}.sha256") || fail "checksum of ${tarball##*/}"
mkdir "$work/unpacked" "$work/home"
tar -xzf "$tarball" -C "$work/unpacked"
modelplane=$(ls "$work"/unpacked/*/bin/modelplane)
# Nothing from this shell: no PATH, no JAVA_HOME, only a new HOME.
bare() { env -i HOME="$work/home" "$modelplane" "$@"; }

version=$(bare --version) || fail "--version"
echo "$version"
for example in "$root"/examples/*.yaml; do
  name=${example##*/}
  if bare validate "$example" >"$work/validate.out" 2>&1; then
    echo "validate $name: ok"
  else
    fail "validate $name: $(cat "$work/validate.out")"
  fi
  if ! bare generate --target all --out "$work/runtime-out/$name" "$example" >"$work/generate.out" 2>&1; then
    fail "generate $name: $(cat "$work/generate.out")"
    continue
  fi
  java -jar "$target/modelplane.jar" generate --target all --out "$work/jar-out/$name" "$example" >/dev/null 2>&1 \
    || fail "java -jar generate $name"
  # .modelplane/lock names the process that last held the output folder: it differs on every run.
  if diff -r -x lock "$work/jar-out/$name" "$work/runtime-out/$name" >"$work/diff.out"; then
    echo "generate $name: same files as java -jar ($(find "$work/runtime-out/$name" -type f | wc -l))"
  else
    fail "generate $name differs from java -jar: $(head -20 "$work/diff.out")"
  fi
done

written=$(find "$work/home" -mindepth 1 | head -5)
[ -z "$written" ] || fail "the runtime wrote into HOME: $written"

seed="$root/examples/inference-westeurope.yaml"
env -i HOME="$work/home" MODELPLANE_JAVA_OPTS=-Xlog:class+load=info "$modelplane" generate --target all \
  --out "$work/runtime-out/classes" "$seed" >"$work/classes.log" 2>&1 || fail "generate with class logging"
shared=$(grep -c 'source: shared objects file' "$work/classes.log" || true)
loaded=$(grep -c '\[class,load\]' "$work/classes.log" || true)
echo "classes of a generate run from the archive: $shared of $loaded"
# Generated at run time (lambda forms, proxies) cannot come from an archive: a few dozen; more means it is unused.
[ "$shared" -gt 0 ] && [ $((loaded - shared)) -lt 200 ] || fail "the class-data archive is not in use ($shared of $loaded)"

# No credentials: drift must get as far as asking Azure for a token, which needs the drift jar and the Azure SDK.
timeout 300 env -i HOME="$work/home" "$modelplane" drift --subscription 00000000-0000-0000-0000-000000000000 \
  "$seed" >"$work/drift.out" 2>&1 || true
if grep -q 'could not check (authentication)' "$work/drift.out"; then
  echo "drift: reaches sign-in"
else
  fail "drift: $(tail -5 "$work/drift.out")"
fi

echo "unpacked: $(du -sb "$work/unpacked" | cut -f1) bytes; tar.gz: $(stat -c %s "$tarball") bytes"
[ "$failures" -eq 0 ] && echo "all checks passed" || { echo "$failures check(s) failed"; exit 1; }
