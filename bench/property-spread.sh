#!/bin/sh
# How many main files mention one AKSCluster property under any of its spellings: the count the
# property table is meant to bring down. Main files: src/main/java of every module, templates/, and
# generator-core's resources (the change facts, the property table). A spelling matches any
# identifier whose words (split at camelCase humps and underscores, case ignored) hold the
# spelling's words in a row, so diskSizeGb also finds os_disk_size_gb, osDiskSizeGB,
# systemPoolOsDiskSizeGB and OS_DISK_SIZE_GB.
# Spellings: the property and any given after it; without extra ones, the property table of the
# tree (if it has one) adds the field's terraform, bicep and arm names. Pass them explicitly to
# compare trees with the same spellings. Needs python3.
# Usage: bench/property-spread.sh [-C TREE] [-v] PROPERTY [SPELLING…]
#   e.g. bench/property-spread.sh -C ../other-checkout maxNodeCount max_count maxCount
set -u
tree=$(cd "$(dirname "$0")/.." && pwd)
verbose=0
while [ $# -gt 0 ]; do
  case "$1" in
    -C) tree=$2; shift 2 ;;
    -v) verbose=1; shift ;;
    *) break ;;
  esac
done
if [ $# -lt 1 ]; then
  echo "usage: bench/property-spread.sh [-C TREE] [-v] PROPERTY [SPELLING…]" >&2
  exit 2
fi
exec python3 - "$tree" "$verbose" "$@" <<'PY'
import os, re, sys

tree, verbose, prop, extra = sys.argv[1], sys.argv[2] == "1", sys.argv[3], sys.argv[4:]

def words(identifier):
    parts = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", identifier)
    parts = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", parts)
    return [w.lower() for w in parts.split("_") if w]

spellings = [prop] + extra
table = os.path.join(tree, "generator-core/src/main/resources/ai/modelplane/generator/property/properties.yaml")
if not extra and os.path.exists(table):
    entry = None
    for line in open(table, encoding="utf-8"):
        m = re.match(r"\s*- field: (\S+)", line)
        if m:
            entry = m.group(1).split(".")[-1] == prop
        m = re.match(r"\s+(terraform|bicep|arm): (\S+)", line)
        if entry and m and m.group(2) != "none":
            spellings.append(m.group(2).split(".")[-1])
patterns = sorted({tuple(words(s)) for s in spellings})

def mentions(text):
    for token in re.findall(r"[A-Za-z0-9_]+", text):
        w = words(token)
        for p in patterns:
            n = len(p)
            if any(tuple(w[i:i + n]) == p for i in range(len(w) - n + 1)):
                return True
    return False

files = []
for top, sub in [(d, os.path.join(d, "src/main/java")) for d in sorted(os.listdir(tree))] + [
        ("templates", "templates"), ("resources", "generator-core/src/main/resources")]:
    base = os.path.join(tree, sub)
    if not os.path.isdir(base):
        continue
    for root, _, names in os.walk(base):
        for name in names:
            if sub.endswith("resources") and name.endswith(".tsv"):
                continue  # catalogs: data about VM sizes and versions, not property code
            path = os.path.join(root, name)
            try:
                text = open(path, encoding="utf-8").read()
            except (UnicodeDecodeError, OSError):
                continue
            if mentions(text):
                files.append(os.path.relpath(path, tree))
print(f"{prop}: {len(files)} main files (spellings: {', '.join('_'.join(p) for p in patterns)})")
if verbose:
    for f in sorted(files):
        print("  " + f)
PY
