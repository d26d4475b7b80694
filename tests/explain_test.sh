#!/usr/bin/env bash
# pipec explain on TheRock's real pipelines, for the seeds' per-trigger
# table: which families build PyTorch (decided by the configure_ci logic),
# and that exactly their PyTorch build jobs run. Compares a counted summary
# of the report's lines.
#   tests/explain_test.sh PIPEC ROOT
set -uo pipefail
pipec=$(realpath "$1"); cd "$2"
passed=0 failed=0
check() {  # name, expected summary, explain args...
  local name=$1 want=$2; shift 2
  local got
  got=$("$pipec" explain "$@" 2>&1 | grep -E 'PyTorch:|^      build_pytorch_wheels|^  [a-z_]+ ?' | sed 's/^ *//' | sort | uniq -c)
  if [ "$got" = "$want" ]; then passed=$((passed + 1))
  else failed=$((failed + 1)); printf 'FAIL %s\n--- got\n%s\n--- want\n%s\n' "$name" "$got" "$want"; fi
}
check "pull request without labels: no family builds PyTorch" "      7 build_pytorch_wheels: skipped (false: inputs.build_pytorch)
      1 ci_summary [CI Summary]: runs
      1 linux: gfx94X-dcgpu, gfx110X-all, gfx1151, gfx120X-all; PyTorch: none
      1 linux_build_and_test: 4 legs
      1 setup: calls setup.yml
      1 windows: gfx110X-all, gfx1151, gfx120X-all; PyTorch: none
      1 windows_build_and_test: 3 legs" --workflow therock/.github/workflows/ci.yml --event pull_request --changed src/a.cpp
labelled_pr="      1 build_pytorch_wheels [Build PyTorch]: calls build_portable_linux_pytorch_wheels_ci.yml
      6 build_pytorch_wheels: skipped (false: inputs.build_pytorch)
      1 ci_summary [CI Summary]: runs
      1 linux: gfx94X-dcgpu, gfx110X-all, gfx1151, gfx120X-all; PyTorch: gfx94X-dcgpu
      1 linux_build_and_test: 4 legs
      1 setup: calls setup.yml
      1 windows: gfx110X-all, gfx1151, gfx120X-all; PyTorch: none
      1 windows_build_and_test: 3 legs"
check "pull request labelled build:pytorch: gfx94X only" "$labelled_pr" --workflow therock/.github/workflows/ci.yml --event pull_request --label build:pytorch --changed src/a.cpp
# The seeds' case: a change to the PyTorch build alone, checked in CI
# rather than in a dev release (external-builds/ is no skippable path).
check "pull request changing only external-builds/pytorch, labelled build:pytorch" "$labelled_pr" --workflow therock/.github/workflows/ci.yml --event pull_request --label build:pytorch \
  --changed external-builds/pytorch/build_prod_wheels.py
check "push to main: gfx94X only" "      1 build_pytorch_wheels [Build PyTorch]: calls build_portable_linux_pytorch_wheels_ci.yml
      7 build_pytorch_wheels: skipped (false: inputs.build_pytorch)
      1 ci_summary [CI Summary]: runs
      1 linux: gfx94X-dcgpu, gfx110X-all, gfx1151, gfx120X-all, gfx950-dcgpu; PyTorch: gfx94X-dcgpu
      1 linux_build_and_test: 5 legs
      1 setup: calls setup.yml
      1 windows: gfx110X-all, gfx1151, gfx120X-all; PyTorch: none
      1 windows_build_and_test: 3 legs" --workflow therock/.github/workflows/ci.yml --event push --branch main --changed src/a.cpp
check "nightly schedule: every family not expected to fail" "     10 build_pytorch_wheels [Build PyTorch]: calls build_portable_linux_pytorch_wheels_ci.yml
      7 build_pytorch_wheels [Build PyTorch]: calls build_windows_pytorch_wheels_ci.yml
      1 build_pytorch_wheels: skipped (false: !inputs.expect_failure)
      2 build_pytorch_wheels: skipped (false: inputs.build_pytorch)
      1 linux: gfx94X-dcgpu, gfx110X-all, gfx1151, gfx120X-all, gfx950-dcgpu, gfx90X-dcgpu, gfx101X-dgpu, gfx103X-dgpu, gfx1150, gfx1152, gfx1153; PyTorch: gfx94X-dcgpu, gfx110X-all, gfx1151, gfx120X-all, gfx950-dcgpu, gfx90X-dcgpu, gfx103X-dgpu, gfx1150, gfx1152, gfx1153
      1 linux_build_and_test: 11 legs
      1 setup: calls setup.yml
      1 windows: gfx110X-all, gfx1151, gfx120X-all, gfx90X-dcgpu, gfx101X-dgpu, gfx103X-dgpu, gfx1150, gfx1152, gfx1153; PyTorch: gfx110X-all, gfx1151, gfx120X-all, gfx103X-dgpu, gfx1150, gfx1152, gfx1153
      1 windows_build_and_test: 9 legs" --workflow ci_nightly.yml --event schedule
check "docs-only push runs no builds" "      1 ci_summary [CI Summary]: runs
      1 linux: gfx94X-dcgpu, gfx110X-all, gfx1151, gfx120X-all, gfx950-dcgpu; PyTorch: gfx94X-dcgpu
      1 linux_build_and_test: skipped (false: needs.setup.outputs.enable_build_jobs == 'true')
      1 setup: calls setup.yml
      1 windows: gfx110X-all, gfx1151, gfx120X-all; PyTorch: none
      1 windows_build_and_test: skipped (false: needs.setup.outputs.enable_build_jobs == 'true')" --workflow therock/.github/workflows/ci.yml --event push --branch main --changed docs/a.md
