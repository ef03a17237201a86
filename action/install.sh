#!/usr/bin/env bash
# Installs modelplane for the GitHub Action in action.yml: downloads the pinned dist archive, checks its
# SHA-256 (and every file in it against its SHA256SUMS), puts the launcher's folder on PATH and names it in
# the step's outputs. Inputs arrive as MODELPLANE_* variables (see action.yml), never spliced into code.
set -euo pipefail

fail() {
  echo "::error title=modelplane install::$*" >&2
  exit 1
}

sha256_of() {
  if command -v sha256sum > /dev/null; then sha256sum "$1"; else shasum -a 256 "$1"; fi | cut -d' ' -f1
}

home=${MODELPLANE_INSTALLED:-}
if [ -n "$home" ]; then
  [ -x "$home/modelplane" ] || fail "$home holds no executable modelplane launcher"
  home=$(cd "$home" && pwd)
else
  version=${MODELPLANE_VERSION:-}
  [ -n "$version" ] || fail "set the input 'version' (a release such as 0.1.0), or 'home'"
  # The version becomes part of a URL and a path: nothing but what a version holds.
  [[ $version =~ ^[0-9A-Za-z][0-9A-Za-z.+-]*$ ]] || fail "not a version: $version"
  url=${MODELPLANE_DOWNLOAD_URL:-}
  if [ -z "$url" ]; then
    repository=${MODELPLANE_REPOSITORY:-}
    # github.action_repository is not promised in composite actions (github/docs#25336), but the runner
    # checks a used action out at <runner>/_actions/<owner>/<name>/<ref>.
    if [ -z "$repository" ] && [[ ${GITHUB_ACTION_PATH:-} =~ /_actions/([^/]+)/([^/]+)/[^/]+$ ]]; then
      repository="${BASH_REMATCH[1]}/${BASH_REMATCH[2]}"
    fi
    [ -n "$repository" ] || fail "set the input 'repository' (owner/name whose releases hold the archive) or 'download-url'"
    url="https://github.com/$repository/releases/download/v{version}/modelplane-{version}-dist.tar.gz"
  fi
  url=${url//\{version\}/$version}
  dir="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/modelplane-install-$version"
  rm -rf "$dir"
  mkdir -p "$dir"
  archive="$dir/modelplane-$version-dist.tar.gz"
  curl --fail --silent --show-error --location --retry 3 --output "$archive" "$url" || fail "cannot download $url"
  expected=$(printf '%s' "${MODELPLANE_SHA256:-}" | tr 'A-F' 'a-f')
  if [ -z "$expected" ]; then
    echo "::warning title=modelplane install::no sha256 input: checking against $url.sha256 only; pin the archive's SHA-256 in the workflow" >&2
    expected=$(curl --fail --silent --show-error --location --retry 3 "$url.sha256" | cut -d' ' -f1) || fail "cannot download $url.sha256"
  fi
  [[ $expected =~ ^[0-9a-f]{64}$ ]] || fail "not a SHA-256: $expected"
  actual=$(sha256_of "$archive")
  [ "$actual" = "$expected" ] || fail "$url has SHA-256 $actual, expected $expected: not installed"
  tar -xzf "$archive" -C "$dir"
  home="$dir/modelplane-$version"
  [ -x "$home/modelplane" ] || fail "the archive holds no modelplane-$version/modelplane"
  if command -v sha256sum > /dev/null; then
    (cd "$home" && sha256sum --check --quiet SHA256SUMS) || fail "a file in the archive does not match its SHA256SUMS"
  else
    (cd "$home" && shasum -a 256 --check --quiet SHA256SUMS) || fail "a file in the archive does not match its SHA256SUMS"
  fi
  rm -f "$archive"
fi

echo "$home" >> "${GITHUB_PATH:-/dev/null}"
echo "home=$home" >> "${GITHUB_OUTPUT:-/dev/null}"
"$home/modelplane" --version
