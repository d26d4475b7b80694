#!/usr/bin/env bash
# What pipec reports when TheRock's sources are edited so that they break
# a promise the checks keep. In a copy of the pipelines, each edit below
# either takes away an index a reader of a run's python/<group>/ folder
# waits for (the readers are found by the value that locates the folder,
# upload_python_packages' package_find_links_url, with no reads { }
# written), or moves CI across the trust boundary, or misspells a name, a
# kind or an import, or leaves an import out;
# pipec must report exactly these errors of the check named (none, where a
# check must not pile its own onto a slip).
#   tests/therock_edits_test.sh PIPEC REPO
set -uo pipefail
pipec=$(realpath "$1")
repo=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0

# expect NAME CHECK SED-SCRIPT FILE WANT: the [CHECK] errors after the edit.
expect() {
  local name=$1 check=$2 script=$3 file=$4 want=$5
  rm -rf "$work/repo" && mkdir -p "$work/repo"
  cp -r "$repo/pipelines" "$work/repo/"
  sed -i "$script" "$work/repo/pipelines/therock/$file"
  if cmp -s "$repo/pipelines/therock/$file" "$work/repo/pipelines/therock/$file"; then
    echo "FAIL $name: the edit changed nothing in $file"
    fail=1
    return
  fi
  local got
  got=$(cd "$work/repo" && "$pipec" check 2>&1 | grep -F "[$check]")
  if [ "$got" == "$want" ]; then
    echo "ok $name"
  else
    echo "FAIL $name (the words that differ, [-expected-]{+got+}):"
    printf '%s\n' "$want" > "$work/want"
    printf '%s\n' "$got" > "$work/got"
    git diff --no-index --no-color --word-diff=plain "$work/want" "$work/got" | tail -n +6
    fail=1
  fi
}

# The PyTorch test no longer waits for the index job.
expect test_before_index index-order \
  's/needs = \[build_python_packages, build_pytorch_wheels, index_python_packages\]/needs = [build_python_packages, build_pytorch_wheels]/' \
  ci.pipe \
  "$(cat <<'OUT'
pipelines/therock/pytorch.pipe:486:5: error: step "Set up venv with torch" in job "linux_build_and_test" in ci.yml -> job "test_pytorch_wheels" in ci_linux.yml -> job "test_wheels" in test_pytorch_wheels.yml reads "a run's python/<group>/ folder" after job "linux_build_and_test" in ci.yml -> job "build_pytorch_wheels" in ci_linux.yml -> job "stage_pytorch_wheels" in build_portable_linux_pytorch_wheels_ci.yml writes into it (upload_python_packages, pipelines/therock/pytorch.pipe:282:9), before job "linux_build_and_test" in ci.yml -> job "index_python_packages" in ci_linux.yml indexes it (index_s3_packages, pipelines/therock/ci.pipe:185:7): the index read may leave out what was written; add index_python_packages to the needs of test_pytorch_wheels in ci_linux.yml (the same in ci_asan.yml, ci_nightly.yml and ci_tsan.yml) [index-order]
pipelines/therock/pytorch.pipe:486:5: error: step "Set up venv with torch" in job "windows_build_and_test" in ci.yml -> job "test_pytorch_wheels" in ci_windows.yml -> job "test_wheels" in test_pytorch_wheels_windows.yml reads "a run's python/<group>/ folder" after job "windows_build_and_test" in ci.yml -> job "build_pytorch_wheels" in ci_windows.yml -> job "stage_pytorch_wheels" in build_windows_pytorch_wheels_ci.yml writes into it (upload_python_packages, pipelines/therock/pytorch.pipe:282:9), before job "windows_build_and_test" in ci.yml -> job "index_python_packages" in ci_windows.yml indexes it (index_s3_packages, pipelines/therock/ci.pipe:185:7): the index read may leave out what was written; add index_python_packages to the needs of test_pytorch_wheels in ci_windows.yml (the same in ci_nightly.yml) [index-order]
OUT
)"