# The nightly benchmarks run where the family table has a benchmark runner;
# ci.yml runs none.
benchmarks() {  # explain args...: the legs whose test_benchmarks job runs
  "$pipec" explain "$@" 2>&1 | awk '/^    [a-z_]+ \[/ { leg = $2; sub(/:$/, "", leg) } /^      test_benchmarks \[/ { print leg }'
}
got="$(benchmarks --workflow ci_nightly.yml --event schedule) | $(benchmarks --workflow therock/.github/workflows/ci.yml --event push --changed src/a.cpp)"
if [ "$got" = "[Linux::gfx94X-dcgpu::release]
[Windows::gfx1151::release] | " ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL benchmarks: %s\n' "$got"; fi
# A pull request from a fork gets no credentials, so nothing it builds is
# uploaded: the jobs that install from the run's uploads, or index them, skip,
# and the report names the part of their condition that skips them.
gfx94x_jobs() {  # explain args...: the jobs of the gfx94X Linux leg
  "$pipec" explain --workflow therock/.github/workflows/ci.yml "$@" 2>&1 |
    awk '/^    [a-z_]+ \[/ { on = ($2 == "[Linux::gfx94X-dcgpu::release]:") }
         on && /^      [a-z]/ { sub(/^ +/, ""); if ($2 == "skipped") print; else print $1, $2 }'
}
got="$(gfx94x_jobs --event pull_request --label build:pytorch --changed src/a.cpp)
--- fork
$(gfx94x_jobs --event pull_request --fork --label build:pytorch --changed src/a.cpp)"
if [ "$got" = "build_artifacts [Build
test_artifacts [Test
test_benchmarks: skipped (false: inputs.benchmark_runs_on != '')
build_python_packages [Build
test_rocm_wheels [Test
build_pytorch_wheels [Build
index_python_packages [Index
test_pytorch_wheels [Test
--- fork
build_artifacts [Build
test_artifacts [Test
test_benchmarks: skipped (false: inputs.benchmark_runs_on != '')
build_python_packages [Build
test_rocm_wheels: skipped (false: !github.event.pull_request.head.repo.fork)
build_pytorch_wheels: skipped (false: !github.event.pull_request.head.repo.fork)
index_python_packages: skipped (false: !github.event.pull_request.head.repo.fork)
test_pytorch_wheels: skipped (false: !github.event.pull_request.head.repo.fork)" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL fork: %s\n' "$got"; fi
# Release: the release steps' own logic, run on the family table, decides
# each leg's test runner and whether its wheels are promoted (explain takes
# every job that runs as succeeding). The torch version is only known once
# the build has run.
first_leg() {  # explain args...: the first release leg's jobs and notes
  "$pipec" explain --event workflow_dispatch "$@" 2>&1 | awk '/^    release \[/ { n++ } n == 1 && !/^    release \[/'
}
got=$(first_leg --workflow release_portable_linux_pytorch_wheels.yml)
if [ "$got" = "      build_pytorch_wheels [Build | gfx94X-dcgpu | py 3.11 | torch release/2.7]: runs
      stage_pytorch_wheels [Stage | gfx94X-dcgpu | py 3.11 | torch release/2.7]: runs
      generate_target_to_run [Generate target_to_run]: runs
        Generating target to run:
          test-runs-on=linux-mi325-1gpu-ossci-rocm
      test_pytorch_wheels [Test | gfx94X-dcgpu | linux-mi325-1gpu-ossci-rocm]: calls test_pytorch_wheels.yml
        test_wheels [Test | gfx94X-dcgpu | torch release/2.7]: runs
      upload_pytorch_wheels [Release PyTorch Wheels to S3]: runs
        Determine upload flag:
          upload=true" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL release gfx94X:\n%s\n' "$got"; fi
got=$(first_leg --workflow release_windows_pytorch_wheels.yml --input amdgpu_family=gfx120X-all)
if [ "$got" = "      build_pytorch_wheels [Build | gfx120X-all | py 3.11 | torch release/2.9]: runs
      stage_pytorch_wheels [Stage | gfx120X-all | py 3.11 | torch release/2.9]: runs
      generate_target_to_run [Generate target_to_run]: runs
        Generating target to run:
          no test runner
          bypass_tests_for_releases=True
      test_pytorch_wheels: skipped (false: needs.generate_target_to_run.outputs.test_runs_on != '')
      upload_pytorch_wheels [Release PyTorch Wheels to S3]: runs
        Determine upload flag:
          upload=true" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL release gfx120X:\n%s\n' "$got"; fi
got=$(first_leg --workflow release_portable_linux_pytorch_wheels.yml --input amdgpu_family=gfx1152 | tail -3)
if [ "$got" = "        Determine upload flag:
          ::warning::No test runner and BYPASS_TESTS_FOR_RELEASES not set. Skipping upload.
          upload=false" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL release gfx1152:\n%s\n' "$got"; fi
# On a release branch the policy promotes untested wheels too: the step
# reads the branch from the runner's GITHUB_REF_NAME.
got=$(first_leg --workflow release_portable_linux_pytorch_wheels.yml --branch release/therock-7.1 --input amdgpu_family=gfx1152 | tail -3)
if [ "$got" = "        Determine upload flag:
          ::notice::On release branch: release/therock-7.1. Forcing upload independent of test results.
          upload=true" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL release branch:\n%s\n' "$got"; fi
# The header says what the event is, and when no diff was given.
got="$("$pipec" explain --event pull_request --label build:pytorch --workflow ci.yml | sed -n 1,2p)
$("$pipec" explain --event push --changed src/a.cpp --changed docs/b.md --workflow ci.yml | sed -n 1,2p)"
if [ "$got" = "event: pull_request (synchronize), branch main, labels build:pytorch
no changed paths given (--changed PATH): path filters are taken to match, and steps that read the diff see none
event: push, branch main, changed src/a.cpp, docs/b.md" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL header:\n%s\n' "$got"; fi
out=$("$pipec" explain --event push --fork 2>&1); rc=$?
if [ $rc -eq 2 ] && [ "$out" = 'error: --fork describes a pull request; it needs --event pull_request [usage]
1 error' ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL fork push: %s %s\n' "$rc" "$out"; fi
out=$("$pipec" explain --event release 2>&1); rc=$?
if [ $rc -eq 2 ] && [ "$out" = 'error: --event must be one of push, pull_request, schedule, workflow_dispatch [usage]
1 error' ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL bad event: %s %s\n' "$rc" "$out"; fi
# Arguments GitHub would refuse, or that name nothing, are errors.
usage() {  # name, expected output (exit 2), explain args...
  local name=$1 want=$2; shift 2
  local out rc
  out=$("$pipec" explain "$@" 2>&1); rc=$?
  if [ $rc -eq 2 ] && [ "$out" = "$want" ]; then passed=$((passed + 1))
  else failed=$((failed + 1)); printf 'FAIL %s: exit %s\n--- got\n%s\n--- want\n%s\n' "$name" "$rc" "$out" "$want"; fi
}
ci=therock/.github/workflows/ci.yml
usage "unknown workflow" 'error: --workflow ci_linx.yml is no generated workflow (did you mean "ci_linux.yml"?) [usage]
1 error' --event push --workflow ci_linx.yml
usage "input without dispatch" 'error: --input gives a workflow_dispatch input; it needs --event workflow_dispatch [usage]
1 error' --event push --input build_pytorch=true
usage "label without pull request" 'error: --label is a pull request'"'"'s label; it needs --event pull_request [usage]
1 error' --event push --label build:pytorch
usage "labeled without a label" 'error: --type labeled is a label'"'"'s activity; name the label with --label [usage]
1 error' --event pull_request --type labeled
usage "input twice" 'error: --input build_pytorch is given twice [usage]
1 error' --event workflow_dispatch --input build_pytorch=true --input build_pytorch=false
usage "unknown input" 'error: --input linux_amdgpu_famlies: no workflow that runs on this event has a dispatch input "linux_amdgpu_famlies" (did you mean "linux_amdgpu_families"?) [usage]
1 error' --event workflow_dispatch --workflow $ci --input linux_amdgpu_famlies=gfx94X
usage "boolean input" 'error: --input linux_use_prebuilt_artifacts: generated/therock/.github/workflows/ci.yml takes true or false, not "yes" [usage]
1 error' --event workflow_dispatch --workflow $ci --input linux_use_prebuilt_artifacts=yes
usage "choice input" 'error: --input amdgpu_family: generated/therock/.github/workflows/release_windows_pytorch_wheels.yml takes one of gfx101X-dgpu, gfx103X-dgpu, gfx110X-all, gfx1150, gfx1151, gfx1152, gfx1153, gfx120X-all, gfx90X-dcgpu, not "gfx94x" [usage]
1 error' --event workflow_dispatch --workflow release_windows_pytorch_wheels.yml --input amdgpu_family=gfx94x
usage "input without a name" '--input: takes name=value, not "=x"
Run with --help for more information.' --event workflow_dispatch --input =x
usage "input without a value" '--input: takes name=value, not "build_pytorch"
Run with --help for more information.' --event workflow_dispatch --input build_pytorch
# An empty value is most often an unset variable in a script.
usage "empty branch" '--branch: is empty
Run with --help for more information.' --event push --branch ""
# A branch or tag as events name it, which git allows: not the full ref,
# nor a name with a line break (once printed as it was, breaking the report).
usage "full ref" '--branch: takes the short name (main), not the full ref "refs/heads/main"
Run with --help for more information.' --event push --branch refs/heads/main
usage "tag with .." '--tag: is no branch or tag name git allows (a control character, space, ~ ^ : ? * [ \, "..", or a / or - at an end)
Run with --help for more information.' --event push --tag v1..2
usage "branch with a line break" '--branch: is no branch or tag name git allows (a control character, space, ~ ^ : ? * [ \, "..", or a / or - at an end)
Run with --help for more information.' --event push --branch "$(printf 'a\nb')"
usage "empty label" '--label: is empty
Run with --help for more information.' --event pull_request --label ""
usage "empty changed path" '--changed: is empty
Run with --help for more information.' --event pull_request --changed ""
usage "empty workflow" '--workflow: is empty
Run with --help for more information.' --event push --workflow ""
# A matrix leg is labelled with the name GitHub gives it: the written name
# (or the job id) and the leg's values, an include entry of its own with its
# axis keys first; empty values are left out; a name with ${{ }} is
# its value alone, unless that is empty. A list or an object shows its
# leaves, and a name past 100 characters is cut as GitHub cuts it. A job
# named as its id shows the id. Each leg has its strategy context; a job
# without a matrix is one leg, and its matrix is null.
legs=$(mktemp -d); trap 'rm -rf "$legs"' EXIT
mkdir "$legs/pipelines"
cat > "$legs/pipelines/legs.pipe" <<'PIPE'
workflow legs {
  file = "legs.yml"
  on { push }
  jobs {
    same { runs-on = "ubuntu-24.04"; name = "same"; steps = [{ run: "true" }] }
    unnamed {
      runs-on = "ubuntu-24.04"
      strategy { matrix { py = ["3.11", ""]; os = ["linux"]; include = [{ extra: "x", py: "3.13" }, { py: "3.11", tag: "t" }] } }
      steps = [{ run: "true" }]
    }
    named {
      runs-on = "ubuntu-24.04"
      name = "Build"
      strategy { matrix { n = [1, 2.5]; flag = [true] } }
      steps = [{ run: "true" }]
    }
    computed {
      runs-on = "ubuntu-24.04"
      name = "Test ${{ matrix.os }}"
      strategy { matrix { os = ["linux"] } }
      steps = [{ run: "true" }]
    }
    empty {
      runs-on = "ubuntu-24.04"
      name = "${{ matrix.label }}"
      strategy { matrix { label = [""]; os = ["linux"] } }
      steps = [{ run: "true" }]
    }
    nested {
      runs-on = "ubuntu-24.04"
      strategy { matrix { cfg = [{ os: "linux", ver: [22, 24], on: true, x: "" }]; py = ["3.12"] } }
      steps = [{ run: "true" }]
    }
    long {
      runs-on = "ubuntu-24.04"
      name = "A long name that goes on and on and on and on and on and on and on and on and on"
      strategy { matrix { os = ["linux-with-a-long-label", "windows"] } }
      steps = [{ run: "true" }]
    }
    counted {
      runs-on = "ubuntu-24.04"
      name = "${{ strategy.job-index }}/${{ strategy.job-total }} ${{ strategy.max-parallel }} ${{ strategy.fail-fast }}"
      strategy { fail-fast = false; max-parallel = 2; matrix { py = ["3.11", "3.12", "3.13"] } }
      steps = [{ run: "true" }]
    }
    single {
      runs-on = "ubuntu-24.04"
      name = "${{ strategy.job-index }}/${{ strategy.job-total }} ${{ strategy.max-parallel }} ${{ strategy.fail-fast }} ${{ toJSON(matrix) }}"
      steps = [{ run: "true" }]
    }
  }
}
use legs()
PIPE
got=$(cd "$legs" && "$pipec" explain --event push 2>&1 | tail -n +4)
if [ "$got" = "legs.yml
  same: runs
  unnamed: 3 legs
    unnamed [unnamed (3.11, linux)]: runs
    unnamed [unnamed (linux)]: runs
    unnamed [unnamed (3.13, x)]: runs
  named: 2 legs
    named [Build (1, true)]: runs
    named [Build (2.5, true)]: runs
  computed: 1 leg
    computed [Test linux]: runs
  empty: 1 leg
    empty [empty (linux)]: runs
  nested: 1 leg
    nested [nested (linux, 22, 24, true, 3.12)]: runs
  long: 2 legs
    long [A long name that goes on and on and on and on and on and on and on and on and on (linux-with-a-lo...]: runs
    long [A long name that goes on and on and on and on and on and on and on and on and on (windows)]: runs
  counted: 3 legs
    counted [0/3 2 false]: runs
    counted [1/3 2 false]: runs
    counted [2/3 2 false]: runs
  single [0/1 1 true null]: runs" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL leg names:\n%s\n' "$got"; fi
# Conditions as GitHub reads them: an if that is one ${{ }} is that
# expression; without a status function it is success() && (...), so a job
# whose needed job was skipped is skipped; a step whose if is false is
# skipped, gives no outputs, and its outcome is skipped. A pull request
# runs on its merge ref, and has a base_ref.
cat > "$legs/pipelines/legs.pipe" <<'PIPE'
workflow conditions {
  file = "conditions.yml"
  on { push; pull_request }
  jobs {
    pr_only { runs-on = "ubuntu-24.04"; if = "${{ github.event_name == 'pull_request' }}"; steps = [{ run: "true" }] }
    after { needs = ["pr_only"]; runs-on = "ubuntu-24.04"; if = github.repository_owner == "ROCm"; steps = [{ run: "true" }] }
    always_after { needs = ["pr_only"]; runs-on = "ubuntu-24.04"; if = always() && github.repository_owner == "ROCm"; steps = [{ run: "true" }] }
    outputs {
      runs-on = "ubuntu-24.04"
      outputs = { o: "${{ steps.s.outputs.x }}", r: "${{ steps.s.outcome }}", t: "${{ steps.t.outcome }}" }
      steps = [
        { id: "s", if: "${{ github.event_name == 'pull_request' }}", run: "echo x=1 >> \"$GITHUB_OUTPUT\"" },
        { id: "t", if: "${{ job.status == 'success' }}", run: "true" },
      ]
    }
    reader { needs = ["outputs"]; runs-on = "ubuntu-24.04"; name = "got [${{ needs.outputs.outputs.o }}] ${{ needs.outputs.outputs.r }} ${{ needs.outputs.outputs.t }}"; steps = [{ run: "true" }] }
    refs { runs-on = "ubuntu-24.04"; name = "${{ github.ref }} [${{ github.base_ref }}]"; steps = [{ run: "true" }] }
  }
}
use conditions()
PIPE
got=$(cd "$legs" && "$pipec" explain --event push 2>&1 | tail -n +4; "$pipec" explain --event pull_request 2>&1 | tail -n +4)
if [ "$got" = "conditions.yml
  pr_only: skipped (false: github.event_name == 'pull_request')
  after: skipped (a needed job did not succeed)
  always_after: runs
  outputs: runs
  reader [got [] skipped success]: runs
  refs [refs/heads/main []]: runs
conditions.yml
  pr_only: runs
  after: runs
  always_after: runs
  outputs: runs
  reader [got [<o>] success success]: runs
  refs [refs/pull/1/merge [main]]: runs" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL conditions:\n%s\n' "$got"; fi
# JSON nested past the runner's 64 levels is no value for fromJSON (a
# matrix of none), and explain does not crash on it, however deep.
cat > "$legs/pipelines/legs.pipe" <<'PIPE'
workflow deep {
  file = "deep.yml"
  on { dispatch }
  input m: string = "{\"os\": [\"linux\"]}"
  job a {
    runs-on = "ubuntu-24.04"
    strategy { matrix = fromJSON(inputs.m) }
    step { env { LEG = toJSON(matrix) } run = "echo \"$LEG\"" }
  }
}
use deep()
PIPE
deep=$(printf '{"os": [%s%s]}' "$(printf '[%.0s' $(seq 30000))" "$(printf ']%.0s' $(seq 30000))")
got=$(cd "$legs" && "$pipec" explain --event workflow_dispatch --input "m=$deep" 2>&1 | tail -n +4; echo "exit $?")
if [ "$got" = "deep.yml
  a: not followed (its matrix legs are not known here)
exit 0" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL deep JSON:\n%s\n' "$(printf '%s' "$got" | cut -c1-300)"; fi
# A manual run gives a number input as text, given or by its default; a
# boolean keeps its type.
cat > "$legs/pipelines/legs.pipe" <<'PIPE'
workflow manual {
  file = "manual.yml"
  on { dispatch }
  input n: number = 30
  input m: number = 1
  input b: boolean = true
  job a {
    runs-on = "ubuntu-24.04"
    name = "${{ toJSON(inputs.n) }} ${{ toJSON(inputs.m) }} ${{ toJSON(inputs.b) }}"
    step { run = "true" }
  }
}
use manual()
PIPE
got=$(cd "$legs" && "$pipec" explain --event workflow_dispatch --input m=5 2>&1 | tail -n +4)
if [ "$got" = 'manual.yml
  a ["30" "5" true]: runs' ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL manual inputs:\n%s\n' "$got"; fi
# A called workflow's input that its caller leaves out holds its default
# (one with no default must be given: check_calls).
cat > "$legs/pipelines/legs.pipe" <<'PIPE'
workflow lib {
  file = "lib.yml"
  on { call }
  input b: boolean = true
  input n: number = 3
  input s: string = "x"
  job a {
    runs-on = "ubuntu-24.04"
    name = "${{ toJSON(inputs.b) }} ${{ toJSON(inputs.n) }} ${{ toJSON(inputs.s) }}"
    step { run = "true" }
  }
}
workflow caller {
  file = "caller.yml"
  on { dispatch }
  job call { uses = lib() }
}
use caller()
PIPE
got=$(cd "$legs" && "$pipec" explain --event workflow_dispatch 2>&1 | tail -n +4)
if [ "$got" = 'caller.yml
  call: calls lib.yml
    a [true 3 "x"]: runs' ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL inputs left out:\n%s\n' "$got"; fi
# A push that filters tags alone never runs for a branch, and one that
# filters branches alone never for a tag; paths-ignore skips a run whose
# every changed path it lists.
cat > "$legs/pipelines/legs.pipe" <<'PIPE'
workflow release {
  file = "release.yml"
  on { push { tags = ["v*"] } }
  job j { runs-on = "ubuntu-24.04" step { run = "echo release" } }
}
workflow ci {
  file = "ci.yml"
  on { push { branches = ["main"] paths-ignore = ["docs/**"] } }
  job j { runs-on = "ubuntu-24.04" step { run = "echo ci" } }
}
use release()
use ci()
PIPE
runs_case() {  # NAME WANT ARGS...: the workflows explain ARGS runs
  local name=$1 want=$2; shift 2
  local got; got=$(cd "$legs" && "$pipec" explain "$@" 2>&1 | grep -v '^ \|^event\|^no changed\|^$')
  if [ "$got" = "$want" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL %s:\n%s\n' "$name" "$got"; fi
}
tag_case() {  # NAME WANT ARGS...: the workflows a push runs
  local name=$1 want=$2; shift 2
  runs_case "$name" "$want" --event push "$@"
}
tag_case branch-push "ci.yml" --branch main
tag_case tag-push "release.yml" --tag v1.0
tag_case other-tag "no workflow runs on this event" --tag x1.0
tag_case docs-only "no workflow runs on this event" --branch main --changed docs/a.md
tag_case docs-and-code "ci.yml" --branch main --changed docs/a.md --changed src/a.cpp
# Glob matching: * stops at /, ** does not; a pattern of many stars is
# matched in time the lengths bound (trying each split of every * once ran
# for minutes).
cat > "$legs/pipelines/legs.pipe" <<'PIPE'
workflow stars {
  file = "stars.yml"
  on { push { branches = ["*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*ab", "rel/*/x", "deep/**/y"] } }
  job j { runs-on = "ubuntu-24.04" step { run = "echo stars" } }
}
use stars()
PIPE
tag_case many-stars "no workflow runs on this event" --branch "$(printf 'a%.0s' $(seq 60))"
tag_case many-stars-match "stars.yml" --branch "$(printf 'a%.0s' $(seq 60))b"
tag_case star-one-level "stars.yml" --branch rel/1/x
tag_case star-not-two "no workflow runs on this event" --branch rel/1/2/x
tag_case double-star "stars.yml" --branch deep/1/2/y
# A list of patterns is read in order, the last that matches deciding (a
# leading ! leaves out); ? and + repeat the character before them, [...]
# is one of its characters, and **/ is any folders, or none.
cat > "$legs/pipelines/legs.pipe" <<'PIPE'
workflow filters {
  file = "filters.yml"
  on { push { branches = ["**", "!skip/**", "skip/but-this", "v[12].[0-9]+", "rel-ab?c"] paths = ["**/README.md"] } }
  job j { runs-on = "ubuntu-24.04" step { run = "echo filters" } }
}
use filters()
PIPE
tag_case negated "no workflow runs on this event" --branch skip/x
tag_case negated-then-taken "filters.yml" --branch skip/but-this
tag_case class-plus "filters.yml" --branch v1.10
tag_case optional-char "filters.yml" --branch rel-ac
tag_case any-folders-none "filters.yml" --branch main --changed README.md
tag_case any-folders "filters.yml" --branch main --changed a/b/README.md
tag_case any-folders-not-a-suffix "no workflow runs on this event" --branch main --changed a/xREADME.md
# A pull request runs a workflow for the activity types it lists, or for
# opened, synchronize and reopened; explain's is synchronize unless --type.
cat > "$legs/pipelines/legs.pipe" <<'PIPE'
workflow closed {
  file = "closed.yml"
  on { pull_request { types = ["closed"] } }
  job j { runs-on = "ubuntu-24.04" step { run = "echo closed" } }
}
workflow updated {
  file = "updated.yml"
  on { pull_request }
  job j { runs-on = "ubuntu-24.04" step { run = "echo updated" } }
}
use closed()
use updated()
PIPE
runs_case default-activity "updated.yml" --event pull_request
runs_case listed-activity "closed.yml" --event pull_request --type closed
runs_case unlisted-activity "no workflow runs on this event" --event pull_request --type labeled --label x
got=$(cd "$legs" && "$pipec" explain --event push --type closed 2>&1); rc=$?
if [ "$rc" = 2 ] && [ "$got" = "error: --type is a pull request's activity type (with --event pull_request), not push's [usage]
1 error" ]; then
  passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL type-not-pr: %s\n%s\n' "$rc" "$got"; fi
got=$(cd "$legs" && "$pipec" explain --event pull_request --type synchronise 2>&1); rc=$?
if [ "$rc" = 2 ] && [ "$got" = "error: --type synchronise is no activity type of a pull request; they are assigned, unassigned, labeled, unlabeled, opened, edited, closed, reopened, synchronize, converted_to_draft, ready_for_review, locked, unlocked, review_requested, review_request_removed, auto_merge_enabled, auto_merge_disabled, milestoned, demilestoned, enqueued, dequeued [usage]
1 error" ]; then
  passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL type-unknown: %s\n%s\n' "$rc" "$got"; fi
got=$(cd "$legs" && "$pipec" explain --event push --branch main --tag v1 2>&1); rc=$?
if [ "$rc" = 2 ] && [ "$got" = "error: --branch and --tag: a push is of a branch or of a tag, not both [usage]
1 error" ]; then
  passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL branch-and-tag: %s\n%s\n' "$rc" "$got"; fi
got=$(cd "$legs" && "$pipec" explain --event pull_request --tag v1 2>&1); rc=$?
if [ "$rc" = 2 ] && [ "$got" = "error: --tag is for --event push (a tag is pushed), not pull_request [usage]
1 error" ]; then
  passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL tag-not-push: %s\n%s\n' "$rc" "$got"; fi
# The repository the run is in (ROCm/TheRock unless --repository), which
# conditions read: a job only for ROCm's repository, one only elsewhere.
cat > "$legs/pipelines/legs.pipe" <<'PIPE'
workflow where {
  file = "where.yml"
  on { push }
  job rocm { if = github.repository_owner == "ROCm" runs-on = "ubuntu-24.04" step { run = "echo rocm" } }
  job mine { if = github.repository == "me/project" runs-on = "ubuntu-24.04" step { run = "echo mine" } }
}
use where()
PIPE
got=$(cd "$legs" && "$pipec" explain --event push --changed a.txt 2>&1)
if [ "$got" = "event: push, branch main, changed a.txt

where.yml
  rocm: runs
  mine: skipped (false: github.repository == 'me/project')" ]; then
  passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL repository-default:\n%s\n' "$got"; fi
got=$(cd "$legs" && "$pipec" explain --event push --changed a.txt --repository me/project 2>&1)
if [ "$got" = "event: push, branch main, in me/project, changed a.txt

where.yml
  rocm: skipped (false: github.repository_owner == 'ROCm')
  mine: runs" ]; then
  passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL repository-given:\n%s\n' "$got"; fi
got=$(cd "$legs" && "$pipec" explain --event push --repository project 2>&1); rc=$?
if [ "$rc" = 2 ] && [ "$got" = '--repository: takes OWNER/NAME, not "project"
Run with --help for more information.' ]; then
  passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL repository-bad: %s\n%s\n' "$rc" "$got"; fi
# Job-level success() reads every job before a job, not only its needs: a
# skip two jobs back skips a job whose if has no status function. An
# output only a run gives decides nothing (the job is not followed, nor
# what comes after it), and neither does a step's if that reads one. A
# matrix of no legs, or of more than 256, fails its job.
cat > "$legs/pipelines/legs.pipe" <<'PIPE'
workflow chains {
  file = "chains.yml"
  on { push }
  jobs {
    pr_only { runs-on = "ubuntu-24.04"; if = github.ref_name == "release"; steps = [{ run: "true" }] }
    always_after { needs = ["pr_only"]; runs-on = "ubuntu-24.04"; if = always(); steps = [{ run: "true" }] }
    implicit { needs = ["always_after"]; runs-on = "ubuntu-24.04"; steps = [{ run: "true" }] }
    written { needs = ["always_after"]; runs-on = "ubuntu-24.04"; if = success(); steps = [{ run: "true" }] }
    not_failed { needs = ["always_after"]; runs-on = "ubuntu-24.04"; if = !failure(); steps = [{ run: "true" }] }
    check {
      runs-on = "ubuntu-24.04"
      outputs = { changed: "${{ steps.diff.outputs.changed }}", later: "${{ steps.second.outputs.v }}" }
      steps = [
        { id: "diff", run: "echo changed=true >> \"$GITHUB_OUTPUT\"" },
        { id: "second", if: "${{ steps.diff.outputs.changed == 'true' }}", run: "echo v=1 >> \"$GITHUB_OUTPUT\"" },
      ]
    }
    build { needs = ["check"]; runs-on = "ubuntu-24.04"; if = needs.check.outputs.changed == "true"; steps = [{ run: "true" }] }
    build2 { needs = ["check"]; runs-on = "ubuntu-24.04"; if = needs.check.outputs.later == "1"; steps = [{ run: "true" }] }
    after_build { needs = ["build"]; runs-on = "ubuntu-24.04"; steps = [{ run: "true" }] }
  }
}
workflow legs {
  file = "legs.yml"
  on { dispatch }
  input legs: string = "[\"a\"]"
  jobs {
    legs { runs-on = "ubuntu-24.04"; strategy { matrix { os = fromJSON(inputs.legs) } } steps = [{ run: "true" }] }
    on_failure { needs = ["legs"]; runs-on = "ubuntu-24.04"; if = always() && needs.legs.result == "failure"; steps = [{ run: "true" }] }
    after_legs { needs = ["legs"]; runs-on = "ubuntu-24.04"; steps = [{ run: "true" }] }
  }
}
use chains()
use legs()
PIPE
many=$(printf '"x%s",' $(seq 300)); many="[${many%,}]"
got=$(cd "$legs" && "$pipec" explain --event push 2>&1 | tail -n +4; for l in '["a"]' "[]" "$many" '{"os": 1}'; do
  "$pipec" explain --event workflow_dispatch --input "legs=$l" 2>&1 | grep -E '^  (legs|on_failure|after_legs)'; done)
if [ "$got" = "chains.yml
  pr_only: skipped (false: github.ref_name == 'release')
  always_after: runs
  implicit: skipped (a job before it did not succeed: pr_only)
  written: skipped (false: success())
  not_failed: runs
  check: runs
  build: not followed (its if reads needs.check.outputs.changed, which only a run gives)
  build2: not followed (its if reads needs.check.outputs.later, which only a run gives)
  after_build: not followed (it comes after build, which explain did not follow)
  legs: 1 leg
  on_failure: skipped (false: needs.legs.result == 'failure')
  after_legs: runs
  legs: fails (its matrix has no legs, which GitHub refuses)
  on_failure: runs
  after_legs: skipped (a needed job did not succeed)
  legs: fails (its matrix has 300 legs, and GitHub allows 256)
  on_failure: runs
  after_legs: skipped (a needed job did not succeed)
  legs: not followed (its matrix legs are not known here)
  on_failure: not followed (its if reads needs.legs.result, which only a run gives)
  after_legs: not followed (it comes after legs, which explain did not follow)" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL chains:\n%s\n' "$got"; fi
# The payload fields conditions read: a push's ref, a pull request's head
# and base and its label, a schedule's cron, and a manual run's inputs as
# the form gives them (defaults filled, a boolean false, a choice its
# first option), as text in github.event.inputs.
cat > "$legs/pipelines/legs.pipe" <<'PIPE'
workflow payload {
  file = "payload.yml"
  on { push; pull_request { types = ["opened", "labeled"] } schedule = [{cron: "0 2 * * *"}] }
  jobs {
    push_ref { runs-on = "ubuntu-24.04"; if = github.event.ref == "refs/heads/main"; steps = [{ run: "true" }] }
    same_repo { runs-on = "ubuntu-24.04"; if = github.event.pull_request.head.repo.full_name == github.repository; steps = [{ run: "true" }] }
    head_ref { runs-on = "ubuntu-24.04"; if = github.event.pull_request.head.ref == github.head_ref; steps = [{ run: "true" }] }
    label { runs-on = "ubuntu-24.04"; if = github.event.action == "labeled" && github.event.label.name == "ci:run"; steps = [{ run: "true" }] }
    cron { runs-on = "ubuntu-24.04"; if = github.event.schedule == "0 2 * * *"; steps = [{ run: "true" }] }
  }
}
workflow form {
  file = "form.yml"
  on { dispatch }
  input mode: string = "fast"
  input flag: boolean
  input kind: choice["small", "large"]
  input text: string
  jobs {
    form {
      runs-on = "ubuntu-24.04"
      name = "${{ github.event.inputs.mode }} ${{ github.event.inputs.flag }} ${{ github.event.inputs.kind }} [${{ github.event.inputs.text }}] ${{ toJSON(inputs.flag) }} ${{ inputs.kind }}"
      steps = [{ run: "true" }]
    }
  }
}
use payload()
use form()
PIPE
got=$(cd "$legs" && for e in push "pull_request --type labeled --label x --label ci:run" "pull_request --fork --type opened" schedule workflow_dispatch; do
  "$pipec" explain --event $e 2>&1 | grep -E '^  '; done)
if [ "$got" = "  push_ref: runs
  same_repo: skipped (false: github.event.pull_request.head.repo.full_name == github.repository)
  head_ref: runs
  label: skipped (false: github.event.action == 'labeled')
  cron: skipped (false: github.event.schedule == '0 2 * * *')
  push_ref: skipped (false: github.event.ref == 'refs/heads/main')
  same_repo: runs
  head_ref: runs
  label: runs
  cron: skipped (false: github.event.schedule == '0 2 * * *')
  push_ref: skipped (false: github.event.ref == 'refs/heads/main')
  same_repo: skipped (false: github.event.pull_request.head.repo.full_name == github.repository)
  head_ref: runs
  label: skipped (false: github.event.action == 'labeled')
  cron: skipped (false: github.event.schedule == '0 2 * * *')
  push_ref: skipped (false: github.event.ref == 'refs/heads/main')
  same_repo: skipped (false: github.event.pull_request.head.repo.full_name == github.repository)
  head_ref: runs
  label: skipped (false: github.event.action == 'labeled')
  cron: runs
  form [fast false small [] false small]: runs" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL payload:\n%s\n' "$got"; fi
# An if GitHub cannot evaluate (fromJSON of blank text) is an error: a
# job's is not followed (the result GitHub gives it is not modelled), nor
# what reads it; a step's fails, and so its job.
cat > "$legs/pipelines/legs.pipe" <<'PIPE'
workflow errs {
  file = "errs.yml"
  on { dispatch }
  input cfg: string = ""
  jobs {
    a { runs-on = "ubuntu-24.04"; if = fromJSON(inputs.cfg).enabled; steps = [{ run: "true" }] }
    b { needs = ["a"]; runs-on = "ubuntu-24.04"; if = always() && needs.a.result == "failure"; steps = [{ run: "true" }] }
    c {
      runs-on = "ubuntu-24.04"
      steps = [
        { id: "s", if: "${{ fromJSON(inputs.cfg) }}", run: "true" },
        { id: "t", run: "true" },
        { id: "u", if: "${{ failure() }}", run: "true" },
      ]
    }
    d { needs = ["c"]; runs-on = "ubuntu-24.04"; steps = [{ run: "true" }] }
    e { needs = ["c"]; runs-on = "ubuntu-24.04"; if = failure(); steps = [{ run: "true" }] }
  }
}
use errs()
PIPE
got=$(cd "$legs" && "$pipec" explain --event workflow_dispatch 2>&1 | tail -n +4; "$pipec" explain --event workflow_dispatch --input 'cfg={"enabled": true}' 2>&1 | tail -n +4)
if [ "$got" = "errs.yml
  a: not followed (its if fails to evaluate on GitHub: fromJSON(\"\"): no JSON to read)
  b: not followed (its if reads needs.a.result, which only a run gives)
  c: runs
    s: fails (its if fails to evaluate: fromJSON(\"\"): no JSON to read)
  d: skipped (a needed job did not succeed)
  e: runs
errs.yml
  a: runs
  b: skipped (false: needs.a.result == 'failure')
  c: runs
  d: runs
  e: skipped (false: failure())" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL errors:\n%s\n' "$got"; fi
# What is not followed inside a called workflow reaches its caller: a job
# after it whose if holds whatever happened is followed, its outputs are a
# run's, and a callee that fails fails the caller's job. Placeholders are
# found by value: in a step's if, and through a called workflow's inputs.
# A step's outcome is known (it succeeds), only its outputs are not. Of
# several crons, which one started the run is not known.
cat > "$legs/pipelines/legs.pipe" <<'PIPE'
workflow lib {
  file = "lib.yml"
  on { call }
  input v: string = ""
  outputs { v = jobs.summary.outputs.v w = jobs.check.outputs.changed }
  jobs {
    check {
      runs-on = "ubuntu-24.04"
      outputs = { changed: "${{ steps.diff.outputs.changed }}", ok: "${{ steps.ok.outcome }}" }
      steps = [
        { id: "diff", run: "echo changed=true >> \"$GITHUB_OUTPUT\"" },
        { id: "ok", if: "${{ steps.diff.outcome == 'success' }}", run: "true" },
      ]
    }
    build { needs = ["check"]; runs-on = "ubuntu-24.04"; if = needs.check.outputs.changed == "true"; steps = [{ run: "true" }] }
    summary { needs = ["build"]; runs-on = "ubuntu-24.04"; if = always(); outputs = { v: "done" }; steps = [{ run: "true" }] }
    ok { needs = ["check"]; runs-on = "ubuntu-24.04"; if = needs.check.outputs.ok == "success"; steps = [{ run: "true" }] }
    by_input { runs-on = "ubuntu-24.04"; if = inputs.v == "yes"; steps = [{ run: "true" }] }
  }
}
workflow empty {
  file = "empty.yml"
  on { call }
  input legs: string = "[]"
  jobs { inner { runs-on = "ubuntu-24.04"; strategy { matrix { os = fromJSON(inputs.legs) } } steps = [{ run: "true" }] } }
}
workflow caller {
  file = "caller.yml"
  on { push }
  jobs {
    call { uses = lib() }
    report { needs = ["call"]; runs-on = "ubuntu-24.04"; if = needs.call.outputs.v == "done"; steps = [{ run: "true" }] }
    step_reads {
      needs = ["call"]
      runs-on = "ubuntu-24.04"
      outputs = { x: "${{ steps.s.outputs.x }}" }
      steps = [{ id: "s", if: "${{ needs.call.outputs.w == 'true' }}", run: "echo x=1 >> \"$GITHUB_OUTPUT\"" }]
    }
    later { needs = ["step_reads"]; runs-on = "ubuntu-24.04"; if = needs.step_reads.outputs.x == "1"; steps = [{ run: "true" }] }
    passes { needs = ["call"]; uses = lib() with { v = needs.call.outputs.w } }
    fails { uses = empty() }
    after { needs = ["fails"]; runs-on = "ubuntu-24.04"; steps = [{ run: "true" }] }
    on_fail { needs = ["fails"]; runs-on = "ubuntu-24.04"; if = failure(); steps = [{ run: "true" }] }
  }
}
workflow crons {
  file = "crons.yml"
  on { schedule = [{cron: "0 2 * * *"}, {cron: "0 3 * * *"}] }
  jobs { nightly { runs-on = "ubuntu-24.04"; if = github.event.schedule == "0 2 * * *"; steps = [{ run: "true" }] } }
}
use caller()
use crons()
PIPE
got=$(cd "$legs" && "$pipec" explain --event push 2>&1 | tail -n +4; "$pipec" explain --event schedule 2>&1 | tail -n +3)
if [ "$got" = "caller.yml
  call: calls lib.yml
    check: runs
    build: not followed (its if reads needs.check.outputs.changed, which only a run gives)
    summary: runs
    ok: runs
    by_input: skipped (false: inputs.v == 'yes')
  report: runs
  step_reads: runs
    s: not followed (its if reads needs.call.outputs.w, which only a run gives)
  later: not followed (its if reads needs.step_reads.outputs.x, which only a run gives)
  passes: calls lib.yml
    check: runs
    build: not followed (its if reads needs.check.outputs.changed, which only a run gives)
    summary: runs
    ok: runs
    by_input: not followed (its if reads inputs.v, which only a run gives)
  fails: calls empty.yml
    inner: fails (its matrix has no legs, which GitHub refuses)
  after: skipped (a needed job did not succeed)
  on_fail: runs
crons.yml
  nightly: not followed (its if reads github.event.schedule, which only a run gives)" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL callers:\n%s\n' "$got"; fi
# --workflow: a whole path names that file only, though another file's
# path ends with it; a tail names every file with it.
got=$("$pipec" explain --event push --workflow .github/workflows/ci.yml 2>&1 | grep -E '^[^ ].*\.yml$' | tr '\n' ' ')
if [ "$got" = ".github/workflows/ci.yml " ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL whole path:\n%s\n' "$got"; fi
got=$("$pipec" explain --event push --workflow ci.yml 2>&1 | grep -E '^[^ ].*\.yml$' | tr '\n' ' ')
if [ "$got" = ".github/workflows/ci.yml generated/therock/.github/workflows/ci.yml " ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL tail:\n%s\n' "$got"; fi
# No workflow at all: none runs (it once blamed a --workflow not given).
empty=$(mktemp -d) && mkdir "$empty/pipelines"
got=$(cd "$empty" && "$pipec" explain --event push 2>&1); rc=$?
if [ "$rc" = 0 ] && [ "$got" = "event: push, branch main
no changed paths given (--changed PATH): path filters are taken to match, and steps that read the diff see none

no workflow runs on this event" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); printf 'FAIL no-workflows: %s\n%s\n' "$rc" "$got"; fi
rm -rf "$empty"
echo "explain: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
