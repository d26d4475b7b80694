#!/usr/bin/env bash
# TheRock's readers of a run's python/<group>/ folder are found by the
# value that locates it (upload_python_packages' package_find_links_url),
# with no reads { } written: in a copy of the pipelines, each edit below
# takes away an index a reader waits for, and pipec must report exactly
# these readers.
#   tests/therock_reads_test.sh PIPEC REPO
set -uo pipefail
pipec=$(realpath "$1")
repo=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0

# expect NAME SED-SCRIPT FILE: the [index-order] errors after the edit.
expect() {
  local name=$1 script=$2 file=$3 want=$4
  rm -rf "$work/repo" && mkdir -p "$work/repo"
  cp -r "$repo/pipelines" "$work/repo/"
  sed -i "$script" "$work/repo/pipelines/therock/$file"
  if cmp -s "$repo/pipelines/therock/$file" "$work/repo/pipelines/therock/$file"; then
    echo "FAIL $name: the edit changed nothing in $file"
    fail=1
    return
  fi
  local got
  got=$(cd "$work/repo" && "$pipec" check 2>&1 | grep -F '[index-order]')
  if [ "$got" == "$want" ]; then
    echo "ok $name"
  else
    echo "FAIL $name:"
    diff <(printf '%s\n' "$want") <(printf '%s\n' "$got")
    fail=1
  fi
}

# The PyTorch test no longer waits for the index job.
expect test_before_index \
  's/needs = \[build_python_packages, build_pytorch_wheels, index_python_packages\]/needs = [build_python_packages, build_pytorch_wheels]/' \
  ci.pipe \
  "$(cat <<'OUT'
pipelines/therock/pytorch.pipe:386:5: error: step "Set up venv with torch" in job "linux_build_and_test" in ci.yml -> job "test_pytorch_wheels" in ci_linux.yml -> job "test_wheels" in test_pytorch_wheels.yml reads "a run's python/<group>/ folder" after job "linux_build_and_test" in ci.yml -> job "build_pytorch_wheels" in ci_linux.yml -> job "build_pytorch_wheels" in build_portable_linux_pytorch_wheels_ci.yml writes into it (upload_python_packages, pipelines/therock/pytorch.pipe:214:9), before job "linux_build_and_test" in ci.yml -> job "index_python_packages" in ci_linux.yml indexes it (index_s3_packages, pipelines/therock/ci.pipe:174:7): the index read may leave out what was written; add index_python_packages to the needs of test_pytorch_wheels in ci_linux.yml (the same in ci_asan.yml, ci_nightly.yml and ci_tsan.yml) [index-order]
pipelines/therock/pytorch.pipe:386:5: error: step "Set up venv with torch" in job "windows_build_and_test" in ci.yml -> job "test_pytorch_wheels" in ci_windows.yml -> job "test_wheels" in test_pytorch_wheels_windows.yml reads "a run's python/<group>/ folder" after job "windows_build_and_test" in ci.yml -> job "build_pytorch_wheels" in ci_windows.yml -> job "build_pytorch_wheels" in build_windows_pytorch_wheels_ci.yml writes into it (upload_python_packages, pipelines/therock/pytorch.pipe:214:9), before job "windows_build_and_test" in ci.yml -> job "index_python_packages" in ci_windows.yml indexes it (index_s3_packages, pipelines/therock/ci.pipe:174:7): the index read may leave out what was written; add index_python_packages to the needs of test_pytorch_wheels in ci_windows.yml (the same in ci_nightly.yml) [index-order]
OUT
)"

# The ROCm packages' upload leaves the index to the index job, which runs
# only with PyTorch and after the PyTorch build: the ROCm test and the
# PyTorch build now read before any index (and the upload is reported
# too).
expect rocm_upload_unindexed \
  's/args { input_packages_dir = env.PACKAGES_DIR artifact_group run_id = github.run_id }/args { input_packages_dir = env.PACKAGES_DIR artifact_group run_id = github.run_id no_index = true }/' \
  packages.pipe \
  "$(cat <<'OUT'
