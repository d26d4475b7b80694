#!/usr/bin/env bash
# Runs every test: installs what is missing, builds everything with
# AddressSanitizer and UndefinedBehaviorSanitizer, runs ctest, and checks that
# the committed generated files match their sources.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
cmake -S . -B build-test -G Ninja -DCMAKE_BUILD_TYPE=Debug -DPIPEC_SANITIZE=ON -DPIPEC_WERROR=ON
cmake --build build-test -j"$(nproc)"
export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
./build-test/compiler/pipec check
ctest --test-dir build-test --output-on-failure -j"$(nproc)"
