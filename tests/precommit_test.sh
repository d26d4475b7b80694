#!/usr/bin/env bash
# The pre-commit hook as a user installs it: a scratch repository lists this
# repository (at its HEAD commit) as a hook source, pre-commit installs the
# git hook, and commits are refused or accepted by `pipec check`.
#   tests/precommit_test.sh PIPEC SOURCE_REPO
set -uo pipefail
pipec=$(realpath "$1"); source_repo=$(realpath "$2")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
export PATH="$(dirname "$pipec"):$PATH" PRE_COMMIT_HOME="$work/cache" GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t \
  GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t
rev=$(git -C "$source_repo" rev-parse HEAD)
git init -q "$work/repo" && cd "$work/repo"
mkdir pipelines
cat > pipelines/a.pipe <<'PIPE'
workflow w {
  file = "generated/w.yml"
  on { push }
  job j { runs-on = "ubuntu-24.04" step { run = "echo one" } }
}
use w()
PIPE
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $source_repo
    rev: $rev
    hooks:
      - id: pipec-check
YAML
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); printf 'FAIL %s\n%s\n' "$1" "$2"; }
pre-commit install > /dev/null || bad install "pre-commit install failed"
pipec gen > /dev/null
git add -A
if out=$(git commit -qm clean 2>&1); then ok; else bad clean-commit "$out"; fi
sed -i 's/echo one/echo two/' pipelines/a.pipe   # source changed, generated file not
git add -A
if out=$(git commit -qm stale 2>&1); then bad stale-commit "a stale generated file was committed"
elif [[ "$out" == *"generated/w.yml: stale"* && "$out" == *"-      - run: echo one"* && "$out" == *"+      - run: echo two"* ]]; then ok
else bad stale-diff "$out"; fi
pipec gen > /dev/null && git add -A
if out=$(git commit -qm regenerated 2>&1); then ok; else bad regenerated-commit "$out"; fi
# A new workflow whose generated file is not added: the commit would leave
# it out, and CI (a clean checkout) would find it missing.
new_workflow() {
  printf 'workflow %s {\n  file = "generated/%s.yml"\n  on { push }\n  job j { runs-on = "ubuntu-24.04" step { run = "echo %s" } }\n}\nuse %s()\n' \
    "$1" "$1" "$1" "$1" > "pipelines/$1.pipe"
}
unadded() {  # NAME HOOK: the commit of its .pipe alone is refused, with the file named
  git add "pipelines/$1.pipe"
  if out=$(git commit -qm "$1 unadded" 2>&1); then bad "$2-unadded-commit" "committed without generated/$1.yml"
  elif [[ "$out" == *"generated/$1.yml: generated, but not added to git: the commit would leave it out (git add it)"* ]]; then ok
  else bad "$2-unadded-message" "$out"; fi
  git add "generated/$1.yml"
  if out=$(git commit -qm "$1 added" 2>&1); then ok; else bad "$2-added-commit" "$out"; fi
}
new_workflow v && pipec gen > /dev/null && unadded v pipec-check
# The pipec-gen hook writes the file itself, and refuses the commit the same way.
sed -i 's/id: pipec-check/id: pipec-gen/' .pre-commit-config.yaml && git add .pre-commit-config.yaml
new_workflow u && unadded u pipec-gen
# A new source whose generated file alone is added: check reads the source
# from the work tree and passes, but the commit would leave it out, and CI
# would find the file orphaned. So would a source git ignores.
new_workflow t && pipec gen > /dev/null && git add generated/t.yml
if out=$(git commit -qm "t unadded" 2>&1); then bad source-unadded-commit "committed without pipelines/t.pipe"
elif [[ "$out" == *"pipelines/t.pipe: a source pipec reads, not added to git: the commit would leave it out (git add it)"* ]]; then ok
else bad source-unadded-message "$out"; fi
echo "t.pipe" > pipelines/.gitignore && git add pipelines/.gitignore
if out=$(git commit -qm "t ignored" 2>&1); then bad source-ignored-commit "committed without pipelines/t.pipe"
elif [[ "$out" == *"pipelines/t.pipe: a source pipec reads, not added to git"* ]]; then ok
else bad source-ignored-message "$out"; fi
git rm -q --cached pipelines/.gitignore && rm pipelines/.gitignore
git add pipelines/t.pipe
if out=$(git commit -qm "t added" 2>&1); then ok; else bad source-added-commit "$out"; fi
# Through a folder link, git holds a file where the link leads: a source in
# a linked folder, and an output in one, are looked for there.
mkdir shared && ln -s ../shared pipelines/shared && new_workflow s && mv pipelines/s.pipe shared/ && pipec gen > /dev/null
git add pipelines/shared generated/s.yml
if out=$(git commit -qm "s linked" 2>&1); then bad linked-source-commit "committed without shared/s.pipe"
elif [[ "$out" == *"pipelines/shared/s.pipe: a source pipec reads, not added to git as shared/s.pipe, where a link leads: the commit would leave it out (git add shared/s.pipe)"* ]]; then ok
else bad linked-source-message "$out"; fi
git add shared/s.pipe
if out=$(git commit -qm "s added" 2>&1); then ok; else bad linked-source-added "$out"; fi
# The link itself is needed too: a checkout without it has no source there.
mkdir more && ln -s ../more pipelines/more && new_workflow m && mv pipelines/m.pipe more/ && pipec gen > /dev/null
git add more/m.pipe generated/m.yml
if out=$(git commit -qm "m link unadded" 2>&1); then bad link-unadded-commit "committed without pipelines/more"
elif [[ "$out" == *"pipelines/more/m.pipe: reached through the link pipelines/more, which is not added to git: the commit would leave it out (git add pipelines/more)"* ]]; then ok
else bad link-unadded-message "$out"; fi
git add pipelines/more
if out=$(git commit -qm "m link added" 2>&1); then ok; else bad link-added-commit "$out"; fi
git mv -k generated real > /dev/null && ln -s real generated && git add generated
new_workflow r && pipec gen > /dev/null && git add pipelines/r.pipe
if out=$(git commit -qm "r linked" 2>&1); then bad linked-output-commit "committed without real/r.yml"
elif [[ "$out" == *"generated/r.yml: generated, but not added to git as real/r.yml, where a link leads: the commit would leave it out (git add real/r.yml)"* ]]; then ok
else bad linked-output-message "$out"; fi
git add real/r.yml
if out=$(git commit -qm "r added" 2>&1); then ok; else bad linked-output-added "$out"; fi
echo "precommit: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
