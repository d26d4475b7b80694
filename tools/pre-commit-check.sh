#!/bin/sh
# What the pre-commit hooks run (.pre-commit-hooks.yaml), from the root of
# the repository being committed to: `pipec check` (after `pipec gen` with
# --gen), then that git's index holds every file pipec makes and every
# source it reads. pre-commit sets unstaged changes aside, but not new
# files: a workflow that gen wrote and nobody added would pass the check and
# be left out of the commit, and `pipec check` in CI, on a clean checkout,
# would find it missing; a new source left out would find the workflows it
# makes orphaned.
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
# Every .pipe under pipelines/ is a source, ignored ones too.
sources=$(git ls-files --others -- pipelines | grep '\.pipe"\{0,1\}$')
[ -z "$untracked" ] && [ -z "$sources" ] && exit 0
[ -z "$untracked" ] || printf '%s\n' "$untracked" | sed 's/$/: generated, but not added to git: the commit would leave it out (git add it)/'
[ -z "$sources" ] || printf '%s\n' "$sources" | sed 's/$/: a source pipec reads, not added to git: the commit would leave it out (git add it)/'
exit 1
