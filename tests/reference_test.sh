#!/usr/bin/env bash
# Every ```pipe block of a document (grammar/REFERENCE.md, README.md) is a
# complete file: it must compile, or, after an <!-- error: TEXT --> line,
# fail with TEXT.
#   tests/reference_test.sh PIPEC DOCUMENT.md
set -uo pipefail
shopt -s nullglob
pipec=$(realpath "$1"); ref=$(realpath "$2")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
awk -v dir="$work" '
  /^<!-- error: .* -->$/ { sub(/^<!-- error: /, ""); sub(/ -->$/, ""); err = $0; next }
  /^```pipe$/ { n++; file = sprintf("%s/%02d.pipe", dir, n); printf "%s", err > (file ".expect"); close(file ".expect"); err = ""; inblock = 1; next }
  /^```$/ && inblock { inblock = 0; close(file); next }
  inblock { print > file }
  !inblock && !/^$/ { err = "" }
' "$ref"
passed=0 failed=0
for f in "$work"/*.pipe; do
  want=$(cat "$f.expect")
  root=$(mktemp -d -p "$work"); mkdir "$root/pipelines"; cp "$f" "$root/pipelines/x.pipe"
  out=$("$pipec" -C "$root" gen 2>&1); rc=$?
  if [ -z "$want" ] && [ $rc -eq 0 ]; then passed=$((passed + 1))
  elif [ -n "$want" ] && [ $rc -eq 2 ] && [[ "$out" == *"$want"* ]]; then passed=$((passed + 1))
  else failed=$((failed + 1)); printf 'FAIL example %s (want %s):\n%s\n' "$(basename "$f")" "${want:-success}" "$out"
  fi
done
echo "reference: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