# The ROCm packages' upload leaves the index to the index job, which runs
# only with PyTorch and after the PyTorch build: the ROCm test and the
# PyTorch build now read before any index (and the upload is reported
# too).
# The PyTorch staging job runs on Linux for both platforms: uploading into
# the Linux host's folder puts the Windows wheels where neither the Windows
# index nor the Windows test looks (the folder's key holds its platform).
expect staged_into_host_folder index-order \
  's/^          platform = platform$/          platform = "linux"/' \
  pytorch.pipe \
  "$(cat <<'OUT'
pipelines/therock/pytorch.pipe:282:9: error: job "windows_build_and_test" in ci.yml -> job "build_pytorch_wheels" in ci_windows.yml -> job "stage_pytorch_wheels" in build_windows_pytorch_wheels_ci.yml writes into "a run's python/<group>/ folder" (upload_python_packages), and nothing in a run of ci.yml indexes it after that; the index leaves out what is written here: index it in a job that needs job "build_pytorch_wheels" in ci_windows.yml (or one in ci.yml that needs windows_build_and_test), or let the upload index it (no_index = false) (the same in ci_nightly.yml) [index-order]
OUT
)"
expect rocm_upload_unindexed index-order \
  's/args { input_packages_dir = "packages" artifact_group run_id = github.run_id platform = platform }/args { input_packages_dir = "packages" artifact_group run_id = github.run_id platform = platform no_index = true }/' \
  packages.pipe \
  "$(cat <<'OUT'
pipelines/therock/packages.pipe:97:7: error: job "linux_build_and_test" in ci.yml -> job "build_python_packages" in ci_linux.yml -> job "upload_rocm_wheels" in build_portable_linux_python_packages.yml writes into "a run's python/<group>/ folder" (upload_python_packages), and job "linux_build_and_test" in ci.yml -> job "index_python_packages" in ci_linux.yml indexes it after that (index_s3_packages, pipelines/therock/ci.pipe:185:7), but GitHub may skip that index in a run that makes the write: the condition of job "index_python_packages" in ci_linux.yml holds inputs.build_pytorch (pipelines/therock/ci.pipe:176:29), and nothing on the way to the write does; the index leaves out what is written here: take that part out, or put it on the way to the write too (the same in ci_asan.yml, ci_nightly.yml and ci_tsan.yml) [index-order]
pipelines/therock/packages.pipe:97:7: error: job "upload_rocm_wheels" in build_portable_linux_python_packages.yml writes into "a run's python/<group>/ folder" (upload_python_packages), and nothing in a run of build_portable_linux_python_packages.yml indexes it after that; the index leaves out what is written here: index it in a job that needs job "upload_rocm_wheels" in build_portable_linux_python_packages.yml, or let the upload index it (no_index = false) (the same in build_windows_python_packages.yml) [index-order]
pipelines/therock/packages.pipe:97:7: error: job "windows_build_and_test" in ci.yml -> job "build_python_packages" in ci_windows.yml -> job "upload_rocm_wheels" in build_windows_python_packages.yml writes into "a run's python/<group>/ folder" (upload_python_packages), and job "windows_build_and_test" in ci.yml -> job "index_python_packages" in ci_windows.yml indexes it after that (index_s3_packages, pipelines/therock/ci.pipe:185:7), but GitHub may skip that index in a run that makes the write: the condition of job "index_python_packages" in ci_windows.yml holds inputs.build_pytorch (pipelines/therock/ci.pipe:176:29), and nothing on the way to the write does; the index leaves out what is written here: take that part out, or put it on the way to the write too (the same in ci_nightly.yml) [index-order]
pipelines/therock/packages.pipe:133:5: error: step "Set up venv and install ${{ matrix.packages }}" in job "linux_build_and_test" in ci.yml -> job "test_rocm_wheels" in ci_linux.yml -> job "test_wheels" in test_rocm_wheels.yml reads "a run's python/<group>/ folder" after job "linux_build_and_test" in ci.yml -> job "build_python_packages" in ci_linux.yml -> job "upload_rocm_wheels" in build_portable_linux_python_packages.yml writes into it (upload_python_packages, pipelines/therock/packages.pipe:97:7), before job "linux_build_and_test" in ci.yml -> job "index_python_packages" in ci_linux.yml indexes it (index_s3_packages, pipelines/therock/ci.pipe:185:7): the index read may leave out what was written; add index_python_packages to the needs of test_rocm_wheels in ci_linux.yml (the same in ci_asan.yml, ci_nightly.yml and ci_tsan.yml) [index-order]
pipelines/therock/packages.pipe:133:5: error: step "Set up venv and install ${{ matrix.packages }}" in job "windows_build_and_test" in ci.yml -> job "test_rocm_wheels" in ci_windows.yml -> job "test_wheels" in test_rocm_wheels.yml reads "a run's python/<group>/ folder" after job "windows_build_and_test" in ci.yml -> job "build_python_packages" in ci_windows.yml -> job "upload_rocm_wheels" in build_windows_python_packages.yml writes into it (upload_python_packages, pipelines/therock/packages.pipe:97:7), before job "windows_build_and_test" in ci.yml -> job "index_python_packages" in ci_windows.yml indexes it (index_s3_packages, pipelines/therock/ci.pipe:185:7): the index read may leave out what was written; add index_python_packages to the needs of test_rocm_wheels in ci_windows.yml (the same in ci_nightly.yml) [index-order]
pipelines/therock/pytorch.pipe:196:5: error: step "Build PyTorch Wheels" in job "linux_build_and_test" in ci.yml -> job "build_pytorch_wheels" in ci_linux.yml -> job "build_pytorch_wheels" in build_portable_linux_pytorch_wheels_ci.yml reads "a run's python/<group>/ folder" after job "linux_build_and_test" in ci.yml -> job "build_python_packages" in ci_linux.yml -> job "upload_rocm_wheels" in build_portable_linux_python_packages.yml writes into it (upload_python_packages, pipelines/therock/packages.pipe:97:7), and nothing indexes it in between: the index read leaves out what was written; index it in a job that needs build_python_packages, and add that job to the needs of build_pytorch_wheels in ci_linux.yml (the same in ci_asan.yml, ci_nightly.yml and ci_tsan.yml) [index-order]
pipelines/therock/pytorch.pipe:196:5: error: step "Build PyTorch Wheels" in job "windows_build_and_test" in ci.yml -> job "build_pytorch_wheels" in ci_windows.yml -> job "build_pytorch_wheels" in build_windows_pytorch_wheels_ci.yml reads "a run's python/<group>/ folder" after job "windows_build_and_test" in ci.yml -> job "build_python_packages" in ci_windows.yml -> job "upload_rocm_wheels" in build_windows_python_packages.yml writes into it (upload_python_packages, pipelines/therock/packages.pipe:97:7), and nothing indexes it in between: the index read leaves out what was written; index it in a job that needs build_python_packages, and add that job to the needs of build_pytorch_wheels in ci_windows.yml (the same in ci_nightly.yml) [index-order]
OUT
)"

