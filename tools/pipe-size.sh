#!/usr/bin/env bash
# Reports the size of TheRock's pipelines in .pipe against the hand-written
# workflows they replace: non-blank, non-comment lines on both sides. The
# replaced files are the corpus files with the name of a generated file
# (compare-map.yaml marks the rest new or dropped). Two .pipe files replace
# Python rather than YAML, so they are reported apart, and so is the YAML
# pipec makes from the sources, which does more than the files it replaces.
#   tools/pipe-size.sh [REPO]
set -euo pipefail
repo=$(realpath "${1:-$(dirname "$0")/..}")
corpus="$repo/../shared/corpus/therock-21eaa7d7f"
[ -d "$corpus" ] || { echo "skipped: $corpus not present"; exit 0; }
count() { cat "$@" | grep -vcE '^\s*(#|//|$)' || true; }
replaced=()
for f in "$repo"/generated/therock/.github/workflows/*.yml; do
  name=$(basename "$f")
  [ -f "$corpus/$name" ] && replaced+=("$corpus/$name")
done
src="$repo/pipelines/therock"
pipe_all=$(count "$src"/*.pipe)
tools=$(count "$src/tools.pipe")
families=$(count "$src/families.pipe")
workflows=$((pipe_all - tools - families))
yaml=$(count "${replaced[@]}")
generated=("$repo"/generated/therock/.github/workflows/*.yml)
gen=$(count "${generated[@]}")
pct() { echo $(( ($1 * 1000 / $2 + 5) / 10 )); }
echo "replaced workflows: ${#replaced[@]} files, $yaml lines"
echo "pipelines/therock/*.pipe: $pipe_all lines ($(pct "$pipe_all" "$yaml")% of the replaced YAML)"
echo "  tools.pipe, step tool declarations (replace the scripts' argparse, not YAML): $tools"
echo "  families.pipe, the GPU family table (replaces amdgpu_family_matrix.py): $families"
echo "  the rest, which replaces the workflows: $workflows lines ($(pct "$workflows" "$yaml")%)"
echo "generated workflows: ${#generated[@]} files, $gen lines; pipelines/therock/*.pipe is $(pct "$pipe_all" "$gen")% of them"
