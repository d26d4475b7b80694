#!/usr/bin/env bash
# Runs the scripts with which the generated jobs install the step tools'
# libraries, as GitHub runs them (bash -eo pipefail), against stand-ins for
# the commands they call.
# - TheRock's manylinux container: rpm and dnf keep a package list in a file.
#   What the image had stays, and so does libzip, which the tools load; every
#   -devel package the install added goes. A restored build adds libzip alone.
# - Windows: git, vcpkg's bootstrap, vcpkg and cmake log their calls. The
#   build is configured with the toolchain of the vcpkg the install fetched.
#   tests/step_tools_libraries_test.sh REPO
set -uo pipefail
tests_dir=$(cd "$(dirname "$0")" && pwd)
repo=$(realpath "$1")
source "$tests_dir/lib.sh"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
workflows="$repo/generated/therock/.github/workflows"

# The run script of the step named $2 in workflow $1 (a block literal under
# `run: |`, as pipec writes a job's steps).
script() {
  awk -v step="- name: $2" '$0 ~ "^      " step "$" {f=1; next} f&&/^      - /{exit}
    f&&/run: \|/{r=1; next} r&&/^          /{sub(/^          /, ""); print; next} r{exit}' "$workflows/$1"
}

mkdir "$work/bin"
# rpm -qa --qf '%{NAME}\n' lists the names (in no order); rpm -e --nodeps
# NAME... removes them and logs the call.
cat > "$work/bin/rpm" <<'EOF'
#!/usr/bin/env bash
case "$1" in
  -qa) tac "$DB" ;;
  -e) shift 2; echo "rpm -e --nodeps $*" >> "$LOG"
      for p in "$@"; do grep -qx "$p" "$DB" || { echo "rpm: $p is not installed" >&2; exit 1; }; done
      grep -vxF -f <(printf '%s\n' "$@") "$DB" > "$DB.new"; mv "$DB.new" "$DB" ;;
  *) echo "rpm: unexpected $*" >&2; exit 2 ;;
esac
EOF
# dnf install -y NAME... adds them, and libzip-devel's dependencies.
cat > "$work/bin/dnf" <<'EOF'
#!/usr/bin/env bash
[ "$1 $2" = "install -y" ] || { echo "dnf: unexpected $*" >&2; exit 2; }
shift 2
for p in "$@"; do
  case "$p" in libzip-devel) set -- "$@" libzip zlib-devel bzip2-devel ;; esac
done
for p in "$@"; do grep -qx "$p" "$DB" || echo "$p" >> "$DB"; done
EOF
chmod +x "$work/bin/rpm" "$work/bin/dnf"

# Installs and removes as the workflow does; prints what rpm -e was asked to
# remove, then the packages left.
run() {
  local wf=$1 image=$2
  export DB="$work/db" LOG="$work/log" RUNNER_TEMP="$work/temp"
  rm -rf "$RUNNER_TEMP" "$LOG" && mkdir "$RUNNER_TEMP" && touch "$LOG"
  printf '%s\n' $image > "$DB"
  script "$wf" "Install the step tools' libraries" > "$work/install.sh"
  script "$wf" "Remove the step tools' development packages" > "$work/remove.sh"
  PATH="$work/bin:$PATH" bash --noprofile --norc -eo pipefail "$work/install.sh" &&
    PATH="$work/bin:$PATH" bash --noprofile --norc -eo pipefail "$work/remove.sh" || return
  cat "$LOG"; echo "left: $(sort "$DB" | tr '\n' ' ')"
}

image="bash glibc-devel libcurl openssl-libs zlib-devel"
wf=build_portable_linux_python_packages.yml
expect "$wf" 0 "rpm -e --nodeps bzip2-devel expat-devel json-devel libcurl-devel libzip-devel openssl-devel
left: bash epel-release glibc-devel libcurl libzip openssl-libs zlib-devel " run "$wf" "$image"
# An image that has them all already: nothing is removed, and nothing fails.
expect nothing-added 0 "left: bash bzip2-devel epel-release expat-devel json-devel libcurl-devel libzip libzip-devel openssl-devel zlib-devel " \
  run "$wf" "bash bzip2-devel epel-release expat-devel json-devel libcurl-devel libzip libzip-devel openssl-devel zlib-devel"
# On a cache hit, the job installs only libzip, which the restored tools
# load: no EPEL, and nothing to remove.
hit() { CACHE_HIT=true run "$@"; }
expect "$wf-cache-hit" 0 "left: bash glibc-devel libcurl libzip openssl-libs zlib-devel " hit "$wf" "$image"
# The PyTorch builds' tools link no library: in the container they install
# nothing, and remove nothing.
for wf in build_portable_linux_pytorch_wheels.yml build_portable_linux_pytorch_wheels_ci.yml; do
  expect "$wf-installs-nothing" 0 "" script "$wf" "Install the step tools' libraries"
  expect "$wf-removes-nothing" 0 "" script "$wf" "Remove the step tools' development packages"
