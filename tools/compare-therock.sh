#!/usr/bin/env bash
# Compares the generated TheRock workflows with TheRock's hand-written ones
# (../shared/corpus) and fails unless every difference is explained by
# pipelines/therock/compare-reasons.yaml or compare-map.yaml, with no stale
# reason; unless pipelines/therock/compare-differences.txt lists exactly the
# differences found, with both values (a reason matches a difference by its
# place, so a changed value it still matches shows there, in review); and
# unless pipelines/therock/README.md shows the summary it prints, so the
# figures there stay current. Skips (exit 77) when ../shared is absent.
#   tools/compare-therock.sh COMPARE_WORKFLOWS REPO
# With PIPEC_UPDATE_DIFFERENCES=1 it rewrites compare-differences.txt
# instead of comparing it: then read each changed line against its reason.
set -uo pipefail
compare=$1 repo=$2
corpus="$repo/../shared/corpus/therock-21eaa7d7f"
if [ ! -d "$corpus" ]; then
  echo "skipped: $corpus not present"
  exit 77
fi
args=(--generated "$repo/generated/therock/.github/workflows" --corpus "$corpus"
      --map "$repo/pipelines/therock/compare-map.yaml" --reasons "$repo/pipelines/therock/compare-reasons.yaml")
out=$("$compare" "${args[@]}"); rc=$?
if [ $rc -ne 0 ]; then
  printf '%s\n' "$out" | awk '/UNEXPLAINED|STALE/{print prev; print} {prev=$0}'
fi
summary=$(printf '%s\n' "$out" | tail -1)
printf '%s\n' "$summary"
[ $rc -eq 0 ] || exit $rc

list="$repo/pipelines/therock/compare-differences.txt"
lines=$("$compare" "${args[@]}" --format lines)
if [ "${PIPEC_UPDATE_DIFFERENCES:-}" = 1 ]; then
  { cat <<'HEADER'
# Every difference tools/compare-therock.sh finds between the generated
# workflows and TheRock's at 21eaa7d7f, with both values, one per line as
# its report prints them. compare-reasons.yaml says why each is there; this
# list holds what each is, so that a change to a value, which a reason may
# still match, shows here in review. Written by
#   PIPEC_UPDATE_DIFFERENCES=1 bash tools/compare-therock.sh COMPARE_WORKFLOWS REPO
# after a deliberate change; read each changed line against its reason.
HEADER
    printf '%s\n' "$lines"; } > "$list.tmp" && mv "$list.tmp" "$list"
  echo "wrote $list"
elif ! diff -u --label "pipelines/therock/compare-differences.txt" --label "this run" \
       <(grep -v '^#' "$list" 2>/dev/null) <(printf '%s\n' "$lines"); then
  echo "the differences are not the ones pipelines/therock/compare-differences.txt lists (above: - listed, + found)."
  echo "If the change is deliberate, check each line against its reason in compare-reasons.yaml and"
  echo "rewrite the list: PIPEC_UPDATE_DIFFERENCES=1 bash tools/compare-therock.sh $compare $repo"
  exit 1
fi
if ! grep -qxF "$summary" "$repo/pipelines/therock/README.md"; then
  echo "pipelines/therock/README.md does not show this summary line; put it there"
  exit 1
fi
