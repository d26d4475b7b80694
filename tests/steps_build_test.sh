#!/usr/bin/env bash
# Runs the "Build the step tools" script of a generated workflow as the
# runner would, in a copy of the repository: it must configure pipelines/steps
# on its own, build the tools the job names, and leave them in
# PIPEC_STEPS_BIN. Then the tools run from there.
#   tests/steps_build_test.sh REPO
set -uo pipefail
tests_dir=$(cd "$(dirname "$0")" && pwd)
repo=$(realpath "$1")
source "$tests_dir/lib.sh"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir "$work/checkout" && cp -r "$repo/pipelines" "$repo/generated" "$work/checkout/"
# The first "Build the step tools" script of a workflow, as pipec writes it
# (a block literal under `run: |`).
build_script() {
  awk '/- name: Build the step tools/{f=1} f&&/run: \|/{r=1; next} r&&/^          /{sub(/^          /, ""); print; next} r{exit}' \
    "$repo/generated/therock/.github/workflows/$1"
}
# setup's tools steer the jobs that hold credentials, so it builds them
# afresh, with no cache (pipelines/therock/common.pipe, trusted).
build_script setup.yml > "$work/build.sh"
expect script 0 'cmake -S pipelines/steps -B build/step-tools -DCMAKE_BUILD_TYPE=Release -DPIPEC_STEPS_PACKAGES=OFF
cmake --build build/step-tools --config Release --parallel --target configure_ci compute_rocm_package_version
echo "PIPEC_STEPS_BIN=${PWD}/build/step-tools/bin" >> "$GITHUB_ENV"' cat "$work/build.sh"
export GITHUB_ENV="$work/github_env"
(cd "$work/checkout" && bash -e "$work/build.sh" > "$work/build.log" 2>&1) || { cat "$work/build.log"; }
expect github-env 0 "PIPEC_STEPS_BIN=$work/checkout/build/step-tools/bin" cat "$GITHUB_ENV"
expect built 0 "compute_rocm_package_version
configure_ci" ls "$work/checkout/build/step-tools/bin"
# Nightly versions carry today's date: the line must be that, and only that.
expect runs 0 "1" bash -c "cd '$work' && echo '{\"rocm-version\": \"7.12.0\"}' > version.json &&
  env -u GITHUB_OUTPUT '$work/checkout/build/step-tools/bin/compute_rocm_package_version' --release-type nightly 2>/dev/null |
  grep -cxE 'rocm_package_version=7\.12\.0a[0-9]{8}'"
# A PyTorch build's tools (the version steps) read no JSON: its job installs
# no library, and they configure and build where nlohmann-json is absent (a
# cmake in front of the real one makes find_package fail for it).
build_script build_portable_linux_pytorch_wheels_ci.yml > "$work/pytorch_build.sh"
real_cmake=$(command -v cmake)
mkdir "$work/no-json" && printf '#!/bin/sh\ncase "$1" in -S) exec %s "$@" -DCMAKE_DISABLE_FIND_PACKAGE_nlohmann_json=ON ;; esac\nexec %s "$@"\n' \
  "$real_cmake" "$real_cmake" > "$work/no-json/cmake" && chmod +x "$work/no-json/cmake"
rm -rf "$work/checkout/build" "$GITHUB_ENV"
(cd "$work/checkout" && CACHE_HIT="" PATH="$work/no-json:$PATH" bash -e "$work/pytorch_build.sh" > "$work/pytorch.log" 2>&1) ||
  cat "$work/pytorch.log"
expect no-json-built 0 "determine_version
python_to_cp_version
write_torch_versions" ls "$work/checkout/build/step-tools/bin"
# CI's PyTorch build restores its tools from the cache: on a hit, the
# restored build is used as it is, without running cmake at all.
expect pytorch-script 0 'if [ "${CACHE_HIT}" != "true" ]; then
  cmake -S pipelines/steps -B build/step-tools -DCMAKE_BUILD_TYPE=Release -DPIPEC_STEPS_PACKAGES=OFF -DPIPEC_STEPS_JSON=OFF
  cmake --build build/step-tools --config Release --parallel --target python_to_cp_version determine_version write_torch_versions
fi
echo "PIPEC_STEPS_BIN=${PWD}/build/step-tools/bin" >> "$GITHUB_ENV"' cat "$work/pytorch_build.sh"
mkdir "$work/no-cmake" && printf '#!/bin/sh\necho "cmake ran" >&2; exit 1\n' > "$work/no-cmake/cmake" && chmod +x "$work/no-cmake/cmake"
rm "$GITHUB_ENV"
expect cache-hit 0 "PIPEC_STEPS_BIN=$work/checkout/build/step-tools/bin" bash -c "cd '$work/checkout' &&
  CACHE_HIT=true PATH='$work/no-cmake':\"\$PATH\" bash -e '$work/pytorch_build.sh' && cat '$GITHUB_ENV'"
# The package tools as the manylinux_2_28 container (AlmaLinux 8) builds them:
# its libzip (1.5) installs no CMake package, and its libcurl (7.61) cannot
# sign AWS requests, so pkg-config finds libzip and sigv4.h signs. Both are
# simulated here.
el8_log="$work/el8.log"
(cd "$work/checkout" && CXXFLAGS=-DPIPEC_LIBCURL_SIGNS=0 cmake -S pipelines/steps -B build/el8 \
   -DCMAKE_BUILD_TYPE=Release -DPIPEC_STEPS_PACKAGES=ON -DCMAKE_DISABLE_FIND_PACKAGE_libzip=ON &&
 cmake --build build/el8 --parallel --target upload_python_packages sanity_check_wheel) > "$el8_log" 2>&1 ||
  cat "$el8_log"
expect el8-libzip 0 "1" grep -cE '^-- libzip [0-9.]+ from pkg-config \(no CMake package\)$' "$el8_log"
expect el8-built 0 "sanity_check_wheel
upload_python_packages" ls "$work/checkout/build/el8/bin"
finish steps_build
