#!/usr/bin/env bash
# The step executables as a workflow runs them: flags and environment in,
# GITHUB_OUTPUT / GITHUB_ENV / GITHUB_STEP_SUMMARY out, --help, and one-line
# errors with argparse's exit codes (2 for usage, 1 for bad input).
#   tests/step_tools_test.sh BIN_DIR
set -uo pipefail
tests_dir=$(cd "$(dirname "$0")" && pwd)
bin=$(realpath "$1")
source "$tests_dir/lib.sh"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"
export GITHUB_OUTPUT="$work/output" GITHUB_ENV="$work/env" GITHUB_STEP_SUMMARY="$work/summary"
files() { for f in output env summary; do [ -f "$f" ] && { echo "[$f]"; cat "$f"; }; done; rm -f output env summary; }

expect cp-version 0 "cp313-cp313t" "$bin/python_to_cp_version" --python-version 3.13t
expect cp-version-env 0 "[env]
cp_version=cp313-cp313t" files
expect cp-version-no-env 0 "cp312-cp312" "$bin/python_to_cp_version" --python-version=3.12 --no-write-env-file
expect cp-version-no-env-file 0 "" files
expect cp-version-bad 1 'python_to_cp_version: error: --python-version "3.012" is not a Python version like 3.12 or 3.13t' \
  "$bin/python_to_cp_version" --python-version 3.012
# A log the runner cannot get is a failure, before any output is written.
expect cp-version-log-full 1 "python_to_cp_version: error: cannot write the step's log (stdout)
no env file" bash -c '"$1" --python-version 3.12 > /dev/full; rc=$?; [ -e env ] || echo "no env file"; exit $rc' _ "$bin/python_to_cp_version"
# An error is one line of the log, whatever value it echoes.
expect cp-version-line-break 1 'python_to_cp_version: error: --python-version "3.12\nx" is not a Python version like 3.12 or 3.13t' \
  "$bin/python_to_cp_version" --python-version "$(printf '3.12\nx')"
expect cp-version-missing 2 "python_to_cp_version: error: --python-version is required (see --help)" "$bin/python_to_cp_version"
# A bad value is a usage error on the command line, bad input in the
# environment.
expect cp-version-bad-flag-value 2 'python_to_cp_version: error: --write-env-file must be true or false (or yes/no, 1/0, on/off), not "maybe"' \
  "$bin/python_to_cp_version" --python-version 3.12 --write-env-file=maybe
expect cp-version-unknown 2 "python_to_cp_version: error: unknown flag --python (see --help)" \
  "$bin/python_to_cp_version" --python 3.12
expect cp-version-help 0 "usage: python_to_cp_version --python-version VALUE [--write-env-file]

Turns a Python version (3.12, 3.13t) into its CPython wheel tag (cp312-cp312, cp313-cp313t).

flags:
  --python-version
      The Python version: 3.12, or 3.13t for free-threaded. Required.
  --write-env-file, --no-write-env-file
      Also write cp_version to GITHUB_ENV. Default: true." "$bin/python_to_cp_version" --help

expect determine-version 0 "--rocm-sdk-version ==7.12.0.dev0+abc --version-suffix +devrocm7.12.0.dev0-abc" \
  "$bin/determine_version" --rocm-version 7.12.0.DEV0+ABC
