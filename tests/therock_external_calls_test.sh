#!/usr/bin/env bash
# TheRock's pipelines call four of TheRock's own workflows by path
# (build_*_artifacts.yml, test_artifacts.yml, test_benchmarks.yml). In
# TheRock they sit beside the generated workflows, where pipec reads them
# and holds each call to their inputs, secrets and outputs. Here they are
# taken from the corpus at 21eaa7d7f into a copy of the repository: the
# calls must fit them, and a misspelt input must be reported. Skips (exit
# 77) when ../shared, which holds the corpus, is absent.
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
mapfile -t called < <(grep -ho 'uses: \./\.github/workflows/[A-Za-z0-9_.-]*' "$out"/*.yml | sed 's|.*/||' | sort -u)
copied=()
for f in "${called[@]}"; do
  [ -f "$out/$f" ] && continue
  cp "$corpus/$f" "$out/$f" || { echo "FAIL: the corpus has no $f"; exit 1; }
  copied+=("$f")
done
if [ "${copied[*]}" != "build_portable_linux_artifacts.yml build_windows_artifacts.yml test_artifacts.yml test_benchmarks.yml" ]; then
  echo "FAIL: TheRock's own workflows called: ${copied[*]}"
  exit 1
fi
want=$(cd "$repo" && "$pipec" check 2>&1)
got=$(cd "$work" && "$pipec" check 2>&1)
if [ "$got" != "$want" ]; then
  echo "FAIL: with TheRock's workflows beside them, pipec check says:"
  diff <(printf '%s\n' "$want") <(printf '%s\n' "$got")
  exit 1
fi
sed -i 's/with { artifact_group amdgpu_families test_runs_on artifact_run_id test_type test_labels sanity_check_only_for_family }/with { artifact_group amdgpu_families test_runs_on artifact_run_id test_type test_label = inputs.test_labels sanity_check_only_for_family }/' \
  "$work/pipelines/therock/ci.pipe"
got=$(cd "$work" && "$pipec" check 2>&1 | grep -F '[call-input]')
want='pipelines/therock/ci.pipe:111:82: error: test_artifacts.yml has no input "test_label" (did you mean "test_labels"?); it takes artifact_group, artifact_run_id, amdgpu_families, test_runs_on, sanity_check_only_for_family, test_type, test_labels [call-input]'
if [ "$got" != "$want" ]; then
  echo "FAIL: a misspelt input of test_artifacts.yml:"
  diff <(printf '%s\n' "$want") <(printf '%s\n' "$got")
  exit 1
fi
echo "therock_external_calls: TheRock's calls fit ${copied[*]}"
