#!/usr/bin/env bash
# Lints every expected golden workflow; the runner labels accepted are the
# ones the golden sources use (GitHub-hosted ones this actionlint knows too).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
labels=$(mktemp); trap 'rm -f "$labels"' EXIT
printf 'ubuntu-24.04\nazure-linux-scale-rocm\nmi325-1gpu-rocm\n' > "$labels"
mapfile -t files < <(find "$here/ok" -name '*.yml' | sort)
"$here/../../tools/lint-workflows.sh" --labels "$labels" "${files[@]}"
echo "golden lint: ${#files[@]} workflows, no findings"
