#!/usr/bin/env bash
# A step tool's declaration and its generated C++ interface cannot disagree:
# `pipec check` fails when either changed alone, and after `pipec gen` the
# hand-written logic that uses a renamed flag no longer compiles.
#   tests/tool_interface_test.sh PIPEC REPO CXX
set -uo pipefail
tests_dir=$(cd "$(dirname "$0")" && pwd)
pipec=$(realpath "$1") repo=$(realpath "$2") cxx=$3
source "$tests_dir/lib.sh"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
copy() { rm -rf "$work/root" && mkdir "$work/root" && cp -r "$repo/pipelines" "$repo/generated" "$repo/.github" "$work/root/"; }
files=$(cd "$repo" && "$pipec" check | tail -1)

# The hand-written logic of sanity_check_wheel against its generated interface.
compile() {
  local out rc
  out=$(LC_ALL=C "$cxx" -std=c++20 -fsyntax-only -I "$work/root/generated/steps" -I "$work/root/pipelines/steps" \
    "$work/root/pipelines/steps/packages/sanity_check_wheel_step.cpp" 2>&1); rc=$?
  printf '%s\n' "$out" | grep -o "error: .*" | head -1
  return $rc
}

copy
expect clean 0 "$files" "$pipec" -C "$work/root" check
expect logic-builds 0 "" compile