pipelines/therock/packages.pipe:76:7: error: job "build_rocm_wheels" in build_portable_linux_python_packages.yml writes into "a run's python/<group>/ folder" (upload_python_packages), and nothing in a run of build_portable_linux_python_packages.yml indexes it after that; the index leaves out what is written here: index it in a job that needs job "build_rocm_wheels" in build_portable_linux_python_packages.yml, or let the upload index it (no_index = false) (the same in build_windows_python_packages.yml) [index-order]
pipelines/therock/packages.pipe:76:7: error: job "linux_build_and_test" in ci.yml -> job "build_python_packages" in ci_linux.yml -> job "build_rocm_wheels" in build_portable_linux_python_packages.yml writes into "a run's python/<group>/ folder" (upload_python_packages), and job "linux_build_and_test" in ci.yml -> job "index_python_packages" in ci_linux.yml indexes it after that (index_s3_packages, pipelines/therock/ci.pipe:174:7), but GitHub may skip that index in a run that makes the write: the condition of job "index_python_packages" in ci_linux.yml holds inputs.build_pytorch (pipelines/therock/ci.pipe:165:26), and nothing on the way to the write does; the index leaves out what is written here: take that part out, or put it on the way to the write too (the same in ci_asan.yml, ci_nightly.yml and ci_tsan.yml) [index-order]
pipelines/therock/packages.pipe:76:7: error: job "windows_build_and_test" in ci.yml -> job "build_python_packages" in ci_windows.yml -> job "build_rocm_wheels" in build_windows_python_packages.yml writes into "a run's python/<group>/ folder" (upload_python_packages), and job "windows_build_and_test" in ci.yml -> job "index_python_packages" in ci_windows.yml indexes it after that (index_s3_packages, pipelines/therock/ci.pipe:174:7), but GitHub may skip that index in a run that makes the write: the condition of job "index_python_packages" in ci_windows.yml holds inputs.build_pytorch (pipelines/therock/ci.pipe:165:26), and nothing on the way to the write does; the index leaves out what is written here: take that part out, or put it on the way to the write too (the same in ci_nightly.yml) [index-order]
pipelines/therock/packages.pipe:108:5: error: step "Set up venv and install ${{ matrix.packages }}" in job "linux_build_and_test" in ci.yml -> job "test_rocm_wheels" in ci_linux.yml -> job "test_wheels" in test_rocm_wheels.yml reads "a run's python/<group>/ folder" after job "linux_build_and_test" in ci.yml -> job "build_python_packages" in ci_linux.yml -> job "build_rocm_wheels" in build_portable_linux_python_packages.yml writes into it (upload_python_packages, pipelines/therock/packages.pipe:76:7), before job "linux_build_and_test" in ci.yml -> job "index_python_packages" in ci_linux.yml indexes it (index_s3_packages, pipelines/therock/ci.pipe:174:7): the index read may leave out what was written; add index_python_packages to the needs of test_rocm_wheels in ci_linux.yml (the same in ci_asan.yml, ci_nightly.yml and ci_tsan.yml) [index-order]
pipelines/therock/packages.pipe:108:5: error: step "Set up venv and install ${{ matrix.packages }}" in job "windows_build_and_test" in ci.yml -> job "test_rocm_wheels" in ci_windows.yml -> job "test_wheels" in test_rocm_wheels.yml reads "a run's python/<group>/ folder" after job "windows_build_and_test" in ci.yml -> job "build_python_packages" in ci_windows.yml -> job "build_rocm_wheels" in build_windows_python_packages.yml writes into it (upload_python_packages, pipelines/therock/packages.pipe:76:7), before job "windows_build_and_test" in ci.yml -> job "index_python_packages" in ci_windows.yml indexes it (index_s3_packages, pipelines/therock/ci.pipe:174:7): the index read may leave out what was written; add index_python_packages to the needs of test_rocm_wheels in ci_windows.yml (the same in ci_nightly.yml) [index-order]
pipelines/therock/pytorch.pipe:178:5: error: step "Build PyTorch Wheels" in job "linux_build_and_test" in ci.yml -> job "build_pytorch_wheels" in ci_linux.yml -> job "build_pytorch_wheels" in build_portable_linux_pytorch_wheels_ci.yml reads "a run's python/<group>/ folder" after job "linux_build_and_test" in ci.yml -> job "build_python_packages" in ci_linux.yml -> job "build_rocm_wheels" in build_portable_linux_python_packages.yml writes into it (upload_python_packages, pipelines/therock/packages.pipe:76:7), and nothing indexes it in between: the index read leaves out what was written; index it in a job that needs build_python_packages, and add that job to the needs of build_pytorch_wheels in ci_linux.yml (the same in ci_asan.yml, ci_nightly.yml and ci_tsan.yml) [index-order]
pipelines/therock/pytorch.pipe:178:5: error: step "Build PyTorch Wheels" in job "windows_build_and_test" in ci.yml -> job "build_pytorch_wheels" in ci_windows.yml -> job "build_pytorch_wheels" in build_windows_pytorch_wheels_ci.yml reads "a run's python/<group>/ folder" after job "windows_build_and_test" in ci.yml -> job "build_python_packages" in ci_windows.yml -> job "build_rocm_wheels" in build_windows_python_packages.yml writes into it (upload_python_packages, pipelines/therock/packages.pipe:76:7), and nothing indexes it in between: the index read leaves out what was written; index it in a job that needs build_python_packages, and add that job to the needs of build_pytorch_wheels in ci_windows.yml (the same in ci_nightly.yml) [index-order]
OUT
)"

exit $fail
