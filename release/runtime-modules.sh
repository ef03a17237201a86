#!/bin/sh
# Prints the JDK modules the standalone jars need, as jdeps finds them, beside the list the release build links
# into the self-contained runtime (runtime.modules in cli/pom.xml), and exits non-zero when jdeps names a module
# that list lacks. The list also holds modules no class names (jdk.crypto.ec, which the JDK loads by name for
# TLS); the pom says why for each. jdeps reads every class of both jars: about a minute.
# Usage: release/runtime-modules.sh   (after ./mvnw package; jdeps of the JDK on PATH or JAVA_HOME)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
jdeps=${JAVA_HOME:+$JAVA_HOME/bin/}jdeps
target="$root/cli/target"
found=""
for jar in modelplane.jar modelplane-drift.jar; do
  # The drift jar links against modelplane.jar, which it finds beside it at run time.
  modules=$("$jdeps" --multi-release 17 --print-module-deps --ignore-missing-deps --class-path "$target/modelplane.jar" \
    "$target/$jar")
  echo "jdeps $jar: $modules"
  found="$found,$modules"
done
linked=$(sed -n 's|.*<runtime.modules>\(.*\)</runtime.modules>.*|\1|p' "$root/cli/pom.xml")
echo "linked (cli/pom.xml runtime.modules): $linked"
missing=""
for module in $(echo "$found" | tr ',' '\n' | sort -u); do
  case ",$linked," in *",$module,"*) ;; *) missing="$missing $module" ;; esac
done
if [ -n "$missing" ]; then
  echo "runtime.modules lacks:$missing"
  exit 1
fi
echo "runtime.modules holds every module jdeps found"
