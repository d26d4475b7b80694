#!/usr/bin/env bash
# pipelines/therock/README.md shows what tools/pipe-size.sh reports; this
# fails when the two differ, so the figures there stay current. Skips (exit
# 77) when ../shared, which holds the replaced workflows, is absent.
#   tests/size_report_test.sh REPO
set -uo pipefail
repo=$(realpath "$1")
if [ ! -d "$repo/../shared/corpus/therock-21eaa7d7f" ]; then
  echo "skipped: ../shared/corpus not present"
  exit 77
fi
report=$("$repo/tools/pipe-size.sh" "$repo")
# The README's block is the fenced one right after the line naming the script.
shown=$(awk '/^`tools\/pipe-size.sh` reports it/ { found = 1 } found && /^```$/ { n++; next } found && n == 1 { print }' \
  "$repo/pipelines/therock/README.md")
if [ "$report" != "$shown" ]; then
  printf 'pipelines/therock/README.md shows other figures than tools/pipe-size.sh:\n'
  diff <(printf '%s\n' "$shown") <(printf '%s\n' "$report")
  exit 1
fi
echo "size_report: README matches tools/pipe-size.sh"
