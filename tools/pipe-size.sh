#!/usr/bin/env bash
# Reports the size of TheRock's pipelines in .pipe against the hand-written
# workflows they replace: non-blank, non-comment lines on both sides. The
# replaced files are the corpus files compare-map.yaml pairs with a
# generated file (same name, or named in the map), not the ones it marks
# dropped.
#   tools/pipe-size.sh [REPO]
set -euo pipefail
repo=$(realpath "${1:-$(dirname "$0")/..}")
corpus="$repo/../shared/corpus/therock-21eaa7d7f"
[ -d "$corpus" ] || { echo "skipped: $corpus not present"; exit 0; }
count() { grep -vE '^\s*(#|//|$)' "$@" | wc -l; }
replaced=()
for f in "$repo"/generated/therock/.github/workflows/*.yml; do
  name=$(basename "$f")
  [ -f "$corpus/$name" ] && replaced+=("$corpus/$name")
done
pipe_all=$(cat "$repo"/pipelines/therock/*.pipe | count)
pipe_tools=$(count "$repo/pipelines/therock/tools.pipe")
yaml=$(cat "${replaced[@]}" | count)
pct() { echo $(( ($1 * 1000 / $2 + 5) / 10 )); }
echo "replaced workflows: ${#replaced[@]} files, $yaml lines"
echo "pipelines/therock/*.pipe: $pipe_all lines ($(pct "$pipe_all" "$yaml")% of the replaced YAML)"
echo "  of which tools.pipe (step tool declarations, which replace argparse in Python, not YAML): $pipe_tools"
echo "  without tools.pipe: $((pipe_all - pipe_tools)) lines ($(pct $((pipe_all - pipe_tools)) "$yaml")%)"