# The CI profile given a release role: the boundary names the CI role
# itself, so every CI login is reported, each with the use that writes it.
expect ci_profile_release_role boundary \
  's/role = "therock-ci" /role = "therock-nightly" /' \
  profiles.pipe \
  "$(cat <<'OUT'
pipelines/therock/common.pipe:108:24: error: step "Configure AWS Credentials" in job "index_python_packages" in ci_linux.yml takes "arn:aws:iam::692859939525:role/therock-nightly" (role-to-assume) in runs of ci.yml (ci.yml -> ci_linux.yml), and boundary "ci_runs" (pipelines/therock/ci.pipe:336:10) holds those runs to "arn:aws:iam::692859939525:role/therock-ci": pass a value it allows, or keep the step out of the runs it holds (from the use at pipelines/therock/ci.pipe:180:5 in ci_linux.yml) (the same in ci_windows.yml) [boundary]
pipelines/therock/common.pipe:108:24: error: step "Configure AWS Credentials" in job "stage_pytorch_wheels" in build_portable_linux_pytorch_wheels_ci.yml takes "arn:aws:iam::692859939525:role/therock-nightly" (role-to-assume) in runs of ci.yml (ci.yml -> ci_linux.yml -> build_portable_linux_pytorch_wheels_ci.yml), and boundary "ci_runs" (pipelines/therock/ci.pipe:336:10) holds those runs to "arn:aws:iam::692859939525:role/therock-ci": pass a value it allows, or keep the step out of the runs it holds (from the use at pipelines/therock/pytorch.pipe:274:5 in build_portable_linux_pytorch_wheels_ci.yml) (the same in build_windows_pytorch_wheels_ci.yml and ci_windows.yml) [boundary]
pipelines/therock/common.pipe:108:24: error: step "Configure AWS Credentials" in job "upload_rocm_wheels" in build_portable_linux_python_packages.yml takes "arn:aws:iam::692859939525:role/therock-nightly" (role-to-assume) in runs of ci.yml (ci.yml -> ci_linux.yml -> build_portable_linux_python_packages.yml), and boundary "ci_runs" (pipelines/therock/ci.pipe:336:10) holds those runs to "arn:aws:iam::692859939525:role/therock-ci": pass a value it allows, or keep the step out of the runs it holds (from the use at pipelines/therock/packages.pipe:94:5 in build_portable_linux_python_packages.yml) (the same in build_windows_python_packages.yml and ci_windows.yml) [boundary]
OUT
)"