# The declaration changes alone: the workflow step that still passes the
# old flag is an error at its .pipe line.
sed -i 's/flag wheel_dir: string/flag wheels_dir: string/' "$work/root/pipelines/therock/tools.pipe"
use=$(grep -n 'tool = sanity_check_wheel' "$work/root/pipelines/therock/pytorch.pipe" | cut -d: -f1)
expect step-disagrees 2 "pipelines/therock/pytorch.pipe:$use:73: error: tool sanity_check_wheel has no flag or env \"wheel_dir\" (did you mean \"wheels_dir\"?); expected one of wheels_dir [tool-step]
      step { name = \"Sanity Check Wheel\" tool = sanity_check_wheel args { wheel_dir = \"packages/dist\" } }
                                                                          ^
1 error" "$pipec" -C "$work/root" check

# The declaration and its use change together: the interface is stale, and
# the diff names the declaration's line.
sed -i 's/args { wheel_dir = /args { wheels_dir = /' "$work/root/pipelines/therock/pytorch.pipe"
out=$("$pipec" -C "$work/root" check 2>&1); rc=$?
expect declaration-changed 1 "generated/steps/sanity_check_wheel/interface.h: stale
generated/steps/sanity_check_wheel/main.cpp: stale
2 files differ; run \`pipec gen\`" bash -c "printf '%s\n' \"\$1\" | grep -E ': (stale|edited by hand|missing|orphaned .*)\$|files? differ'; exit $rc" _ "$out"
decl=$(grep -n '^tool sanity_check_wheel' "$work/root/pipelines/therock/tools.pipe" | cut -d: -f1)
expect diff-shows-field 0 "-  std::string wheel_dir;  // <wheel_dir>: The directory holding the wheels.    <- pipelines/therock/tools.pipe:$decl:6
+  std::string wheels_dir;  // <wheels_dir>: The directory holding the wheels.    <- pipelines/therock/tools.pipe:$decl:6" \
  bash -c "printf '%s\n' \"\$1\" | grep -E '^[-+]  std::string wheels?_dir'" _ "$out"

# Regenerated, the interface follows the declaration, and the logic that
# still reads in.wheel_dir no longer builds.
"$pipec" -C "$work/root" gen > /dev/null
expect logic-breaks 1 "error: 'const struct steps::cli::sanity_check_wheel::Inputs' has no member named 'wheel_dir'; did you mean 'wheels_dir'?" compile

# The interface edited by hand: check says so.
copy
sed -i 's/std::string wheel_dir;/std::string dir;/' "$work/root/generated/steps/sanity_check_wheel/interface.h"
out=$("$pipec" -C "$work/root" check 2>&1); rc=$?
expect interface-edited 1 "generated/steps/sanity_check_wheel/interface.h: edited by hand
1 file differs; run \`pipec gen\`; gen writes over the edits made by hand: to keep one, make it in the source line named after <-" bash -c "printf '%s\n' \"\$1\" | grep -E ': (stale|edited by hand|missing|orphaned .*)\$|files? differ'; exit $rc" _ "$out"

# A new tool: its interface is missing until generated.
copy
cat >> "$work/root/pipelines/therock/tools.pipe" <<'PIPE'
tool hello {
  description = "Says hello."
  logic = "ci"
  flag name: string { help = "Whom to greet." }
}
PIPE
out=$("$pipec" -C "$work/root" check 2>&1); rc=$?
expect tool-added 1 "generated/steps/CMakeLists.txt: stale
generated/steps/hello/interface.h: missing
generated/steps/hello/main.cpp: missing
3 files differ; run \`pipec gen\`" bash -c "printf '%s\n' \"\$1\" | grep -E ': (stale|edited by hand|missing|orphaned .*)\$|files? differ'; exit $rc" _ "$out"
# Removed again: the files it left are orphans.
"$pipec" -C "$work/root" gen > /dev/null
sed -i '/^tool hello {/,$d' "$work/root/pipelines/therock/tools.pipe"
out=$("$pipec" -C "$work/root" check 2>&1); rc=$?
expect tool-removed 1 "generated/steps/CMakeLists.txt: stale
generated/steps/hello/interface.h: orphaned (no source generates it)
generated/steps/hello/main.cpp: orphaned (no source generates it)
3 files differ; run \`pipec gen\`" bash -c "printf '%s\n' \"\$1\" | grep -E ': (stale|edited by hand|missing|orphaned .*)\$|files? differ'; exit $rc" _ "$out"

# Names that are C++ keywords, or macros (linux in GNU mode, errno), get a
# trailing _ in the interface and the table, and the tool's logic that
# uses them builds, in ISO and GNU mode alike.
mkdir -p "$work/keywords/pipelines/steps/x"
cat > "$work/keywords/pipelines/keywords.pipe" <<'PIPE'
table new(default: string, linux: boolean = false) {
  row { default = "a" linux = true }
}
tool class {
  description = "Names that are C++ keywords or macros."
  logic = "x"
  data = ["new"]
  flag new: boolean = false { help = "n" }
  flag linux: string { help = "l" }
  env ERRNO: string { help = "e" }
  output delete: string { help = "d" }
}
# std and steps: namespaces the generated code names from inside the tool's.
tool std {
  description = "A tool named after a namespace."
  logic = "x"
  flag steps: string { help = "s" }
  output std: string { help = "o" }
}
PIPE
cat > "$work/keywords/pipelines/steps/x/std_step.cpp" <<'CPP'
#include "std/interface.h"
namespace steps::cli::std_ {
void step(const Inputs& in, Outputs& out, steps::runtime::Log&) { out.std_ = in.steps_.value_or(""); }
}  // namespace steps::cli::std_
CPP
cat > "$work/keywords/pipelines/steps/x/class_step.cpp" <<'CPP'
#include "class/interface.h"
namespace steps::cli::class_ {
void step(const Inputs& in, Outputs& out, steps::runtime::Log&) {
  const auto& row = steps::data::new_()[0];
  out.delete_ = std::string(in.new_ ? "y" : "n") + in.linux_.value_or("") + in.errno_.value_or("") +
                row.default_ + (row.linux_ ? "1" : "0");
}
}  // namespace steps::cli::class_
CPP
expect keywords-gen 0 "wrote generated/steps/CMakeLists.txt
wrote generated/steps/class/interface.h
wrote generated/steps/class/main.cpp
wrote generated/steps/data/new.h
wrote generated/steps/std/interface.h
wrote generated/steps/std/main.cpp
6 generated files up to date" "$pipec" -C "$work/keywords" gen
for std in c++20 gnu++20; do
  for src in generated/steps/class/main.cpp pipelines/steps/x/class_step.cpp generated/steps/std/main.cpp \
    pipelines/steps/x/std_step.cpp; do
    expect "keywords-$std-$(basename "$src")" 0 "" "$cxx" -std=$std -fsyntax-only -I "$work/keywords/generated/steps" \
      -I "$repo/pipelines/steps" "$work/keywords/$src"
  done
done
# A logic folder that does not exist: the build of the tools would fail
# in CI, so pipec says so at the declaration, and writes nothing.
copy
sed -i '/^tool sanity_check_wheel/,/^}/s/logic = "packages"/logic = "pakages"/' "$work/root/pipelines/therock/tools.pipe"
line=$(grep -n 'logic = "pakages"' "$work/root/pipelines/therock/tools.pipe" | cut -d: -f1)
expect logic-folder 2 "pipelines/therock/tools.pipe:$line:11: error: logic \"pakages\" of tool sanity_check_wheel names no folder under pipelines/steps/ (did you mean \"packages\"?); the tool's logic is written in pipelines/steps/pakages/sanity_check_wheel_step.cpp (create the folder for a new one) [tool-logic]
    logic = \"pakages\"
            ^
1 error" "$pipec" -C "$work/root" gen
expect logic-folder-nothing-written 0 "" git -C "$repo" diff --no-index --quiet -- "$repo/generated/steps" "$work/root/generated/steps"

finish tool_interface
