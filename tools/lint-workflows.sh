#!/usr/bin/env bash
# tools/lint-workflows.sh [--labels FILE] FILE...
# Runs actionlint (with the runner-label exception for the labels in FILE)
# and @action-validator/cli's schema validation on every file. Prints
# findings as file:line:col: message [kind]; exits 1 when there are any.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
labels=()
if [ "${1:-}" = "--labels" ]; then labels=(--labels "$2"); shift 2; fi
[ $# -gt 0 ] || { echo "usage: tools/lint-workflows.sh [--labels FILE] FILE..." >&2; exit 2; }
status=0
node "$here/lint-workflows.cjs" "${labels[@]}" "$@" || status=1
for f in "$@"; do
  if ! out=$("$here/node_modules/.bin/action-validator" "$f" 2>&1); then
    # Report each schema error at the file, with the JSON path it names.
    echo "$out" | grep -o '"path": "[^"]*"' | sort -u | sed "s|\"path\": \"\\(.*\\)\"|$f:1:1: schema: invalid at \\1 [action-validator]|"
    status=1
  fi
done
exit $status
