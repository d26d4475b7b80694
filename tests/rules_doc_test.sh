#!/usr/bin/env bash
# grammar/RULES.md documents every rule id a diagnostic can end with, and
# only those:
# - each id the tests see pipec report (`error: ... [id]` in the golden
#   .err files and the other tests' expectations) has a `### `id`` section;
# - each section names an id pipec's sources report (a "id" literal in
#   compiler/, not in its tests);
# - each example in a section (a line indented by four spaces) is a
#   diagnostic of that section's id, copied from a test that pins it.
#   tests/rules_doc_test.sh REPO
set -uo pipefail
repo=$(realpath "$1")
doc="$repo/grammar/RULES.md"
problems=0
problem() { echo "FAIL: $*"; problems=$((problems + 1)); }

documented=$(sed -n 's/^### `\([a-z0-9-]*\)`$/\1/p' "$doc")
[ -n "$documented" ] || problem "$doc has no ### \`id\` sections"
for id in $(printf '%s\n' "$documented" | sort | uniq -d); do problem "[$id] has two sections"; done

# The ids the tests see reported.
expectations=("$repo"/tests/golden/err/*.err "$repo"/tests/*.cpp "$repo"/compiler/*_test.cpp)
for f in "$repo"/tests/*.sh; do [ "$(basename "$f")" = rules_doc_test.sh ] || expectations+=("$f"); done
reported=$(grep -ohE '(error|warning): .*\[[a-z][a-z0-9-]*\]' "${expectations[@]}" |
           grep -oE '\[[a-z][a-z0-9-]*\]$' | tr -d '[]' | sort -u)
for id in $reported; do
  grep -qx -- "$id" <<< "$documented" || problem "[$id] is reported in the tests and has no section in grammar/RULES.md"
done

# Every section names an id the compiler reports.
sources=()
for f in "$repo"/compiler/*.cpp; do case "$f" in *_test.cpp) ;; *) sources+=("$f") ;; esac; done
for id in $documented; do
  grep -qF -- "\"$id\"" "${sources[@]}" || problem "[$id] has a section, and no source in compiler/ reports it"
done

# Each example: of its section's id, and pinned by a test.
examples=0
while IFS=$'\t' read -r id line; do
  examples=$((examples + 1))
  case "$line" in *" [$id]") ;; *) problem "an example under [$id] is not one of its diagnostics: $line" ;; esac
  grep -rqF -- "$line" "$repo/tests" || problem "an example under [$id] is in no test: $line"
done < <(awk '/^### `/ { id = $2; gsub(/`/, "", id) } /^    [^ ]/ && id != "" { sub(/^    /, ""); print id "\t" $0 }' "$doc")

echo "rules_doc: $(printf '%s\n' "$documented" | grep -c .) rules, $examples examples, $problems problems"
[ "$problems" -eq 0 ]