expect determine-version-env 0 "[env]
optional_build_prod_arguments=--rocm-sdk-version ==7.12.0.dev0+abc --version-suffix +devrocm7.12.0.dev0-abc" files
# --verbose prints TheRock's lines first: the parsed version, the two parts
# labelled, a blank line.
expect determine-version-verbose 0 "ROCm version: 7.12.0rc1
\`--rocm-sdk-version\`$(printf '\t'): ==7.12.0rc1
\`--version-suffix\`$(printf '\t'): +rocm7.12.0rc1

--rocm-sdk-version ==7.12.0rc1 --version-suffix +rocm7.12.0rc1" \
  "$bin/determine_version" --rocm-version v7.12.0-RC1 --verbose --no-write-env-file

mkdir dist && touch dist/torch-2.10.0+rocm7.12.0-cp312-cp312-linux_x86_64.whl \
  dist/torchaudio-2.10.0+rocm7.12.0-cp312-cp312-linux_x86_64.whl dist/torchvision-0.25.0+rocm7.12.0-cp312-cp312-linux_x86_64.whl
expect torch-versions-missing 1 "Files in dist:
  torch-2.10.0+rocm7.12.0-cp312-cp312-linux_x86_64.whl
  torchaudio-2.10.0+rocm7.12.0-cp312-cp312-linux_x86_64.whl
  torchvision-0.25.0+rocm7.12.0-cp312-cp312-linux_x86_64.whl
write_torch_versions: error: Did not find triton wheel in dist" env PACKAGE_DIST_DIR=dist "$bin/write_torch_versions"
touch dist/triton-3.5.0-cp312-cp312-linux_x86_64.whl dist/apex-1.10.0-cp312-cp312-linux_x86_64.whl
# The folder is named by where it came from, the flag or the variable.
expect torch-versions-env-folder 1 "write_torch_versions: error: PACKAGE_DIST_DIR nowhere is not a directory" \
  env PACKAGE_DIST_DIR=nowhere "$bin/write_torch_versions"
"$bin/write_torch_versions" --dist-dir dist > /dev/null
expect torch-versions 0 "[output]
torch_version=2.10.0+rocm7.12.0
torchaudio_version=2.10.0+rocm7.12.0
torchvision_version=0.25.0+rocm7.12.0
triton_version=3.5.0
apex_version=1.10.0" files

# A log the runner reads through a pipe that closed is an error that says
# so (SIGPIPE once ended the step with 141 and no word), and no output is
# written. The pipe: a FIFO opened for writing while fd 3 reads it, and fd 3
# closed, so it has no reader before the step writes.
expect torch-versions-closed-pipe 0 "write_torch_versions: error: cannot write the step's log (stdout)
exit 1
no output file" bash -c 'rm -f closed && mkfifo closed && exec 3<>closed 4>closed 3<&- && { "$1" --dist-dir dist >&4; echo "exit $?" >&2; }; [ -e output ] || echo "no output file" >&2' _ "$bin/write_torch_versions"
# Outside a git checkout, the error is the step's one line, with the first
# line git wrote on stderr (its cause), not all of it (129 lines of usage).
mkdir -p nogit && echo '{"rocm-version": "7.12.0"}' > nogit/version.json
expect configure-no-checkout 1 "configure_ci: error: \`git diff --name-only HEAD\` exited with 129: warning: Not a git repository. Use --no-index to compare two paths outside a working tree (is BASE_REF a revision of this checkout?)" \
  bash -c 'cd nogit && GIT_CEILING_DIRECTORIES="$PWD/.." GITHUB_REF_NAME=main GITHUB_EVENT_NAME=push BASE_REF=HEAD "$1" > /dev/null' _ "$bin/configure_ci"
expect package-version-no-checkout 1 "compute_rocm_package_version: error: \`git rev-parse --verify HEAD\` exited with 128: fatal: not a git repository (or any of the parent directories): .git (set GITHUB_SHA outside a git checkout)" \
  bash -c 'cd nogit && GIT_CEILING_DIRECTORIES="$PWD/.." env -u GITHUB_SHA "$1" --release-type=dev' _ "$bin/compute_rocm_package_version"
rm -rf nogit output env summary

echo '{"rocm-version": "7.12.0"}' > version.json
expect package-version 0 "rocm_package_version=7.12.0.dev0+21eaa7d7ffc8e351d07dd4dcac78f967d304249a" \
  env GITHUB_SHA=21eaa7d7ffc8e351d07dd4dcac78f967d304249a "$bin/compute_rocm_package_version" --release-type=dev
expect package-version-output 0 "[output]
rocm_package_version=7.12.0.dev0+21eaa7d7ffc8e351d07dd4dcac78f967d304249a" files
# An empty value is no value, as TheRock's `if ...:`: an empty suffix is no
# release type (not the bare base version), an empty override reads version.json.
expect package-version-empty-suffix 1 "compute_rocm_package_version: error: give --release-type (dev, nightly, prerelease, release) or --custom-version-suffix" \
  "$bin/compute_rocm_package_version" --custom-version-suffix=
expect package-version-empty-override 0 "rocm_package_version=7.12.0.dev0+21eaa7d7ffc8e351d07dd4dcac78f967d304249a" \
  env GITHUB_SHA=21eaa7d7ffc8e351d07dd4dcac78f967d304249a "$bin/compute_rocm_package_version" --release-type=dev --override-base-version=
rm -f output env summary
# version.json that is no file, not JSON, or JSON without the version: each
# said as it is (a pipe in its place would be read without end).
mv version.json version.keep
mkdir version.json
expect package-version-json-folder 1 "compute_rocm_package_version: error: version.json is not a regular file" \
  "$bin/compute_rocm_package_version" --release-type=dev
rmdir version.json && mkfifo version.json
expect package-version-json-pipe 1 "compute_rocm_package_version: error: version.json is not a regular file" \
  timeout 20 "$bin/compute_rocm_package_version" --release-type=dev
rm version.json && printf '{"rocm-version": "7.\xff"}' > version.json
expect package-version-json-bytes 1 "compute_rocm_package_version: error: version.json is not JSON (or not UTF-8)" \
  "$bin/compute_rocm_package_version" --release-type=dev
echo '{"version": "7.12.0"}' > version.json
expect package-version-json-field 1 'compute_rocm_package_version: error: version.json has no "rocm-version" string' \
  "$bin/compute_rocm_package_version" --release-type=dev
mv version.keep version.json
expect package-version-choice 2 "compute_rocm_package_version: error: --release-type must be one of dev, nightly, prerelease, release, not \"weekly\"" \
  "$bin/compute_rocm_package_version" --release-type weekly
# Flags that do not go together are a usage error, exit 2, as argparse.
expect package-version-wheel-release 2 "compute_rocm_package_version: error: --release-type=release is not supported for wheel packages" \
  "$bin/compute_rocm_package_version" --release-type release
# The flags are checked before version.json is read, and argparse's checks
# (exit 2) before the missing release type (TheRock's ValueError, exit 1).
expect package-version-flags-first 2 "compute_rocm_package_version: error: --release-type=release is not supported for wheel packages" \
  sh -c 'cd / && "$1" --release-type release' _ "$bin/compute_rocm_package_version"
expect package-version-prerelease-alone 2 "compute_rocm_package_version: error: --prerelease-version is only valid with --release-type=prerelease" \
  "$bin/compute_rocm_package_version" --prerelease-version=5
expect package-version-prerelease-suffix 2 "compute_rocm_package_version: error: --prerelease-version is only valid with --release-type=prerelease" \
  "$bin/compute_rocm_package_version" --custom-version-suffix= --prerelease-version=5

# TheRock's default package type is wheel; the date is today's (read on
# both sides of the run, so that midnight cannot fail it).
day=$(date +%Y%m%d)
out=$("$bin/compute_rocm_package_version" --release-type nightly --override-base-version 7.9.0 2>&1)
[ "$out" = "rocm_package_version=7.9.0a$(date +%Y%m%d)" ] && day=$(date +%Y%m%d)
expect package-version-default-type 0 "rocm_package_version=7.9.0a$day" echo "$out"
# deb's dev version is the date alone: no GITHUB_SHA and no git checkout needed.
day=$(date +%Y%m%d)
out=$(env -u GITHUB_SHA "$bin/compute_rocm_package_version" --release-type=dev --package-type=deb 2>&1)
[ "$out" = "rocm_deb_package_version=7.12.0~dev$(date +%Y%m%d)" ] && day=$(date +%Y%m%d)
expect package-version-deb-dev-no-git 0 "rocm_deb_package_version=7.12.0~dev$day" echo "$out"
rm -f output env summary

expect target-run 0 "test-runs-on=linux-gfx1151-gpu-rocm
bypass_tests_for_releases=True" env TARGET=gfx1151 PLATFORM=linux LOAD_TEST_RUNNERS_FROM_VAR=false "$bin/configure_target_run"
expect target-run-output 0 "[output]
test-runs-on=linux-gfx1151-gpu-rocm
bypass_tests_for_releases=True" files
# A family with no test runner and no bypass: nothing written, and said.
expect target-run-none 0 "no test runner for gfx90X-dcgpu on linux: test-runs-on not written
tests are not bypassed for gfx90X-dcgpu: untested, its wheels are not promoted" \
  env TARGET=gfx90X-dcgpu PLATFORM=linux LOAD_TEST_RUNNERS_FROM_VAR=false "$bin/configure_target_run"
expect target-run-none-output 0 "" files
# A platform other than linux or windows is an error (TheRock: nothing written).
expect target-run-platform 1 "configure_target_run: error: environment variable PLATFORM must be one of linux, windows, not \"Linux\"" \
  env TARGET=gfx1151 PLATFORM=Linux LOAD_TEST_RUNNERS_FROM_VAR=false "$bin/configure_target_run"
expect target-run-platform-nothing 0 "" files
# The repository variable's runners override the table's only when
# LOAD_TEST_RUNNERS_FROM_VAR says so. (TheRock's test of "false" saw the
# variable's labels: earlier tests had changed its shared table, spec 3.1.)
runners='{"gfx1151": {"linux": "linux-gfx1151-gpu-rocm-test"}}'
expect target-run-var-ignored 0 "test-runs-on=linux-gfx1151-gpu-rocm" \
  bash -c "TARGET=gfx1151 PLATFORM=linux LOAD_TEST_RUNNERS_FROM_VAR=false ROCM_THEROCK_TEST_RUNNERS='$runners' '$bin/configure_target_run' | grep test-runs-on"
expect target-run-var-used 0 "test-runs-on=linux-gfx1151-gpu-rocm-test" \
  bash -c "TARGET=gfx1151 PLATFORM=linux LOAD_TEST_RUNNERS_FROM_VAR=true ROCM_THEROCK_TEST_RUNNERS='$runners' '$bin/configure_target_run' | grep test-runs-on"
# A matching entry that is no label is an error, not ignored or passed on
# to runs-on (an empty one is no runner, as in the table).
expect target-run-var-number 1 'configure_target_run: error: ROCM_THEROCK_TEST_RUNNERS["gfx1151"]["linux"] is not a runner label: 5' \
  env TARGET=gfx1151 PLATFORM=linux LOAD_TEST_RUNNERS_FROM_VAR=true ROCM_THEROCK_TEST_RUNNERS='{"gfx1151": {"linux": 5}}' "$bin/configure_target_run"
expect target-run-var-break 1 'configure_target_run: error: ROCM_THEROCK_TEST_RUNNERS["gfx1151"]["linux"] is not a runner label: "a\nb"' \
  env TARGET=gfx1151 PLATFORM=linux LOAD_TEST_RUNNERS_FROM_VAR=true ROCM_THEROCK_TEST_RUNNERS='{"gfx1151": {"linux": "a\nb"}}' "$bin/configure_target_run"
expect target-run-var-shape 1 'configure_target_run: error: ROCM_THEROCK_TEST_RUNNERS["gfx1151"] is not {"<platform>": "<label>"}: ["x"]' \
  env TARGET=gfx1151 PLATFORM=linux LOAD_TEST_RUNNERS_FROM_VAR=true ROCM_THEROCK_TEST_RUNNERS='{"gfx1151": ["x"]}' "$bin/configure_target_run"
expect target-run-var-empty 0 "no test runner for gfx1151 on linux: test-runs-on not written
bypass_tests_for_releases=True" \
  env TARGET=gfx1151 PLATFORM=linux LOAD_TEST_RUNNERS_FROM_VAR=true ROCM_THEROCK_TEST_RUNNERS='{"gfx1151": {"linux": ""}}' "$bin/configure_target_run"
rm -f output env summary
expect target-run-platform 1 "configure_target_run: error: environment variable PLATFORM must be one of linux, windows, not \"macos\"" \
  env TARGET=gfx1151 PLATFORM=macos "$bin/configure_target_run"
expect target-run-missing 1 "configure_target_run: error: environment variable TARGET is not set" env -u TARGET PLATFORM=linux "$bin/configure_target_run"

# AMDGPU_FAMILIES of blanks names no family (TheRock: `if amdgpu_families:`
# holds, the split is empty); only an empty one means them all.
expect fetch-targets-blank 0 "package_targets=[]" \
  env AMDGPU_FAMILIES=" " THEROCK_PACKAGE_PLATFORM=linux LOAD_TEST_RUNNERS_FROM_VAR=false "$bin/fetch_package_targets"
rm -f output env summary

expect promote 0 "::warning::No test runner and BYPASS_TESTS_FOR_RELEASES not set. Skipping upload.
upload=false" env BUILD_RESULT=success TEST_RESULT=skipped BYPASS_TESTS_FOR_RELEASES=false GITHUB_REF_NAME=main \
  "$bin/promote_wheels_based_on_policy"
expect promote-env 0 "[env]
upload=false" files

mkdir -p pk/dist && echo x > pk/dist/x-1.0.tar.gz
expect upload-traversal 1 "upload_python_packages: error: --artifact-group \"../../escape\" must be one path component (no '/', '\\', '.' or '..')" \
  "$bin/upload_python_packages" --platform linux --input-packages-dir pk --artifact-group ../../escape --run-id 1 --output-dir out
expect upload-traversal-wrote-nothing 0 "" test ! -e out
# An output folder that holds the packages is not recreated (it would
# delete them before the copy).
mkdir -p X/1-linux/python/g/dist && echo x > X/1-linux/python/g/dist/x-1.0.tar.gz
expect upload-into-itself 1 "upload_python_packages: error: the output folder X/1-linux/python/g holds the packages (WORK/X/1-linux/python/g/dist): recreating it would delete them; give another --output-dir" \
  bash -c '"$1/upload_python_packages" --platform linux --input-packages-dir X/1-linux/python/g --artifact-group g --run-id 1 --output-dir X 2>&1 > /dev/null | sed "s|$PWD|WORK|"; exit "${PIPESTATUS[0]}"' _ "$bin"
expect upload-into-itself-kept 0 "x" cat X/1-linux/python/g/dist/x-1.0.tar.gz
# The bucket's name and the credentials reach the request as they are: a
# RELEASE_TYPE that makes no bucket name, or a line break in a credential
# (an HTTP header of its own), is refused.
expect upload-release-type 1 "upload_python_packages: error: \"therock-a/../b-artifacts\" (from RELEASE_TYPE) is not an S3 bucket name: 3 to 63 lowercase letters, digits, '.' and '-'" \
  bash -c 'RELEASE_TYPE=a/../b "$1/upload_python_packages" --platform linux --input-packages-dir X/1-linux/python/g --artifact-group g --run-id 1 --dry-run 2>&1 > /dev/null' _ "$bin"
# The index URL is a URL: its path percent-encoded, as the S3 keys are
# ('#' and '?' would start a fragment and a query); and a line break in a
# run id would split the output.
mkdir -p 'G/1-linux/python/g#1?x/dist' && echo x > 'G/1-linux/python/g#1?x/dist/x-1.0.tar.gz'
expect upload-url-encoded 0 "package_find_links_url=https://therock-ci-artifacts.s3.amazonaws.com/1-linux/python/g%231%3Fx/index.html" \
  bash -c '"$1/upload_python_packages" --platform linux --input-packages-dir "G/1-linux/python/g#1?x" --artifact-group "g#1?x" --run-id 1 --dry-run > /dev/null && cat output' _ "$bin"
# The folder is the platform's that --platform names, not this host's: a
# Linux job uploads a Windows build's wheels into the run's Windows folder.
rm -f output
expect upload-other-platform 0 "package_find_links_url=https://therock-ci-artifacts.s3.amazonaws.com/1-windows/python/g%231%3Fx/index.html" \
  bash -c '"$1/upload_python_packages" --platform windows --input-packages-dir "G/1-linux/python/g#1?x" --artifact-group "g#1?x" --run-id 1 --dry-run > /dev/null && cat output' _ "$bin"
expect index-platform-choice 2 "index_s3_packages: error: --platform must be one of linux, windows, not \"darwin\"" \
  "$bin/index_s3_packages" --artifact-group g --run-id 1 --platform darwin
# The region and endpoint make the requests' host, so each must be one:
# the signed requests and the session token would go elsewhere.
expect index-region-host 1 'index_s3_packages: error: AWS_REGION "x@127.0.0.1:9/#" is not an AWS region: lowercase letters, digits and '"'-'"', as us-east-2' \
  env AWS_ACCESS_KEY_ID=AK AWS_SECRET_ACCESS_KEY=SK AWS_SESSION_TOKEN=T AWS_REGION='x@127.0.0.1:9/#' \
  "$bin/index_s3_packages" --artifact-group g --run-id 1 --platform linux
expect index-endpoint-scheme 1 'index_s3_packages: error: AWS_ENDPOINT_URL "file:///tmp/x" is not an http:// or https:// URL' \
  env AWS_ACCESS_KEY_ID=AK AWS_SECRET_ACCESS_KEY=SK AWS_ENDPOINT_URL=file:///tmp/x \
  "$bin/index_s3_packages" --artifact-group g --run-id 1 --platform linux
# An empty folder is most likely an empty variable: refused, not read as
# the current one.
expect upload-empty-input 1 "upload_python_packages: error: --input-packages-dir must not be empty" \
  "$bin/upload_python_packages" --input-packages-dir= --artifact-group g --run-id 1 --platform linux --dry-run
expect upload-empty-output 1 'upload_python_packages: error: --output-dir must not be empty ("." is the current directory)' \
  "$bin/upload_python_packages" --input-packages-dir . --output-dir= --artifact-group g --run-id 1 --platform linux
# A wheel folder that cannot be listed is an ERROR line, as a bad wheel is
# (root runs it as nobody: root lists anything).
as_user=()
if [ "$(id -u)" = 0 ]; then
  as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
  chmod 711 "$work"
fi
mkdir -m 000 noread
expect wheel-dir-unlistable 1 "ERROR: cannot list noread (Permission denied)" \
  "${as_user[@]}" "$bin/sanity_check_wheel" noread
rmdir noread
expect upload-no-platform 2 "upload_python_packages: error: --platform is required (see --help)" \
  "$bin/upload_python_packages" --input-packages-dir "G/1-linux/python/g#1?x" --artifact-group g --run-id 1 --dry-run
rm -rf G output summary
expect upload-run-id-break 1 "upload_python_packages: error: --run-id holds a control character (a line break?)" \
  "$bin/upload_python_packages" --platform linux --input-packages-dir X/1-linux/python/g --artifact-group g --run-id "$(printf '1\n2')" --dry-run
expect version-blank 2 "compute_rocm_package_version: error: --prerelease-version holds a blank or control character, which no package version has" \
  "$bin/compute_rocm_package_version" --release-type prerelease --prerelease-version "a b" --override-base-version 7.12.0
expect version-override-blank 2 "compute_rocm_package_version: error: --override-base-version holds a blank or control character, which no package version has" \
  "$bin/compute_rocm_package_version" --release-type dev --override-base-version "7.12.0 b"
expect upload-credential-break 1 "upload_python_packages: error: AWS_SESSION_TOKEN holds a control character (a line break?)" \
  bash -c 'AWS_ACCESS_KEY_ID=AK AWS_SECRET_ACCESS_KEY=SK AWS_SESSION_TOKEN="$(printf "T\r\nX-Injected: 1")" "$1/upload_python_packages" --platform linux --input-packages-dir X/1-linux/python/g --artifact-group g --run-id 1 2>&1 > /dev/null' _ "$bin"

expect configure-labels 1 'configure_ci: error: PR_LABELS is not {"labels": [{"name": ...}, ...]}: nope' \
  env GITHUB_REF_NAME=x GITHUB_EVENT_NAME=pull_request PR_LABELS=nope "$bin/configure_ci"
# nlohmann::json copies and prints by recursion: a value nested 65,000 deep
# once overflowed the stack.
deep="{\"labels\": [$(head -c 65000 /dev/zero | tr '\0' '[')$(head -c 65000 /dev/zero | tr '\0' ']')]}"
expect configure-labels-deep 1 "configure_ci: error: PR_LABELS nests deeper than 64 levels" \
  env GITHUB_REF_NAME=main GITHUB_EVENT_NAME=schedule PR_LABELS="$deep" "$bin/configure_ci"
# A write the disk refuses is an error (it was lost when the file closed).
expect env-file-full 1 "cp312-cp312
python_to_cp_version: error: cannot append to GITHUB_ENV (/dev/full): the write failed (a full disk?)" \
  env GITHUB_ENV=/dev/full "$bin/python_to_cp_version" --python-version=3.12
expect env-file-full-relative 1 "cp312-cp312
python_to_cp_version: error: cannot append to GITHUB_ENV (full): the write failed (a full disk?)" \
  bash -c 'ln -s /dev/full full && GITHUB_ENV=full "$1" --python-version=3.12; rc=$?; rm -f full; exit $rc' _ "$bin/python_to_cp_version"
# Nor is a step's output half-written: a summary the disk refuses leaves
# GITHUB_OUTPUT as it was, where the six outputs were written before it.
printf 'before=1\n' > output
expect summary-full 1 "configure_ci: error: cannot append to GITHUB_STEP_SUMMARY (/dev/full): the write failed (a full disk?)
before=1" bash -c 'GITHUB_STEP_SUMMARY=/dev/full GITHUB_REF_NAME=main GITHUB_EVENT_NAME=schedule LOAD_TEST_RUNNERS_FROM_VAR=false "$1/configure_ci" > /dev/null; rc=$?; cat output; exit $rc' _ "$bin"
rm -f output
# A GITHUB_OUTPUT the failed step made goes again, and the reason is named.
mkdir summary_dir
expect summary-folder 1 "configure_ci: error: cannot append to GITHUB_STEP_SUMMARY ($work/summary_dir): it is a directory
no output file" bash -c 'GITHUB_STEP_SUMMARY="$2/summary_dir" GITHUB_REF_NAME=main GITHUB_EVENT_NAME=schedule LOAD_TEST_RUNNERS_FROM_VAR=false "$1/configure_ci" > /dev/null; rc=$?; [ -e output ] || echo "no output file"; exit $rc' _ "$bin" "$work"
rmdir summary_dir
# A pipe no process reads is refused at once (opening it waited for a reader
# forever), and nothing is left written.
mkfifo nobody_reads
expect summary-fifo 1 "configure_ci: error: cannot append to GITHUB_STEP_SUMMARY (nobody_reads): it is a pipe that no process reads
no output file" bash -c 'GITHUB_STEP_SUMMARY=nobody_reads GITHUB_REF_NAME=main GITHUB_EVENT_NAME=schedule LOAD_TEST_RUNNERS_FROM_VAR=false timeout 20 "$1/configure_ci" > /dev/null; rc=$?; [ -e output ] || echo "no output file"; exit $rc' _ "$bin"
rm nobody_reads
expect configure-event 1 "configure_ci: error: environment variable GITHUB_EVENT_NAME must be one of push, pull_request, schedule, workflow_dispatch, not \"release\"" \
  env GITHUB_REF_NAME=main GITHUB_EVENT_NAME=release "$bin/configure_ci"
GITHUB_REF_NAME=main GITHUB_EVENT_NAME=schedule LOAD_TEST_RUNNERS_FROM_VAR=false LINUX_USE_PREBUILT_ARTIFACTS=true \
  "$bin/configure_ci" > /dev/null
expect configure-outputs 0 "linux_test_labels=[]
enable_build_jobs=true
test_type=full" bash -c "grep -E '^(enable_build_jobs|test_type|linux_test_labels)=' output"
expect configure-summary 0 "## Workflow configure results
* linux_variants: gfx94X-dcgpu (build_pytorch), gfx110X-all (build_pytorch), gfx1151 (build_pytorch), gfx120X-all (build_pytorch), gfx950-dcgpu (build_pytorch), gfx90X-dcgpu (build_pytorch), gfx101X-dgpu (expect_failure), gfx103X-dgpu (build_pytorch), gfx1150 (build_pytorch), gfx1152 (build_pytorch), gfx1153 (build_pytorch)
* windows_variants: gfx110X-all (build_pytorch), gfx1151 (build_pytorch), gfx120X-all (build_pytorch), gfx90X-dcgpu, gfx101X-dgpu, gfx103X-dgpu (build_pytorch), gfx1150 (build_pytorch), gfx1152 (build_pytorch), gfx1153 (build_pytorch)" \
  bash -c "grep -E '^## |^\* (linux|windows)_variants' summary"
expect configure-summary-prebuilt 0 "* linux_use_prebuilt_artifacts: \`true\`
* windows_use_prebuilt_artifacts: \`false\`" bash -c "grep -E '_use_prebuilt_artifacts' summary"
rm -f output env summary
# TheRock's own test passes PR_LABELS="{}": no labels, the presubmit rows. A
# pull request's changed paths come from git, so this runs in a checkout.
git init -q pr-checkout && git -C pr-checkout -c user.name=t -c user.email=t@t commit -q --allow-empty -m base
(cd pr-checkout && GITHUB_REF_NAME=1/merge \
  GITHUB_EVENT_NAME=pull_request BASE_REF=HEAD PR_LABELS='{}' LOAD_TEST_RUNNERS_FROM_VAR=false "$bin/configure_ci" > /dev/null)
expect configure-labels-none 0 "* windows_variants: gfx110X-all, gfx1151, gfx120X-all" \
  bash -c "grep -E '^\* windows_variants' summary"
rm -f output env summary
# BASE_REF is one argument to git (TheRock passes it in a list): no shell
# reads it, and git does not take it for an option.
expect configure-base-ref-one-word 1 "configure_ci: error: \`git diff --name-only HEAD;touch pwned\` exited with 128: fatal: ambiguous argument 'HEAD;touch pwned': unknown revision or path not in the working tree. (is BASE_REF a revision of this checkout?)" \
  bash -c "cd pr-checkout && GITHUB_REF_NAME=main GITHUB_EVENT_NAME=push env 'BASE_REF=HEAD;touch pwned' '$bin/configure_ci' 2>&1 | grep '^configure_ci:'; exit \${PIPESTATUS[0]}"
expect configure-base-ref-no-shell 0 "" test ! -e pr-checkout/pwned
expect configure-base-ref-option 1 "configure_ci: error: BASE_REF \"--output=written\" is not a revision: it starts with -" \
  bash -c "cd pr-checkout && GITHUB_REF_NAME=main GITHUB_EVENT_NAME=push BASE_REF=--output=written '$bin/configure_ci'"
expect configure-base-ref-no-file 0 "" test ! -e pr-checkout/written
# Submodules are read in the repository's root, from any folder of it
# (git prints their paths relative to the current one).
git init -q half && git -C half -c user.name=t -c user.email=t@t commit -q --allow-empty -m half
git -C pr-checkout -c protocol.file.allow=always submodule --quiet add "$work/half" base/half
git -C pr-checkout -c user.name=t -c user.email=t@t commit -q -m "add half"
mkdir -p pr-checkout/src
expect configure-submodule-below-root 0 "test_type=full" \
  bash -c "cd pr-checkout/src && GITHUB_REF_NAME=main GITHUB_EVENT_NAME=push BASE_REF=HEAD^ LOAD_TEST_RUNNERS_FROM_VAR=false '$bin/configure_ci' > /dev/null && grep '^test_type=' '$GITHUB_OUTPUT'"
# stdout says what each decision was taken on, and why.
expect configure-reasons 0 "changed paths: .gitmodules, base/half
enable_build_jobs=true: .gitmodules changed, which is not skippable
test_type=full: submodule base/half changed" \
  bash -c "set -o pipefail; cd pr-checkout && GITHUB_REF_NAME=main GITHUB_EVENT_NAME=push BASE_REF=HEAD^ LOAD_TEST_RUNNERS_FROM_VAR=false '$bin/configure_ci' | grep -E '^(changed paths|enable_build_jobs=|test_type=)'"
mkdir -p pr-checkout/docs && echo x > pr-checkout/docs/a.md && git -C pr-checkout add docs/a.md &&
  git -C pr-checkout -c user.name=t -c user.email=t@t commit -q -m docs
expect configure-reasons-docs 0 "changed paths: docs/a.md
enable_build_jobs=false: only skippable paths and workflows CI does not run changed
test_type=smoke: no submodule changed and no known test labels" \
  bash -c "set -o pipefail; cd pr-checkout && GITHUB_REF_NAME=main GITHUB_EVENT_NAME=push BASE_REF=HEAD^ LOAD_TEST_RUNNERS_FROM_VAR=false '$bin/configure_ci' | grep -E '^(changed paths|enable_build_jobs=|test_type=)'"
rm -f output env summary
# Multi-arch mode (TheRock's multi_arch_ci.yml calls setup.yml with it): one
# row per variant, the families in the summary joined as in the row, with
# the variant's flags.
GITHUB_REF_NAME=main GITHUB_EVENT_NAME=schedule LOAD_TEST_RUNNERS_FROM_VAR=false MULTI_ARCH=true BUILD_VARIANT=asan \
  "$bin/configure_ci" > /dev/null
expect configure-multi-arch 0 "* linux_variants: gfx94X-dcgpu;gfx950-dcgpu (expect_failure)
* windows_variants: none" bash -c "grep -E '^\* (linux|windows)_variants' summary"
expect configure-multi-arch-row 0 'linux_variants=[{"matrix_per_family_json": "[{\"amdgpu_family\": \"gfx94X-dcgpu\", \"test-runs-on\": \"linux-mi325-1gpu-ossci-rocm\", \"sanity_check_only_for_family\": false}, {\"amdgpu_family\": \"gfx950-dcgpu\", \"test-runs-on\": \"linux-mi355-1gpu-ossci-rocm\", \"sanity_check_only_for_family\": false}]", "dist_amdgpu_families": "gfx94X-dcgpu;gfx950-dcgpu", "artifact_group": "multi-arch-asan", "build_variant_label": "asan", "build_variant_suffix": "asan", "build_variant_cmake_preset": "linux-release-asan", "expect_failure": true, "build_pytorch": false}]' \
  grep '^linux_variants=' output
rm -f output env summary
# A test_runner label in PR_LABELS picks the runners whatever the trigger,
# as in TheRock (setup.yml sets PR_LABELS on pull requests only).
expect configure-labels-push 0 '"test-runs-on": "linux-strix-halo-gpu-rocm-oem"
"test-runs-on": ""' bash -c 'cd pr-checkout && GITHUB_REF_NAME=main GITHUB_EVENT_NAME=push BASE_REF=HEAD \
  PR_LABELS="{\"labels\": [{\"name\": \"test_runner:oem\"}]}" LOAD_TEST_RUNNERS_FROM_VAR=false "$1/configure_ci" > /dev/null &&
  grep -o "\"test-runs-on\": \"[^\"]*\"" "$GITHUB_OUTPUT" | sort -ru' _ "$bin"
rm -f output env summary

finish step_tools
