#!/usr/bin/env bash
# The review the GitHub Action in action.yml runs: validate as SARIF, generate --check, and diff as Markdown,
# each exit code an output. validate and --check failing do not stop the step, so that a workflow can upload
# the SARIF and post the diff first and fail afterwards; diff's exit code 1 (invalid YAML in a revision, git
# failing) does. Inputs arrive as MODELPLANE_* variables (see action.yml).
set -uo pipefail

output() {
  echo "$1=$2" >> "${GITHUB_OUTPUT:-/dev/null}"
}

# Word-split like an unquoted $CLUSTERS in a workflow: space-separated files, folders or globs.
# shellcheck disable=SC2206
paths=($MODELPLANE_PATHS)
# No target: generate --check checks, and diff judges, the targets the generated folder's manifest records
# (diff without a generated folder judges all of them).
targets=()
diff_targets=()
if [ -n "${MODELPLANE_TARGET:-}" ]; then
  targets=(--targets "$MODELPLANE_TARGET")
elif [ -n "${MODELPLANE_GENERATED:-}" ]; then
  diff_targets=(--generated "$MODELPLANE_GENERATED")
fi

"$MODELPLANE" validate --output sarif "${paths[@]}" > "${MODELPLANE_SARIF:-modelplane.sarif}"
output validate-exit-code $?

if [ -n "${MODELPLANE_GENERATED:-}" ]; then
  "$MODELPLANE" generate ${targets[@]+"${targets[@]}"} --out "$MODELPLANE_GENERATED" --check "${paths[@]}"
  output check-exit-code $?
fi

if [ -n "${MODELPLANE_BASE_REF:-}" ]; then
  markdown=${MODELPLANE_DIFF_MARKDOWN:-modelplane-diff.md}
  "$MODELPLANE" diff --base "$MODELPLANE_BASE_REF" ${targets[@]+"${targets[@]}"} ${diff_targets[@]+"${diff_targets[@]}"} \
    --output markdown "${paths[@]}" > "$markdown"
  code=$?
  output diff-exit-code "$code"
  if [ "$code" -eq 1 ]; then
    exit 1
  fi
  # 2: something is recreated or deleted; 3: Azure refuses a change (the apply would fail).
  if [ "$code" -eq 2 ]; then output destructive true; else output destructive false; fi
  if [ "$code" -eq 3 ]; then output refused true; else output refused false; fi
  cat "$markdown" >> "${GITHUB_STEP_SUMMARY:-/dev/null}"
fi
exit 0
