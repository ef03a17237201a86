#!/bin/sh
# Two attacks on the output writer's own bookkeeping, run against each given jar: a hard link at
# .modelplane/lock (does a run write through it into another file?) and a forged journal with a staged
# file (does the next run plant it at a path the manifest never listed, and does --check then pass?).
# Prints one line per jar and attack. Needs python3 (for the CRC-32 the journal records).
# Usage: bench/attack-bookkeeping.sh JAR [JAR…]   (e.g. cli/target/modelplane.jar)
set -u
if [ $# -lt 1 ]; then
  echo "usage: bench/attack-bookkeeping.sh JAR [JAR…]" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
example="$root/examples/minimal.yaml"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
generate() { java -jar "$jar" generate --targets terraform --output-directory "$out" "$@" "$example" >"$work/log" 2>&1; }

for jar in "$@"; do
  # A hard link at the lock: the other name's bytes must survive.
  out="$work/lock/out"
  rm -rf "$work/lock"; mkdir -p "$work/lock"
  generate
  echo "not the lock" >"$work/lock/victim"
  rm -f "$out/.modelplane/lock"
  ln "$work/lock/victim" "$out/.modelplane/lock"
  generate; code=$?
  if [ "$(cat "$work/lock/victim")" = "not the lock" ]; then verdict="linked file kept"; else verdict="linked file overwritten"; fi
  echo "$jar: hard link at the lock: exit $code, $verdict"

  # A forged journal (the format without a token) that 'undoes' a removal of planted.sh.
  out="$work/forge/out"
  rm -rf "$work/forge"; mkdir -p "$work/forge"
  generate
  mkdir -p "$out/.modelplane/staged"
  printf '#!/bin/sh\necho planted\n' >"$out/.modelplane/staged/0.old"
  fingerprint=$(python3 -c "import zlib,sys;d=open(sys.argv[1],'rb').read();print('%08x:%d'%(zlib.crc32(d)&0xffffffff,len(d)))" "$out/.modelplane/staged/0.old")
  printf 'modelplane-transaction 1\nremove %s - planted.sh\n' "$fingerprint" >"$out/.modelplane/transaction"
  generate; code=$?
  generate --check; check=$?
  if [ -e "$out/planted.sh" ]; then verdict="planted.sh written"; else verdict="nothing planted"; fi
  echo "$jar: forged journal: exit $code, $verdict, then --check exit $check"
done
