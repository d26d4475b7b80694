#!/usr/bin/env bash
# Golden tests. tests/golden/ok/NAME.pipe compiles alone and must produce
# exactly the files under tests/golden/ok/NAME/ (no more, no fewer);
# tests/golden/err/NAME.pipe must fail with exactly the text in NAME.err.
# PIPEC_UPDATE_GOLDEN=1 rewrites the expected files instead of comparing.
#   tests/golden/run.sh PIPEC
set -uo pipefail
pipec=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
update=${PIPEC_UPDATE_GOLDEN:-0}
# Updating compares nothing: in CI, where a variable left set would turn
# the test green, it is refused.
if [ "$update" = 1 ] && [ "${CI:-}" = true ]; then
  echo "golden: PIPEC_UPDATE_GOLDEN=1 rewrites the expected files, which CI does not do" >&2
  exit 1
fi
passed=0 failed=0
fail() { failed=$((failed + 1)); printf 'FAIL %s\n%s\n' "$1" "$2"; }

for src in "$here"/ok/*.pipe; do
  name=$(basename "$src" .pipe)
  work=$(mktemp -d)
  mkdir -p "$work/pipelines" && cp "$src" "$work/pipelines/$name.pipe"
  out=$(cd "$work" && "$pipec" gen 2>&1); rc=$?
  if [ $rc -ne 0 ]; then fail "ok/$name" "exit $rc: $out"; rm -rf "$work"; continue; fi
  rm -rf "$work/pipelines"
  if [ "$update" = 1 ]; then
    rm -rf "$here/ok/$name" && cp -r "$work" "$here/ok/$name"
    passed=$((passed + 1))
  elif d=$(diff -r "$here/ok/$name" "$work" 2>&1); then
    passed=$((passed + 1))
  else
    fail "ok/$name" "$d"
  fi
  rm -rf "$work"
done

for src in "$here"/err/*.pipe; do
  name=$(basename "$src" .pipe)
  work=$(mktemp -d)
  mkdir -p "$work/pipelines" && cp "$src" "$work/pipelines/$name.pipe"
  out=$(cd "$work" && "$pipec" gen 2>&1); rc=$?
  if [ $rc -ne 2 ]; then fail "err/$name" "exit $rc (want 2): $out"
  elif [ -d "$work/generated" ]; then fail "err/$name" "a failed compile wrote files"
  elif [ "$update" = 1 ]; then printf '%s\n' "$out" > "$here/err/$name.err"; passed=$((passed + 1))
  elif d=$(diff <(printf '%s\n' "$out") "$here/err/$name.err"); then passed=$((passed + 1))
  else fail "err/$name" "$d"
  fi
  rm -rf "$work"
done
if [ "$update" = 1 ]; then echo "golden: $passed updated, $failed failed"; else echo "golden: $passed passed, $failed failed"; fi
[ "$failed" -eq 0 ]
