#!/bin/sh
# What the pre-commit hooks run (.pre-commit-hooks.yaml), from the root of
# the repository being committed to: `pipec check` (after `pipec gen` with
# --gen), then that git's index holds every file pipec makes. pre-commit
# sets unstaged changes aside, but not new files: a workflow that gen wrote
# and nobody added would pass the check and be left out of the commit, and
# `pipec check` in CI, on a clean checkout, would find it missing.
#   pre-commit-check.sh [--gen]
set -u
if [ "${1:-}" = "--gen" ]; then pipec gen > /dev/null || exit; fi
pipec check || exit
outputs=$(pipec outputs) || exit
# Paths as they are, not as pathspecs (a * in a name matches nothing else).
export GIT_LITERAL_PATHSPECS=1
untracked=$(printf '%s\n' "$outputs" | while IFS= read -r f; do
  git ls-files --error-unmatch -- "$f" > /dev/null 2>&1 || printf '%s\n' "$f"
done)
[ -z "$untracked" ] && exit 0
printf '%s\n' "$untracked" | sed 's/$/: generated, but not added to git: the commit would leave it out (git add it)/'
exit 1
