#!/usr/bin/env bash
# The step tools built for Windows (MinGW-w64) and run under Wine: their
# own tests, and the Windows code of the tools as a workflow runs them
# (a command run with each argument intact and no cmd.exe between, the
# date, wheels without triton, the files GitHub reads, exit codes). The
# package tools are left out: Debian has no MinGW builds of libcurl,
# libzip and OpenSSL. Wine is not Windows; MSVC, which the workflows
# build with, is not MinGW.
#   tests/windows_step_tools_test.sh REPO BUILD_DIR
set -uo pipefail
tests_dir=$(cd "$(dirname "$0")" && pwd)
repo=$(realpath "$1")
build=$2
source "$tests_dir/lib.sh"
wine=/usr/lib/wine/wine64
cxx=x86_64-w64-mingw32-g++-posix
if [ ! -x "$wine" ] || ! command -v "$cxx" > /dev/null; then
  echo "FAIL: $wine or $cxx is missing (tools/install-deps.sh installs wine64 and g++-mingw-w64-x86-64-posix)"
  exit 1
fi
if ! { cmake -S "$repo/pipelines/steps" -B "$build" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$tests_dir/windows/mingw-w64.cmake" \
         -DPIPEC_STEPS_PACKAGES=OFF -DBUILD_TESTING=ON -DCMAKE_BUILD_TYPE=Release &&
       cmake --build "$build" -j2; } > "$build.log" 2>&1; then
  cat "$build.log"; echo "FAIL: the Windows build"; exit 1
fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir "$work/stand-in" && "$cxx" -static -O1 "$tests_dir/windows/git_stand_in.cpp" -o "$work/stand-in/git.exe" || exit 1
cd "$work"
export WINEPREFIX="$build/wine" WINEDEBUG=-all
# Wine makes its prefix on first use, and says so: before the tests.
"$wine" wineboot > "$work/wineboot.log" 2>&1 || { cat "$work/wineboot.log"; echo "FAIL: wineboot"; exit 1; }
export GITHUB_OUTPUT="$work/output" GITHUB_ENV="$work/env" GITHUB_STEP_SUMMARY="$work/summary"
# A Windows program's output, its CRLF line ends made LF; its exit code.
win() { "$wine" "$@" 2>&1 | tr -d '\r'; return "${PIPESTATUS[0]}"; }
tool() { local name=$1; shift; win "$build/bin/$name.exe" "$@"; }
# The files a step wrote, a carriage return shown as ^M (GitHub reads
# them as written).
files() { for f in output env summary; do [ -f "$f" ] && { echo "[$f]"; cat -v "$f"; }; done; rm -f output env summary; }

# A test program's last line when it passes, all it printed when not.
unit() {
  "$wine" "$build/$1.exe" > "$work/unit.log" 2>&1
  local rc=$?
  if [ $rc = 0 ]; then tr -d '\r' < "$work/unit.log" | tail -1; else tr -d '\r' < "$work/unit.log"; fi
  return $rc
}
for t in steps_runtime_tests ci/steps_ci_tests release/steps_release_tests versions/steps_versions_tests; do
  expect "$t" 0 "[doctest] Status: SUCCESS!" unit "$t"
done

expect cp-version 0 "cp313-cp313t" tool python_to_cp_version --python-version 3.13t
expect cp-version-env 0 "[env]
cp_version=cp313-cp313t" files
expect cp-version-missing 2 "python_to_cp_version: error: --python-version is required (see --help)" tool python_to_cp_version

# Windows builds no triton or apex: torch, torchaudio and torchvision are all.
mkdir dist && touch dist/torch-2.10.0+rocm7.12.0-cp312-cp312-win_amd64.whl \
  dist/torchaudio-2.10.0+rocm7.12.0-cp312-cp312-win_amd64.whl dist/torchvision-0.25.0+rocm7.12.0-cp312-cp312-win_amd64.whl
tool write_torch_versions --dist-dir dist > /dev/null
expect torch-versions 0 "[output]
torch_version=2.10.0+rocm7.12.0
torchaudio_version=2.10.0+rocm7.12.0
torchvision_version=0.25.0+rocm7.12.0" files

# A dev deb's version ends in today's date (Wine keeps its own time zone,
# not TZ's, so local time and UTC are not told apart here). Read twice
# when the day turned meanwhile.
echo '{"rocm-version": "7.12.0"}' > version.json
deb() { env -u GITHUB_SHA "$wine" "$build/bin/compute_rocm_package_version.exe" --release-type=dev --package-type=deb 2>&1 | tr -d '\r'; return "${PIPESTATUS[0]}"; }
day=$(date +%Y%m%d); out=$(deb); rc=$?
[ "$day" = "$(date +%Y%m%d)" ] || { day=$(date +%Y%m%d); out=$(deb); rc=$?; }
expect package-version-deb 0 "rocm_deb_package_version=7.12.0~dev$day" bash -c 'printf "%s\n" "$1"; exit "$2"' _ "$out" "$rc"
rm -f output env summary

# configure_ci runs git with BASE_REF as one argument, whatever it holds:
# HEAD^ (setup.yml's for a manual run) reaches git intact, where cmd.exe
# would read ^ itself.
export GIT_LOG="$work/git.log" GIT_DIFF="$work/diff" WINEPATH="Z:${work//\//\\}\\stand-in"
printf 'docs/a.md\n' > "$GIT_DIFF"
expect configure-reasons 0 "changed paths: docs/a.md
enable_build_jobs=false: only skippable paths and workflows CI does not run changed
test_type=smoke: no submodule changed and no known test labels" \
  bash -c 'set -o pipefail; GITHUB_REF_NAME=main GITHUB_EVENT_NAME=push BASE_REF="HEAD^" LOAD_TEST_RUNNERS_FROM_VAR=false "$1" "$2" 2>&1 | tr -d "\r" | grep -E "^(changed paths|enable_build_jobs=|test_type=)"' _ "$wine" "$build/bin/configure_ci.exe"
expect configure-git-calls 0 "[diff][--name-only][HEAD^]
[rev-parse][--show-toplevel]
[-C][C:/repo][submodule][status]" cat "$GIT_LOG"
rm -f "$GIT_LOG" output env summary
expect configure-odd-ref 0 "[diff][--name-only][a b%PATH%\"&|<>\\]" \
  bash -c 'GITHUB_REF_NAME=main GITHUB_EVENT_NAME=push BASE_REF="a b%PATH%\"&|<>\\" LOAD_TEST_RUNNERS_FROM_VAR=false "$1" "$2" > /dev/null 2>&1 || exit; head -1 "$GIT_LOG"' _ "$wine" "$build/bin/configure_ci.exe"
# No git on PATH: said so, without the hint about BASE_REF.
expect configure-no-git 1 "configure_ci: error: \`git diff --name-only HEAD^\` could not run: no git on PATH" \
  bash -c 'set -o pipefail; WINEPATH= GITHUB_REF_NAME=main GITHUB_EVENT_NAME=push BASE_REF="HEAD^" LOAD_TEST_RUNNERS_FROM_VAR=false "$1" "$2" 2>&1 | tr -d "\r" | grep "^configure_ci:"' _ "$wine" "$build/bin/configure_ci.exe"
finish windows_step_tools