done
# The hosted Linux jobs and Windows have no such step.
expect hosted-linux 0 "" script ci_linux.yml "Remove the step tools' development packages"
expect windows 0 "" script build_windows_pytorch_wheels_ci.yml "Remove the step tools' development packages"

# Windows, on a cache miss: the install fetches the pinned vcpkg into the
# runner's temp folder and installs the libraries; the build is configured
# with that vcpkg's toolchain. git's checkout leaves the bootstrap script and
# the toolchain file; the bootstrap leaves vcpkg.
mkdir "$work/vcpkg-files"
cat > "$work/vcpkg-files/vcpkg" <<'EOF'
#!/usr/bin/env bash
echo "vcpkg $*" >> "$LOG"
EOF
cat > "$work/vcpkg-files/bootstrap-vcpkg.bat" <<'EOF'
#!/usr/bin/env bash
echo "bootstrap-vcpkg.bat $*" >> "$LOG"
cp "$FILES/vcpkg" "$(dirname "$0")/vcpkg"
EOF
cat > "$work/bin/git" <<'EOF'
#!/usr/bin/env bash
echo "git $*" >> "$LOG"
case "$*" in
  "init --quiet "*) mkdir -p "$3" ;;
  *" checkout --quiet FETCH_HEAD") cp "$FILES/bootstrap-vcpkg.bat" "$2/" &&
    mkdir -p "$2/scripts/buildsystems" && touch "$2/scripts/buildsystems/vcpkg.cmake" ;;
esac
EOF
# cmake fails unless the toolchain file it is given exists.
cat > "$work/bin/cmake" <<'EOF'
#!/usr/bin/env bash
echo "cmake $*" >> "$LOG"
for a in "$@"; do
  case "$a" in -DCMAKE_TOOLCHAIN_FILE=*) [ -f "${a#*=}" ] || { echo "no toolchain ${a#*=}" >&2; exit 1; } ;; esac
done
EOF
printf '#!/usr/bin/env bash\necho "$2"\n' > "$work/bin/cygpath"
chmod +x "$work"/vcpkg-files/* "$work"/bin/*
windows() {
  local wf=$1
  export LOG="$work/log" RUNNER_TEMP="$work/temp" GITHUB_ENV="$work/github_env" FILES="$work/vcpkg-files"
  rm -rf "$RUNNER_TEMP" "$LOG" "$GITHUB_ENV" "$work/checkout" && mkdir "$RUNNER_TEMP" "$work/checkout" && touch "$LOG"
  script "$wf" "Install the step tools' libraries" > "$work/install.sh"
  script "$wf" "Build the step tools" > "$work/build.sh"
  (cd "$work/checkout" && PATH="$work/bin:$PATH" bash --noprofile --norc -eo pipefail "$work/install.sh" &&
    CACHE_HIT="" PATH="$work/bin:$PATH" bash --noprofile --norc -eo pipefail "$work/build.sh") || return
  cat "$LOG" "$GITHUB_ENV" | sed "s|$work|WORK|g"
}
expect windows-vcpkg 0 "git init --quiet WORK/temp/vcpkg
git -C WORK/temp/vcpkg fetch --quiet --depth 1 https://github.com/microsoft/vcpkg.git 9e593bb18ea69cc5095e012465dcd675a822ed0d
git -C WORK/temp/vcpkg checkout --quiet FETCH_HEAD
bootstrap-vcpkg.bat -disableMetrics
vcpkg install --vcpkg-root=WORK/temp/vcpkg --triplet x64-windows --binarysource=clear nlohmann-json libzip curl openssl expat
cmake -S pipelines/steps -B build/step-tools -DCMAKE_BUILD_TYPE=Release -DPIPEC_STEPS_PACKAGES=ON -DCMAKE_TOOLCHAIN_FILE=WORK/temp/vcpkg/scripts/buildsystems/vcpkg.cmake
cmake --build build/step-tools --config Release --parallel --target upload_python_packages
PIPEC_STEPS_BIN=WORK/checkout/build/step-tools/bin" windows build_windows_python_packages.yml
# It does not read vcpkg's binary cache: a reused runner keeps it in the
# user's profile, where an earlier job of any run (a fork's too) could have
# put what it built. The PyTorch builds' tools link no library: no vcpkg (a
# release job builds from the workflow's commit).
expect windows-release-no-vcpkg 0 "cmake -S build/step-tools-source/pipelines/steps -B build/step-tools -DCMAKE_BUILD_TYPE=Release -DPIPEC_STEPS_PACKAGES=OFF -DPIPEC_STEPS_JSON=OFF
cmake --build build/step-tools --config Release --parallel --target determine_version write_torch_versions
PIPEC_STEPS_BIN=WORK/checkout/build/step-tools/bin" windows build_windows_pytorch_wheels.yml
finish step_tools_libraries
