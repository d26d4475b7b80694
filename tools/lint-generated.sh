#!/usr/bin/env bash
# Lints every workflow pipec generates from this repository's pipelines/,
# accepting as runner labels exactly those the pipelines declare.
#   tools/lint-generated.sh [PIPEC] [ROOT]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
pipec=$(realpath "${1:-$here/../build/compiler/pipec}")
root=$(realpath "${2:-$here/..}")
cd "$root"
labels=$(mktemp)
trap 'rm -f "$labels"' EXIT
"$pipec" labels > "$labels"
# pipec's own failure fails the lint, and so does a list with no workflow:
# this repository's pipelines make some, so none means something broke.
outputs=$("$pipec" outputs)
mapfile -t files < <(grep -E '\.ya?ml$' <<< "$outputs" || true)
if [ ${#files[@]} -eq 0 ]; then echo "lint-generated: pipec lists no generated workflow" >&2; exit 1; fi
"$here/lint-workflows.sh" --labels "$labels" "${files[@]}"
echo "lint-generated: ${#files[@]} workflows, no findings"
