#!/usr/bin/env bash
# No step executable crashes on any input: each is run with malformed flags,
# values and environment, and must end with exit 0, 1 or 2 and, when not 0,
# one `NAME: error: ...` line on stderr; never a signal, an uncaught
# exception or a sanitizer report (the test build has ASan and UBSan).
#   tests/step_tools_robust_test.sh BIN_DIR
set -uo pipefail
bin=$(realpath "$1")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
export GITHUB_OUTPUT="$work/o" GITHUB_ENV="$work/e" GITHUB_STEP_SUMMARY="$work/s"
touch a_file
long=$(printf 'x%.0s' $(seq 1 5000))
# As long as one argument may be (std::regex once overflowed the stack on it).
huge=$(head -c 120000 /dev/zero | tr '\0' '1')
bad_utf8=$(printf '\xff\xfe\x80')
args_list=(
  "" "--" "-" "--=" "--help=1" "--no-" "--no-help" "---x" "-x" "$long" "--$long" "$bad_utf8" "--$bad_utf8=1"
  "--python-version" "--python-version=" "--python-version=3.1$long" "--python-version=3.$huge" "--rocm-version=7.$huge" "--rocm-version=+" "--rocm-version=1!2!3"
  "--rocm-version=7.0.0.dev0+$bad_utf8" "--dist-dir=a_file" "--dist-dir=/nonexistent" "a_file" "/nonexistent"
  "--release-type=dev --custom-version-suffix=x" "--package-type=deb --release-type=prerelease"
  "--input-packages-dir=a_file --artifact-group=g --run-id=1" "--input-packages-dir=/ --artifact-group=../.. --run-id=1 --dry-run"
  "--write-env-file=maybe" "--no-write-env-file=1" "--verbose --verbose"
)
env_list=(
  ""
  "GITHUB_REF_NAME=main GITHUB_EVENT_NAME=pull_request PR_LABELS=["
  "GITHUB_REF_NAME=main GITHUB_EVENT_NAME=pull_request PR_LABELS={\"labels\":[{\"name\":1}]}"
  "GITHUB_REF_NAME=main GITHUB_EVENT_NAME=workflow_dispatch INPUT_LINUX_AMDGPU_FAMILIES=$bad_utf8 INPUT_BUILD_PYTORCH=2"
  "GITHUB_REF_NAME=$bad_utf8 GITHUB_EVENT_NAME=push BASE_REF=--output=/etc/passwd"
  "ROCM_THEROCK_TEST_RUNNERS={\"gfx94x\":7} TARGET=gfx94x PLATFORM=linux THEROCK_PACKAGE_PLATFORM=linux"
  "ROCM_THEROCK_TEST_RUNNERS=[[[ LOAD_TEST_RUNNERS_FROM_VAR=yes TARGET= PLATFORM=linux THEROCK_PACKAGE_PLATFORM=windows AMDGPU_FAMILIES=,,,;;"
  "BUILD_RESULT=$bad_utf8 BYPASS_TESTS_FOR_RELEASES=$long GITHUB_REF_NAME=release/therock-"
  "MULTI_ARCH=true GITHUB_REF_NAME=main GITHUB_EVENT_NAME=schedule"
  "ADDITIONAL_LABEL_OPTIONS=test_runner:,test_runner GITHUB_REF_NAME=main GITHUB_EVENT_NAME=push BASE_REF=HEAD"
  "ADDITIONAL_LABEL_OPTIONS=,,test_runner:a:b:c,$bad_utf8 GITHUB_REF_NAME=main GITHUB_EVENT_NAME=schedule"
  "PACKAGE_DIST_DIR=a_file GITHUB_SHA= TEST_HARNESS_TARGET_FETCH=sometimes"
)
runs=0 failed=0
check() {  # TOOL ENVS ARGS
  local tool=$1 envs=$2 args=$3 name out rc ok=1
  name=$(basename "$tool")
  runs=$((runs + 1))
  # shellcheck disable=SC2086
  out=$(env -u GITHUB_REF_NAME -u GITHUB_EVENT_NAME $envs "$tool" $args 2>&1 </dev/null); rc=$?
  case $rc in 0|1|2) ;; *) ok=0 ;; esac
  # A failure says why on one line (sanity_check_wheel on stdout, as TheRock's).
  # Here-strings, not pipes: under pipefail, grep -q leaving early would
  # fail printf with SIGPIPE, and the pipeline with it.
  if [ $rc -ne 0 ] && ! grep -q "^$name: error: \|^ERROR: " <<< "$out"; then ok=0; fi
  if grep -qE 'Sanitizer|runtime error|terminate called|Segmentation|Aborted' <<< "$out"; then ok=0; fi
  if [ $ok -eq 0 ]; then
    failed=$((failed + 1))
    [ $failed -le 10 ] && printf 'FAIL %s %.80s [%.80s]: exit %s\n%s\n' "$name" "$args" "$envs" "$rc" "$(printf '%s' "$out" | head -3 | cut -c1-200)"
  fi
  rm -f o e s
}
for tool in "$bin"/*; do
  # Every bad argument list with one of the environments, and every
  # environment with no arguments.
  i=0
  for args in "${args_list[@]}"; do
    check "$tool" "${env_list[$((i % ${#env_list[@]}))]}" "$args"
    i=$((i + 1))
  done
  for envs in "${env_list[@]}"; do check "$tool" "$envs" ""; done
done
echo "step_tools_robust: $runs runs, $failed failed"
[ $failed -eq 0 ]