# The release's index job no longer waits for the legs: each write the
# legs make is reported once, at the index, naming the legs, not once per
# leg (34 errors before).
expect release_index_unneeded index-order 's/^    needs = \[release\]$//' pytorch.pipe \
  "$(cat <<'OUT'
pipelines/therock/pytorch.pipe:70:5: error: job "index" in release_portable_linux_pytorch_wheels.yml indexes "a release bucket's family folder" (step "(Re-)Generate Python package release index for staging"), which job "release" in release_portable_linux_pytorch_wheels.yml -> job "stage_pytorch_wheels" in build_portable_linux_pytorch_wheels.yml writes into (step "Upload wheels to S3 staging", pipelines/therock/pytorch.pipe:298:9), but job "index" in release_portable_linux_pytorch_wheels.yml does not need job "release" in release_portable_linux_pytorch_wheels.yml: GitHub may run the two at once, and the index leaves out what is written after it is made; add release to the needs of index (in the legs "release (3.11, release/2.7)", "release (3.11, release/2.8)", "release (3.11, release/2.9)" and 12 more) [index-order]
pipelines/therock/pytorch.pipe:70:5: error: job "index" in release_portable_linux_pytorch_wheels.yml indexes "a release bucket's family folder" (step "(Re-)Generate Python package release index"), which job "release" in release_portable_linux_pytorch_wheels.yml -> job "upload_pytorch_wheels" in build_portable_linux_pytorch_wheels.yml writes into (step "Copy the tested wheels from staging to release", pipelines/therock/pytorch.pipe:386:9), but job "index" in release_portable_linux_pytorch_wheels.yml does not need job "release" in release_portable_linux_pytorch_wheels.yml: GitHub may run the two at once, and the index leaves out what is written after it is made; add release to the needs of index (in the legs "release (3.11, release/2.7)", "release (3.11, release/2.8)", "release (3.11, release/2.9)" and 12 more) [index-order]
pipelines/therock/pytorch.pipe:70:5: error: job "index" in release_windows_pytorch_wheels.yml indexes "a release bucket's family folder" (step "(Re-)Generate Python package release index for staging"), which job "release" in release_windows_pytorch_wheels.yml -> job "stage_pytorch_wheels" in build_windows_pytorch_wheels.yml writes into (step "Upload wheels to S3 staging", pipelines/therock/pytorch.pipe:298:9), but job "index" in release_windows_pytorch_wheels.yml does not need job "release" in release_windows_pytorch_wheels.yml: GitHub may run the two at once, and the index leaves out what is written after it is made; add release to the needs of index (in the legs "release (3.11, release/2.9)", "release (3.11, release/2.10)", "release (3.11, nightly)" and 6 more) [index-order]
pipelines/therock/pytorch.pipe:70:5: error: job "index" in release_windows_pytorch_wheels.yml indexes "a release bucket's family folder" (step "(Re-)Generate Python package release index"), which job "release" in release_windows_pytorch_wheels.yml -> job "upload_pytorch_wheels" in build_windows_pytorch_wheels.yml writes into (step "Copy the tested wheels from staging to release", pipelines/therock/pytorch.pipe:386:9), but job "index" in release_windows_pytorch_wheels.yml does not need job "release" in release_windows_pytorch_wheels.yml: GitHub may run the two at once, and the index leaves out what is written after it is made; add release to the needs of index (in the legs "release (3.11, release/2.9)", "release (3.11, release/2.10)", "release (3.11, nightly)" and 6 more) [index-order]
pipelines/therock/pytorch.pipe:70:5: error: job "release" in release_portable_linux_pytorch_wheels.yml -> job "stage_pytorch_wheels" in build_portable_linux_pytorch_wheels.yml indexes "a release bucket's family folder" (step "(Re-)Generate Python package release index for staging") in the legs of the matrix of job "release" in release_portable_linux_pytorch_wheels.yml, which GitHub runs at once, while other legs write into it (step "Upload wheels to S3 staging", pipelines/therock/pytorch.pipe:298:9): the index leaves out what is written after it is made; index once, in a job that needs job "release" in release_portable_linux_pytorch_wheels.yml (the same in release_windows_pytorch_wheels.yml and build_windows_pytorch_wheels.yml) [index-order]
pipelines/therock/pytorch.pipe:70:5: error: job "release" in release_portable_linux_pytorch_wheels.yml -> job "upload_pytorch_wheels" in build_portable_linux_pytorch_wheels.yml indexes "a release bucket's family folder" (step "(Re-)Generate Python package release index") in the legs of the matrix of job "release" in release_portable_linux_pytorch_wheels.yml, which GitHub runs at once, while other legs write into it (step "Copy the tested wheels from staging to release", pipelines/therock/pytorch.pipe:386:9): the index leaves out what is written after it is made; index once, in a job that needs job "release" in release_portable_linux_pytorch_wheels.yml (the same in release_windows_pytorch_wheels.yml and build_windows_pytorch_wheels.yml) [index-order]
pipelines/therock/pytorch.pipe:334:7: error: job "release" in release_portable_linux_pytorch_wheels.yml -> job "test_pytorch_wheels" in build_portable_linux_pytorch_wheels.yml reads "a release bucket's family folder" after job "release" in release_portable_linux_pytorch_wheels.yml -> job "stage_pytorch_wheels" in build_portable_linux_pytorch_wheels.yml writes into it (step "Upload wheels to S3 staging", pipelines/therock/pytorch.pipe:298:9), but job "index" in release_portable_linux_pytorch_wheels.yml indexes it too (step "(Re-)Generate Python package release index for staging", pipelines/therock/pytorch.pipe:70:5), and GitHub may list the store for that index before the write and publish it after every index the read waits for: the index read may leave out what was written; add release to the needs of index in release_portable_linux_pytorch_wheels.yml, so that it lists the store after the write (in the legs "release (3.11, release/2.7)", "release (3.11, release/2.8)", "release (3.11, release/2.9)" and 12 more) [index-order]
pipelines/therock/pytorch.pipe:334:7: error: job "release" in release_windows_pytorch_wheels.yml -> job "test_pytorch_wheels" in build_windows_pytorch_wheels.yml reads "a release bucket's family folder" after job "release" in release_windows_pytorch_wheels.yml -> job "stage_pytorch_wheels" in build_windows_pytorch_wheels.yml writes into it (step "Upload wheels to S3 staging", pipelines/therock/pytorch.pipe:298:9), but job "index" in release_windows_pytorch_wheels.yml indexes it too (step "(Re-)Generate Python package release index for staging", pipelines/therock/pytorch.pipe:70:5), and GitHub may list the store for that index before the write and publish it after every index the read waits for: the index read may leave out what was written; add release to the needs of index in release_windows_pytorch_wheels.yml, so that it lists the store after the write (in the legs "release (3.11, release/2.9)", "release (3.11, release/2.10)", "release (3.11, nightly)" and 6 more) [index-order]
OUT
)"

