#!/usr/bin/env bash
# In TheRock, the generated workflows sit in .github/workflows/ beside
# TheRock's own, which the generated ones call (build_*_artifacts.yml,
# test_artifacts.yml, test_benchmarks.yml) and which call generated ones
# (multi_arch_ci.yml calls setup.yml). pipec reads them there and holds
# each call, either way, to what the callee declares. Here TheRock's own
# are taken from the corpus at 21eaa7d7f into a copy of the repository:
# every call must fit, and a slip on either side must be reported. Skips
# (exit 77) when ../shared, which holds the corpus, is absent.
#   tests/therock_external_calls_test.sh PIPEC REPO
set -uo pipefail
pipec=$(realpath "$1")
repo=$(realpath "$2")
corpus="$repo/../shared/corpus/therock-21eaa7d7f"
if [ ! -d "$corpus" ]; then
  echo "skipped: ../shared/corpus not present"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$repo/pipelines" "$repo/generated" "$repo/.github" "$work/"
out="$work/generated/therock/.github/workflows"
copied=0
for f in "$corpus"/*.yml; do
  [ -f "$out/$(basename "$f")" ] && continue
  cp "$f" "$out/" && copied=$((copied + 1))
done
# Each workflow the generated ones call is there.
for f in $(grep -ho 'uses: \./\.github/workflows/[A-Za-z0-9_.-]*' "$out"/*.yml | sed 's|.*/||' | sort -u); do
  [ -f "$out/$f" ] || { echo "FAIL: nothing in the corpus or generated is $f"; exit 1; }
done
want=$(cd "$repo" && "$pipec" check 2>&1)
got=$(cd "$work" && "$pipec" check 2>&1)
if [ "$got" != "$want" ]; then
  echo "FAIL: with TheRock's $copied own workflows beside them, pipec check says:"
  diff <(printf '%s\n' "$want") <(printf '%s\n' "$got")
  exit 1
fi
fail=0
# expect WHAT: the errors after the edits, exactly.
expect() {
  local got
  got=$(cd "$work" && "$pipec" check 2>&1 | grep -F ': error: ')
  if [ "$got" != "$2" ]; then
    echo "FAIL: $1:"
    diff <(printf '%s\n' "$2") <(printf '%s\n' "$got")
    fail=1
  fi
}
cp "$work/pipelines/therock/ci.pipe" "$work/ci.pipe.orig"
sed -i 's/with { artifact_group amdgpu_families test_runs_on artifact_run_id test_type test_labels sanity_check_only_for_family }/with { artifact_group amdgpu_families test_runs_on artifact_run_id test_type test_label = inputs.test_labels sanity_check_only_for_family }/' \
  "$work/pipelines/therock/ci.pipe"
expect "a misspelt input of TheRock's test_artifacts.yml" \
  'pipelines/therock/ci.pipe:122:82: error: test_artifacts.yml has no input "test_label" (did you mean "test_labels"?); it takes artifact_group, artifact_run_id, amdgpu_families, test_runs_on, sanity_check_only_for_family, test_type, test_labels [call-input]'
cp "$work/ci.pipe.orig" "$work/pipelines/therock/ci.pipe"
# setup() loses its multi_arch input, which nothing generated passes;
# TheRock's multi_arch_ci.yml does.
sed -i '/input multi_arch: boolean/d; s/MULTI_ARCH = inputs.multi_arch/MULTI_ARCH = false/' \
  "$work/pipelines/therock/ci.pipe"
expect "an input of setup.yml that TheRock's multi_arch_ci.yml passes, gone" \
  'generated/therock/.github/workflows/multi_arch_ci.yml:65:7: error: setup.yml (setup() in pipelines/therock/ci.pipe) has no input "multi_arch"; it takes build_variant [call-input]'
[ $fail -eq 0 ] && echo "therock_external_calls: TheRock's $copied own workflows and the generated ones fit"
exit $fail
