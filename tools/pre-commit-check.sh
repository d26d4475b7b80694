#!/bin/sh
# What the pre-commit hooks run (.pre-commit-hooks.yaml), from the root of
# the repository being committed to: `pipec check` (after `pipec gen` with
# --gen), then that git's index holds every file pipec makes and every
# source it reads. pre-commit sets unstaged changes aside, but not new
# files: a workflow that gen wrote and nobody added would pass the check and
# be left out of the commit, and `pipec check` in CI, on a clean checkout,
# would find it missing; a new source left out would find the workflows it
# makes orphaned. A file reached through a link is looked for in git where
# the link leads, as git holds it there, and the link itself too.
#   pre-commit-check.sh [--gen]
set -u
if [ "${1:-}" = "--gen" ]; then pipec gen > /dev/null || exit; fi
pipec check || exit
outputs=$(pipec outputs) || exit
# Paths as they are, not as pathspecs (a * in a name matches nothing else).
export GIT_LITERAL_PATHSPECS=1
# Prints why FILE (from the root) is not in git's index as KIND, or nothing.
not_added() {
  kind=$1 file=$2
  at=$(realpath -m --relative-to=. -- "$file") || at=$file
  case $at in
    ..|../*) printf '%s: %s outside the repository (through a link): a checkout would not have it\n' "$file" "$kind"
             return ;;
  esac
  # The first link on the way (the file's, or a folder's): git holds the
  # link, which a checkout needs to reach the file.
  rest=$file prefix=
  while [ -n "$rest" ]; do
    part=${rest%%/*}
    case $rest in */*) rest=${rest#*/} ;; *) rest= ;; esac
    prefix=${prefix:+$prefix/}$part
    [ -L "$prefix" ] || continue
    git ls-files --error-unmatch -- "$prefix" > /dev/null 2>&1 ||
      printf '%s: reached through the link %s, which is not added to git: the commit would leave it out (git add %s)\n' \
        "$file" "$prefix" "$prefix"
    break
  done
  git ls-files --error-unmatch -- "$at" > /dev/null 2>&1 && return
  if [ "$at" = "$file" ]; then
    printf '%s: %s not added to git: the commit would leave it out (git add it)\n' "$file" "$kind"
  else
    printf '%s: %s not added to git as %s, where a link leads: the commit would leave it out (git add %s)\n' \
      "$file" "$kind" "$at" "$at"
  fi
}
problems=$(
  printf '%s\n' "$outputs" | while IFS= read -r f; do
    [ -n "$f" ] && not_added "generated, but" "$f"
  done
  # Every .pipe pipec reads: under pipelines/, through links, ignored or not.
  if [ -d pipelines ]; then
    find -L pipelines -name '*.pipe' -type f | LC_ALL=C sort | while IFS= read -r f; do
      not_added "a source pipec reads," "$f"
    done
  fi
)
[ -z "$problems" ] && exit 0
printf '%s\n' "$problems"
exit 1