# An input misspelt in the condition of the PyTorch build: the slip is
# reported, and not what the order checks would make of a condition no other
# job holds.
misspelt='160s/inputs.build_pytorch/inputs.build_pytorh/'
expect misspelt_condition unknown-input "$misspelt" ci.pipe \
  'pipelines/therock/ci.pipe:160:29: error: no input "build_pytorh" (did you mean "build_pytorch"?) [unknown-input]'
expect misspelt_condition_no_cascade index-order "$misspelt" ci.pipe ""
# The condition of the PyTorch build written as text around ${{ }}: the
# slip is reported, and not what the order checks would make of it.
text_if='160s/^    if = packaged && inputs.build_pytorch$/    if = "${{ packaged }} \&\& ${{ inputs.build_pytorch }}"/'
expect text_condition type "$text_if" ci.pipe \
  'pipelines/therock/ci.pipe:160:10: error: if takes a condition or true/false, not text around ${{ }}, which GitHub reads as a non-empty string: always true [type]'
expect text_condition_no_cascade index-order "$text_if" ci.pipe ""
# A release-only input read in CI, through a template: the error says
# which when leaves it out of the CI files.
expect release_input_in_ci unknown-input '160s/use checkout_therock(at_ref = p.staging)/use checkout_therock(at_ref = true)/' pytorch.pipe \
  'pipelines/therock/common.pipe:130:78: error: no input "ref", which the when at pipelines/therock/pytorch.pipe:130:3 leaves out of build_portable_linux_pytorch_wheels_ci.yml (from the use at pipelines/therock/pytorch.pipe:160:5 in build_portable_linux_pytorch_wheels_ci.yml) (the same in build_windows_pytorch_wheels_ci.yml) [unknown-input]'
