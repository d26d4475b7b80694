#!/usr/bin/env bash
# Set-up on a fresh Debian machine: installs what is missing, builds pipec and
# the step executables, and runs the main job (`pipec gen` over pipelines/).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j"$(nproc)"
./build/compiler/pipec gen
