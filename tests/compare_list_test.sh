#!/usr/bin/env bash
# tools/compare-therock.sh and its committed list of differences: in a
# scratch layout of one generated and one corpus workflow, the list is
# written on request, passes while the run finds the same differences, and
# fails, showing the changed line, when a value changes that a reason
# still matches.
#   tests/compare_list_test.sh COMPARE_WORKFLOWS REPO
set -u
compare=$1 src=$2
. "$src/tests/lib.sh"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
repo=$t/repo
mkdir -p "$repo/generated/therock/.github/workflows" "$repo/pipelines/therock" "$t/shared/corpus/therock-21eaa7d7f"
workflow() {  # NEEDS: the generated job test's needs
  printf 'on: push\njobs:\n  build: {runs-on: x}\n  package: {runs-on: x}\n  test: {runs-on: x, needs: [%s]}\n' "$1"
}
workflow build > "$t/shared/corpus/therock-21eaa7d7f/w.yml"
workflow build,package > "$repo/generated/therock/.github/workflows/w.yml"
echo '[]' > "$repo/pipelines/therock/compare-map.yaml"
cat > "$repo/pipelines/therock/compare-reasons.yaml" <<'REASONS'
- workflow: w.yml
  kind: needs
  item: job test needs
  reason: "the tests wait for the packages"
REASONS
summary="workflows: 1 compared, 1 differences, 1 explained, 0 unexplained, 0 stale reasons"
printf '%s\n' "$summary" > "$repo/pipelines/therock/README.md"
list=$repo/pipelines/therock/compare-differences.txt
run() { bash "$src/tools/compare-therock.sh" "$compare" "$repo"; }

expect "no list yet" 1 "$summary
--- pipelines/therock/compare-differences.txt
+++ this run
@@ -0,0 +1 @@
+w.yml needs job test needs: corpus=[\"build\"] generated=[\"build\",\"package\"]
the differences are not the ones pipelines/therock/compare-differences.txt lists (above: - listed, + found).
If the change is deliberate, check each line against its reason in compare-reasons.yaml and
rewrite the list: PIPEC_UPDATE_DIFFERENCES=1 bash tools/compare-therock.sh $compare $repo" run
expect "the list written" 0 "$summary
wrote $list" env PIPEC_UPDATE_DIFFERENCES=1 bash "$src/tools/compare-therock.sh" "$compare" "$repo"
expect "the list's lines" 0 'w.yml needs job test needs: corpus=["build"] generated=["build","package"]' grep -v '^#' "$list"
expect "the same differences" 0 "$summary" run
# The reason still matches job test's needs, whatever they are now.
workflow package > "$repo/generated/therock/.github/workflows/w.yml"
expect "a changed value a reason still matches" 1 "$summary
--- pipelines/therock/compare-differences.txt
+++ this run
@@ -1 +1 @@
-w.yml needs job test needs: corpus=[\"build\"] generated=[\"build\",\"package\"]
+w.yml needs job test needs: corpus=[\"build\"] generated=[\"package\"]
the differences are not the ones pipelines/therock/compare-differences.txt lists (above: - listed, + found).
If the change is deliberate, check each line against its reason in compare-reasons.yaml and
rewrite the list: PIPEC_UPDATE_DIFFERENCES=1 bash tools/compare-therock.sh $compare $repo" run
finish compare_list
