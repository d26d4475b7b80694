#!/usr/bin/env bash
# Compares the generated TheRock workflows with TheRock's hand-written ones
# (../shared/corpus) and fails unless every difference is explained by
# pipelines/therock/compare-reasons.yaml or compare-map.yaml, with no stale
# reason, and unless pipelines/therock/README.md shows the summary it
# prints, so the figures there stay current. Skips (exit 77) when ../shared
# is absent.
#   tools/compare-therock.sh COMPARE_WORKFLOWS REPO
set -uo pipefail
compare=$1 repo=$2
corpus="$repo/../shared/corpus/therock-21eaa7d7f"
if [ ! -d "$corpus" ]; then
  echo "skipped: $corpus not present"
  exit 77
fi
out=$("$compare" --generated "$repo/generated/therock/.github/workflows" --corpus "$corpus" \
  --map "$repo/pipelines/therock/compare-map.yaml" --reasons "$repo/pipelines/therock/compare-reasons.yaml"); rc=$?
if [ $rc -ne 0 ]; then
  printf '%s\n' "$out" | awk '/UNEXPLAINED|STALE/{print prev; print} {prev=$0}'
fi
summary=$(printf '%s\n' "$out" | tail -1)
printf '%s\n' "$summary"
if [ $rc -eq 0 ] && ! grep -qxF "$summary" "$repo/pipelines/therock/README.md"; then
  echo "pipelines/therock/README.md does not show this summary line; put it there"
  exit 1
fi
exit $rc
