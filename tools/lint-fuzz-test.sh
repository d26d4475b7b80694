#!/usr/bin/env bash
# Tests tools/lint-fuzz.cjs: against stand-ins for pipec that do one thing
# wrong each (lint, place, files, crash, fmt, a value that does not read
# back, a call GitHub refuses), it must report exactly that; against pipec,
# a short campaign of each mode with a fixed seed must compile and lint
# some sources and find no problem.
#   tools/lint-fuzz-test.sh PIPEC
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../tests/lib.sh"
pipec=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A stand-in pipec: `gen` writes what $BEHAVIOUR says, `labels` and
# `outputs` answer as pipec does.
fake() {
  cat > "$work/$1" <<SCRIPT
#!/usr/bin/env bash
root=.; [ "\$1" = -C ] && { root=\$2; shift 2; }
case "\$1" in
  labels) echo ubuntu-24.04 ;;
  outputs) echo generated/w.yml ;;
  gen) $2 ;;
esac
SCRIPT
  chmod +x "$work/$1"
}
fake lint_error 'mkdir -p "$root/generated"; printf "on: push\npermissions: {}\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo \${{ nope }}\n" > "$root/generated/w.yml"'
fake loose_error 'echo "error: something" >&2; exit 2'
fake wrote_on_error 'mkdir -p "$root/generated"; echo "pipelines/w.pipe:1:1: error: no [x]" >&2; exit 2'
fake crashed 'kill -SEGV $$'
# Clean output, but a different file each time it is generated: as if
# pipec fmt had changed what the source means.
fake unstable 'mkdir -p "$root/generated"; n=$(cat "$root/count" 2>/dev/null || echo 0); echo $((n + 1)) > "$root/count"; printf "# %s\non: push\npermissions: {}\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo hi\n" "$n" > "$root/generated/w.yml"'
# Clean output for any source: as if pipec accepted every call.
fake accepts_all 'mkdir -p "$root/generated"; printf "on: push\npermissions: {}\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo hi\n" > "$root/generated/w.yml"'
# Clean output, but env V is not the text the source gave it.
fake misread 'mkdir -p "$root/generated"; printf "on: push\npermissions: {}\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    env:\n      V: |-\n\n        x\n    steps:\n      - run: echo hi\n" > "$root/generated/w.yml"'

keep="$work/kept"
expect "a lint finding in accepted output" 1 "run 0 (w.pipe, kept in $keep/pipec-lint-fuzz-strings-1-0): lint:
generated/w.yml:7:23: undefined variable \"nope\". available variables are \"env\", \"github\", \"inputs\", \"job\", \"matrix\", \"needs\", \"runner\", \"secrets\", \"steps\", \"strategy\", \"vars\" [expression]
lint-fuzz strings, seed 1: 1 runs, 1 compiled and linted, 1 problems" \
  node "$here/lint-fuzz.cjs" --pipec "$work/lint_error" --mode strings --runs 1 --keep "$keep"
expect "the source of a problem is kept" 0 "" test -s "$keep/pipec-lint-fuzz-strings-1-0/w.pipe"
expect "a diagnostic with no place" 1 "run 0 (w.pipe, kept in $keep/pipec-lint-fuzz-strings-1-0): a diagnostic with no place: error: something
lint-fuzz strings, seed 1: 1 runs, 0 compiled and linted, 1 problems" \
  node "$here/lint-fuzz.cjs" --pipec "$work/loose_error" --mode strings --runs 1 --keep "$keep"
expect "files written by a failed compile" 1 "run 0 (w.pipe, kept in $keep/pipec-lint-fuzz-strings-1-0): a failed compile wrote files
lint-fuzz strings, seed 1: 1 runs, 0 compiled and linted, 1 problems" \
  node "$here/lint-fuzz.cjs" --pipec "$work/wrote_on_error" --mode strings --runs 1 --keep "$keep"
expect "a crash" 1 "run 0 (w.pipe, kept in $keep/pipec-lint-fuzz-strings-1-0): exit SIGSEGV: 
lint-fuzz strings, seed 1: 1 runs, 0 compiled and linted, 1 problems" \
  node "$here/lint-fuzz.cjs" --pipec "$work/crashed" --mode strings --runs 1 --keep "$keep"
expect "pipec fmt changing what is generated" 1 "run 0 (w.pipe, kept in $keep/pipec-lint-fuzz-strings-1-0): pipec fmt changed what is generated: w.yml
lint-fuzz strings, seed 1: 1 runs, 1 compiled and linted, 1 problems" \
  node "$here/lint-fuzz.cjs" --pipec "$work/unstable" --mode strings --runs 1 --keep "$keep"
expect "a value that does not read back as the source wrote it" 1 "run 0 (w.pipe, kept in $keep/pipec-lint-fuzz-strings-1-0): env V reads back in YAML 1.1 as \"\\nx\", not \"text\"
lint-fuzz strings, seed 1: 1 runs, 1 compiled and linted, 1 problems" \
  node "$here/lint-fuzz.cjs" --pipec "$work/misread" --mode strings --runs 1 --keep "$keep"
expect "an accepted call that gives an input a value of another type" 1 "run 0 (w.pipe, kept in $keep/pipec-lint-fuzz-calls-2-0): pipec accepted i3 = null for a number input; a dispatch run gives it null
lint-fuzz calls, seed 2: 1 runs, 1 compiled and linted, 1 problems" \
  node "$here/lint-fuzz.cjs" --pipec "$work/accepts_all" --mode calls --seed 2 --runs 1 --keep "$keep"
expect "a bad option" 2 "lint-fuzz: --mode is golden, therock, strings, exprs, matrix or calls
usage: node tools/lint-fuzz.cjs --pipec PIPEC --mode golden|therock|strings|exprs|matrix|calls [--seed N] [--runs N] [--keep DIR]" \
  node "$here/lint-fuzz.cjs" --pipec "$pipec" --mode other

# pipec itself. The seeds are ones whose campaign compiles some sources, so
# the lint runs; how many depends on what pipec accepts, so only that part
# of the summary is matched loosely.
campaign() {  # mode seed runs
  local out rc; out=$(node "$here/lint-fuzz.cjs" --pipec "$pipec" --mode "$1" --seed "$2" --runs "$3" --keep "$work" 2>&1); rc=$?
  local counted; counted=$(printf '%s\n' "$out" | sed -En "s/^lint-fuzz $1, seed $2: $3 runs, ([0-9]+) compiled and linted, 0 problems$/\1/p")
  if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && [ -n "$counted" ] && [ "$counted" -gt 0 ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1)); printf 'FAIL campaign %s seed %s: exit %s\n%s\n' "$1" "$2" "$rc" "$out"
  fi
}
campaign golden 1 40
campaign strings 1 12
campaign therock 2 40
campaign exprs 71 40
campaign matrix 3 40
campaign calls 2 40
finish lint-fuzz
