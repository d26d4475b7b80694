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
# The split by template must add up to the lines that replace the workflows:
# a block left out, or counted twice, would make it lie.
rest=$(sed -n 's/^  the rest, which replaces the workflows: \([0-9]*\) lines.*/\1/p' <<<"$report")
templates=$(sed -n 's/^  all of them *\([0-9]*\) lines.*/\1/p' <<<"$report")
shared=$(sed -n 's/^used by several templates: \([0-9]*\) lines.*/\1/p' <<<"$report")
declared=$(( $(sed -n 's/^declarations: //p' <<<"$report" | grep -oE '[0-9]+' | paste -sd+) ))
if [ -z "$rest" ] || [ -z "$templates" ] || [ -z "$shared" ] || [ -z "$declared" ] ||
   [ $((templates + shared + declared)) -ne "$rest" ]; then
  printf 'tools/pipe-size.sh: the split by template (%s + %s + %s) does not add up to the rest (%s)\n' \
    "$templates" "$shared" "$declared" "$rest"
  exit 1
fi
echo "size_report: README matches tools/pipe-size.sh; the split by template adds up to $rest lines"