# A matrix row that holds for one platform's instance of the release
# template only: the error names the instance it does not hold in.
expect exclude_one_platform type '/pytorch_git_ref = (platform == "linux"/a\        exclude = [{python_version: "3.13", pytorch_git_ref: "release/2.7"}]' pytorch.pipe \
  'pipelines/therock/pytorch.pipe:568:62: error: job.strategy.matrix.exclude in release_windows_pytorch_wheels.yml: pytorch_git_ref = "release/2.7" is none of the matrix'"'"'s values (release/2.9, release/2.10, nightly), so the row excludes nothing [type]'
# Two steps of setup with the id configure: the duplicate is the error,
# not what the output check would make of the wrong one of them.
dup_id='63s/step rocm_package_version {/step configure {/'
expect duplicate_step_id duplicate "$dup_id" ci.pipe \
  'pipelines/therock/ci.pipe:63:10: error: step id "configure" is used twice in job "setup" (first at pipelines/therock/ci.pipe:46:10) [duplicate]'
expect duplicate_step_id_no_cascade unknown-output "$dup_id" ci.pipe ""
# A family's row written twice: the row is the one error; the release
# forms whose family choice it would double do not report it again.
expect duplicate_family_row duplicate '/family = "gfx1152" }$/{/platform = "windows"/p}' families.pipe \
  'pipelines/therock/families.pipe:35:3: error: this row is the same as the one at pipelines/therock/families.pipe:34:3 in every column; change it, or leave it out [duplicate]'

# The same family and platform twice, the copy differing in one column:
# unique names both slips, and the copy doubles no family choice.
expect same_family_twice duplicate '/family = "gfx1152" }$/{/platform = "windows"/{p;s/ }$/ sanity_only = true }/}}' families.pipe \
  "$(cat <<'OUT'
pipelines/therock/families.pipe:35:3: error: this row has the same family and platform as the one at pipelines/therock/families.pipe:34:3 ("gfx1152", "windows"), and unique at pipelines/therock/families.pipe:16:3 allows one row for each [duplicate]
pipelines/therock/families.pipe:35:3: error: this row has the same key and platform as the one at pipelines/therock/families.pipe:34:3 ("gfx1152", "windows"), and unique at pipelines/therock/families.pipe:15:3 allows one row for each [duplicate]
OUT
)"
# A family row given a column the table has not, by a name that is near
# none of its columns: the error lists them.
expect family_column_unknown unknown-field 's/pytorch_presubmit = true }/build_pytorch = true }/' families.pipe \
  'pipelines/therock/families.pipe:17:271: error: table gpu_families has no column "build_pytorch"; it has key, trigger, platform, family, runner, multi_gpu_runner, benchmark_runner, kernel_runners, build_variants, expect_failure, expect_pytorch_failure, sanity_only, bypass_tests, pytorch_presubmit [unknown-field]'
# A when that tests the platform for a misspelt one.
expect when_platform_misspelt known-value '0,/when platform == "windows"/s//when platform == "widows"/' pytorch.pipe \
  'pipelines/therock/pytorch.pipe:17:20: error: platform is never "widows" (did you mean "windows"?): it is "linux" or "windows" (its choices at pipelines/therock/pytorch.pipe:12:34); platform == '"'"'widows'"'"' is always false [known-value]'
