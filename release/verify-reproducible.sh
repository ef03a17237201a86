#!/usr/bin/env bash
# Builds the release (./mvnw -Prelease verify) twice, from two fresh clones of the current commit in two
# different temporary folders, and compares the SHA-256 of every artifact the release build produces.
# Prints one line per file and exits 0 only when every file is byte-identical in both builds.
#
# Usage: release/verify-reproducible.sh [extra Maven arguments]
# Not -o: the SBOM plugin skips itself under -o (CycloneDX/cyclonedx-maven-plugin#439), but nothing is
# downloaded once the local repository has the plugins, so it also runs with no network
# (e.g. `unshare -n release/verify-reproducible.sh` as root).
# Uncommitted changes are not built: commit first. Set KEEP=1 to keep the two build folders.
set -euo pipefail
root=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
commit=$(git -C "$root" rev-parse --verify HEAD)
maven_args=("$@")
work=$(mktemp -d "${TMPDIR:-/tmp}/modelplane-repro.XXXXXX")
if [ "${KEEP:-0}" != 1 ]; then trap 'rm -rf "$work"' EXIT; fi

# What the release ships or uploads: the module jars (and sources, javadoc, tests), SBOMs, the standalone
# jars and launcher, the dist archive and its checksum, the Central bundle folder and its zip.
artifacts() {
  (cd "$1" && find target cli/target/modelplane ./*/target -maxdepth 1 -type f \
      \( -name '*.jar' -o -name '*.zip' -o -name '*.tar.gz' -o -name '*-cyclonedx.json' -o -name '*.sha256' \
         -o -path cli/target/modelplane \) 2>/dev/null | sed 's|^\./||'
    find target/central-bundle -type f) | LC_ALL=C sort -u
}

for build in first second; do
  git clone --quiet --no-local "$root" "$work/$build"
  git -C "$work/$build" checkout --quiet --detach "$commit"
  echo "== $build build: $work/$build (commit $commit)"
  start=$(date +%s)
  (cd "$work/$build" && ./mvnw -B -ntp -q -Prelease -DskipTests ${maven_args[@]+"${maven_args[@]}"} verify) >"$work/$build.log" 2>&1 || {
    tail -50 "$work/$build.log"
    echo "the $build build failed (log: $work/$build.log)" >&2
    exit 1
  }
  echo "   built in $(( $(date +%s) - start )) s"
done

artifacts "$work/first" >"$work/first.list"
artifacts "$work/second" >"$work/second.list"
if ! cmp -s "$work/first.list" "$work/second.list"; then
  echo "the two builds produced different sets of files:"
  diff "$work/first.list" "$work/second.list" || true
  exit 1
fi

# The self-contained runtime holds a class-data archive (lib/server/classes.jsa) that JDK 17 does not dump
# byte-identically twice (docs/release.md, "Self-contained runtime"). Its archive, and the checksum file
# beside it, count as expected differences when every other file in the two runtimes is identical.
runtime_only_archive_differs() {
  local tarball=$1 a="$work/runtime-a" b="$work/runtime-b" others
  rm -rf "$a" "$b" && mkdir "$a" "$b"
  tar -xzf "$work/first/$tarball" -C "$a" && tar -xzf "$work/second/$tarball" -C "$b" || return 1
  others=$(diff -r -q "$a" "$b" | grep -v '/lib/server/classes.jsa differ$' || true)
  rm -rf "$a" "$b"
  [ -z "$others" ] || { echo "    other files differ inside: $others"; return 1; }
}

same=0
differ=0
expected=0
printf '%-64s  %-8s  %10s  %s\n' "sha256 (first build)" "second" "bytes" "file"
while IFS= read -r file; do
  a=$(sha256sum "$work/first/$file" | cut -d' ' -f1)
  b=$(sha256sum "$work/second/$file" | cut -d' ' -f1)
  size=$(wc -c <"$work/first/$file")
  if [ "$a" = "$b" ]; then
    same=$((same + 1))
    printf '%s  %-8s  %10s  %s\n' "$a" same "$size" "$file"
  elif case $file in *-runtime-linux-x64.tar.gz | *-runtime-linux-x64.tar.gz.sha256) true ;; *) false ;; esac &&
      runtime_only_archive_differs "${file%.sha256}"; then
    expected=$((expected + 1))
    printf '%s  %-8s  %10s  %s (only lib/server/classes.jsa inside differs, as expected)\n' "$a" archive "$size" "$file"
  else
    differ=$((differ + 1))
    printf '%s  %-8s  %10s  %s (second: %s)\n' "$a" DIFFERS "$size" "$file" "$b"
    case $file in
      *.jar | *.zip)
        # Which entries differ, so the cause can be found.
        python3 - "$work/first/$file" "$work/second/$file" <<'PY' || true
import sys, zipfile
first, second = (zipfile.ZipFile(p) for p in sys.argv[1:3])
a = {i.filename: (i.CRC, i.date_time) for i in first.infolist()}
b = {i.filename: (i.CRC, i.date_time) for i in second.infolist()}
if [i.filename for i in first.infolist()] != [i.filename for i in second.infolist()]:
    print("    entry order differs")
for name in sorted(set(a) | set(b)):
    if a.get(name) != b.get(name):
        print(f"    {name}: {a.get(name)} vs {b.get(name)}")
PY
        ;;
    esac
  fi
done <"$work/first.list"
echo "$same identical, $differ different, $expected differing only in the runtime's class-data archive, of $((same + differ + expected)) files"
[ "$differ" -eq 0 ]