# The fork guard misspelt (forked, where the repository has fork): the
# slip is named, and so is the login it no longer keeps from forks.
expect misspelt_fork_guard payload-field 's/head.repo.fork$/head.repo.forked/' common.pipe \
  'pipelines/therock/common.pipe:84:53: error: github.event.pull_request.head.repo is a repository, which has no field "forked" (did you mean "fork"?) in GitHub'"'"'s webhook payloads, so GitHub reads github.event.pull_request.head.repo.forked as null [payload-field]'
# An input a bare name passes, no longer declared: the error says what the
# bare name stands for, and in which file.
expect bare_name_undeclared unknown-input '/^  input test_type: string$/d' ci.pipe \
  'pipelines/therock/ci.pipe:121:72: error: no input "test_type": the bare name test_type passes inputs.test_type of ci_linux.yml; declare the input there, or give a value (test_type = ...) (the same in ci_windows.yml) [unknown-input]'
# An env entry renamed with a dash, which the script still reads with _.
expect env_name_dash env-name 's/PR_NUMBER = github.event.number/PR-NUMBER = github.event.number/' ci.pipe \
  'pipelines/therock/ci.pipe:36:41: error: "PR-NUMBER" is not a name a shell reads as a variable (letters, digits and _, not first a digit): step "Set PR_LABELS variable with labels assigned to pull request" of job "setup" in setup.yml reads $PR_NUMBER in bash, which this entry does not set; name it PR_NUMBER [env-name]'
# A misspelt import is the one error: the names the file would have taken
# from it are not reported too.
misspelt_import='s|^import "packages.pipe"|import "package.pipe"|'
expect misspelt_import import "$misspelt_import" ci.pipe \
  'pipelines/therock/ci.pipe:8:1: error: cannot find "package.pipe" (looked for pipelines/therock/package.pipe) (did you mean "packages.pipe"?) [import]'
expect misspelt_import_no_cascade unknown-function "$misspelt_import" ci.pipe ""
# A misspelt profile field in a workflow's file name: one error, not one
# per profile the workflow is made with, and no "needs file".
misspelt_field='s|build_portable_linux_pytorch_wheels${{ p.suffix }}.yml"|build_portable_linux_pytorch_wheels${{ p.sufix }}.yml"|'
expect misspelt_profile_field unknown-field "$misspelt_field" pytorch.pipe \
  'pipelines/therock/pytorch.pipe:108:85: error: no field "sufix" in profile (did you mean "suffix"?) [unknown-field]'
expect misspelt_profile_field_no_cascade missing "$misspelt_field" pytorch.pipe ""
# A template declared with a misspelt kind: that is the error, not the
# uses of the template.
misspelt_kind='s|^workflow setup|workfow setup|'
expect misspelt_kind unexpected "$misspelt_kind" ci.pipe \
  'pipelines/therock/ci.pipe:11:1: error: unexpected "workfow" at the top of a file; expected one of action, boundary, image, job, profile, runners, steps, table, tool, workflow (did you mean "workflow"?) [unexpected]'
expect misspelt_kind_no_cascade unknown-function "$misspelt_kind" ci.pipe ""
# A name used without importing the file that declares it: the error says
# which file, and the import to add.
expect missing_import unknown-name 's|^import "families.pipe"||' pytorch.pipe \
  'pipelines/therock/pytorch.pipe:113:44: error: unknown name "gpu_families" here: it is declared at pipelines/therock/families.pipe:7:7, and pipelines/therock/pytorch.pipe does not import that file (add import "families.pipe") [unknown-name]
pipelines/therock/pytorch.pipe:548:44: error: unknown name "gpu_families" here: it is declared at pipelines/therock/families.pipe:7:7, and pipelines/therock/pytorch.pipe does not import that file (add import "families.pipe") [unknown-name]'

if [ "$fail" != 0 ]; then
  echo "These cases run pipec on TheRock's own sources, so a change made there on"
  echo "purpose can move the lines and counts they expect: where the words above"
  echo "differ only so, update the case in tests/therock_edits_test.sh with the change."
fi
exit $fail
