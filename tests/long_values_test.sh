#!/usr/bin/env bash
# Values as long as pipec takes (a value may be 1 MiB written out): the
# checks that read text with std::regex, which recurses once per character,
# once overflowed the stack on them. Each must end as its input says (a
# file written, an error), never in a crash.
#   tests/long_values_test.sh PIPEC
set -uo pipefail
tests_dir=$(cd "$(dirname "$0")" && pwd)
pipec=$(realpath "$1")
source "$tests_dir/lib.sh"
scratch_repo
long=$(head -c 200000 /dev/zero | tr '\0' '0')
# A number or a date as long as that: quoted, as YAML would read it as
# one (the quoting decision once crashed on them).
cat > pipelines/values.pipe <<PIPE
workflow t {
  file = "generated/t.yml"
  on { push }
  job j { runs-on = "ubuntu-24.04" env { NUMBER = "1$long" DATE = "2024-01-01 $long" } step { run = "true" } }
}
use t()
PIPE
expect values-gen 0 "wrote generated/t.yml
1 generated file up to date" "$pipec" gen
expect values-quoted 0 "      NUMBER: \"1$long\"
      DATE: \"2024-01-01 $long\"" grep -E '^      (NUMBER|DATE):' generated/t.yml
rm -r pipelines/values.pipe generated
# A cron field that long: an error, not a read by a regex.
items=$(seq 100000 | sed 's/.*/1/' | paste -sd,)
cat > pipelines/cron.pipe <<PIPE
workflow t {
  file = "generated/t.yml"
  on { schedule = [{cron: "$items * * * *"}] }
  job j { runs-on = "ubuntu-24.04" step { run = "true" } }
}
use t()
PIPE
# (The message shows the start and end of the cron text: left out here.)
out=$("$pipec" gen 2>&1); rc=$?
expect cron-error 2 "pipelines/cron.pipe:3:27: error: cron \"...\": its minute field is 199999 characters long, longer than pipec reads (1024) [type]
1 error" sh -c 'printf "%s\n" "$1" | sed "2,3d; 1s/cron \"[^\"]*\"/cron \"...\"/"; exit "$2"' _ "$out" "$rc"
rm pipelines/cron.pipe
# A script line that long, in a workflow a fork's pull request starts (the
# fork-checkout check reads its words).
words=$(head -c 400000 /dev/zero | tr '\0' ' ' | sed 's/  /a /g')
cat > pipelines/script.pipe <<PIPE
workflow t {
  file = "generated/t.yml"
  on { pull_request_target }
  job j { runs-on = "ubuntu-24.04" step { run = "git $words fetch" } }
}
use t()
PIPE
expect script-gen 0 "wrote generated/t.yml
1 generated file up to date" "$pipec" gen
rm -r pipelines/script.pipe generated
# A hand-written workflow's value that long, read as YAML is (a boolean,
# a number or text) where it calls a generated workflow.
cat > pipelines/lib.pipe <<'PIPE'
workflow lib {
  file = "generated/.github/workflows/lib.yml"
  on { call }
  input count: number = 1
  job j { runs-on = "ubuntu-24.04" step { env { COUNT = inputs.count } run = "echo \"${COUNT}\"" } }
}
use lib()
PIPE
mkdir -p generated/.github/workflows
printf 'on: push\njobs:\n  lib:\n    uses: ./.github/workflows/lib.yml\n    with:\n      count: 1%s\n' "$long" > generated/.github/workflows/hand.yml
expect external-gen 0 "wrote generated/.github/workflows/lib.yml
1 generated file up to date" "$pipec" gen
rm -r pipelines/lib.pipe generated
# An image name that long: longer than Docker reads (its regex once
# overflowed the stack).
letters=$(head -c 200000 /dev/zero | tr '\0' 'a')
sha=$(head -c 64 /dev/zero | tr '\0' '0')
printf 'workflow t {\n  file = "generated/t.yml"\n  on { push }\n  job j { runs-on = "ubuntu-24.04" container { image = "%s@sha256:%s" } step { run = "true" } }\n}\nuse t()\n' \
  "$letters" "$sha" > pipelines/image.pipe
expect image 2 "pipelines/image.pipe:4:56: error: job.container.image \"A ... (197239 bytes left out) ... A@sha256:$sha\" cannot be pulled: its repository name is longer than the 255 characters Docker reads, so the job fails as it starts (\"invalid reference format\") [image]" \
  sh -c '"$1" gen 2>&1 | sed -n "1s/a\{50,\}/A/gp"; exit 2' _ "$pipec"
rm pipelines/image.pipe
# A script line that long, writing a title into $GITHUB_ENV: still found.
printf 'workflow t {\n  file = "generated/t.yml"\n  on { pull_request }\n  job j { runs-on = "ubuntu-24.04" step { run = "echo \\"X=${{ github.event.pull_request.title }}\\" >>%s$GITHUB_ENV" } }\n}\nuse t()\n' \
  "$(head -c 200000 /dev/zero | tr '\0' ' ')" > pipelines/write.pipe
expect env-file-write 0 "pipelines/write.pipe:4:63: error: this line writes github.event.pull_request.title, which whoever triggers the run writes, into \$GITHUB_ENV (job \"j\"): a line break in it would start a line of its own, read as another variable (BASH_ENV=..., which the steps after run); give the value to the step that needs it in that step's env instead [env-file-write]" \
  sh -c '"$1" gen 2>&1 | head -1' _ "$pipec"
rm pipelines/write.pipe
# Long chains, each a level of recursion in the parser or in a pass: else
# branches, lets that read lets, imports.
{
  printf 'workflow t {\n  file = "generated/t.yml"\n  on { push }\n  job j {\n    runs-on = "ubuntu-24.04"\n    when false { step { run = "a" } }'
  for _ in $(seq 300); do printf ' else when false { step { run = "b" } }'; done
  printf '\n  }\n}\nuse t()\n'
} > pipelines/chain.pipe
expect else-chain 0 "pipelines/chain.pipe:6:10023: error: more than 256 else branches on one path (a chain, and the chains inside its branches); use a table or a let [nesting]" \
  sh -c '"$1" gen 2>&1 | head -1' _ "$pipec"
# Chains inside a chain's last branch nest on: 150 and 150 are over the
# bound (36 levels of 255 overflowed the stack). 300 chains side by side
# nest no deeper than one, and compile.
# A workflow of one job around the lines on stdin, with what $1 declares
# before it.
one_job() {
  printf '%sworkflow t {\n  file = "generated/t.yml"\n  on { push }\n  job j {\n    runs-on = "ubuntu-24.04"\n' "${1:-}"
  cat
  printf '  }\n}\nuse t()\n'
}
{
  for level in 1 2; do
    printf '    when false { step { run = "a" } }'
    for _ in $(seq 149); do printf ' else when false { step { run = "b" } }'; done
    printf ' else {\n'
  done
  printf '    step { run = "c" }\n  } }\n'
} | one_job > pipelines/chain.pipe
expect else-chains-nested 0 "pipelines/chain.pipe:7:4173: error: more than 256 else branches on one path (a chain, and the chains inside its branches); use a table or a let [nesting]" \
  sh -c '"$1" gen 2>&1 | head -1' _ "$pipec"
for _ in $(seq 300); do printf '    when false { step { run = "a" } } else { step { run = "b" } }\n'; done |
  one_job > pipelines/chain.pipe
expect else-chains-apart 0 "1 generated file up to date" sh -c '"$1" gen 2>&1 | tail -1' _ "$pipec"
# A chain that has ended, and one in a block after it: no deeper than one.
{
  printf '    step {\n      run = "echo"\n      when v == "a" { env { A = "0" } }'
  for _ in $(seq 200); do printf ' else when v == "b" { env { A = "1" } }'; done
  printf ' else { env { A = "2" } }\n      env { when v == "a" { B = "0" }'
  for _ in $(seq 100); do printf ' else when v == "b" { B = "1" }'; done
  printf ' else { B = "2" } }\n    }\n'
} | one_job $'let v = "z"\n' > pipelines/chain.pipe
expect else-chains-after 0 "1 generated file up to date" sh -c '"$1" gen 2>&1 | tail -1' _ "$pipec"
{
  printf 'let a0 = github.ref\n'
  for i in $(seq 600); do printf 'let a%d = !a%d\n' "$i" $((i - 1)); done
  printf 'workflow t {\n  file = "generated/t.yml"\n  on { push }\n  job j { runs-on = "ubuntu-24.04" step { if = a600 run = "true" } }\n}\nuse t()\n'
} > pipelines/chain.pipe
expect let-chain 2 "pipelines/chain.pipe:511:12: error: the value of a510 nests deeper than 512 levels, through the lets it reads [nesting]
  let a510 = !a509
             ^
1 error" "$pipec" gen
rm pipelines/chain.pipe
# A list 120 deep (in a matrix): no let is too deep, but the workflow would
# nest past what YAML readers follow (action-validator stops at 128).
{
  printf 'let a0 = "x"\n'
  for i in $(seq 120); do printf 'let a%d = [a%d]\n' "$i" $((i - 1)); done
  printf 'workflow t {\n  file = "generated/t.yml"\n  on { push }\n  job j {\n    runs-on = "ubuntu-24.04"\n    strategy { matrix { v = [a120] } }\n    step { run = "true" }\n  }\n}\nuse t()\n'
} > pipelines/deep.pipe
expect deep-workflow 2 "pipelines/deep.pipe:131:1: error: t.yml would nest values deeper than 100 levels, past which YAML readers stop (action-validator's at 128) [nesting]
  use t()
  ^
1 error" "$pipec" gen
rm pipelines/deep.pipe && mkdir pipelines/lib
for i in $(seq 0 69); do printf 'import "m%d.pipe"\n' $((i + 1)) > "pipelines/lib/m$i.pipe"; done
printf 'let last = 1\n' > pipelines/lib/m70.pipe
expect import-chain 0 "pipelines/lib/m63.pipe:1:1: error: imports nest deeper than 64 files (pipelines/lib/m63.pipe is one of them) [import]" \
  sh -c '"$1" gen 2>&1 | head -1' _ "$pipec"
rm -r pipelines/lib
# A file path that long is refused before its folders are listed (each a
# copy of the path: 1 MB once took gigabytes).
printf 'workflow t {\n  file = "generated/%st.yml"\n  on { push }\n  job j { runs-on = "ubuntu-24.04" step { run = "true" } }\n}\nuse t()\n' \
  "$(printf 'd/%.0s' $(seq 2100))" > pipelines/path.pipe
expect long-path 0 "pipelines/path.pipe:2:3: error: file \"generateD/ ... (1300 bytes left out) ... D/t.yml\" of t() is longer than 4096 bytes, which no common file system takes as a path [output-path]" \
  sh -c '"$1" gen 2>&1 | sed -n "1s|\(d/\)\{20,\}|D/|gp"' _ "$pipec"
rm pipelines/path.pipe
# A number index with 400 zeros (stod threw on its underflow): GitHub reads
# it as 0, so it is not read as written.
printf 'workflow t {\n  file = "generated/t.yml"\n  on { push }\n  job j { runs-on = "ubuntu-24.04" step { if = fromJSON(%s)[0.%s1] == 1 run = "true" } }\n}\nuse t()\n' \
  "'[1,2]'" "$(head -c 400 /dev/zero | tr '\0' '0')" > pipelines/index.pipe
expect number-index 2 "pipelines/index.pipe:4:66: error: number 0.0...1 is not read as written: GitHub's numbers are doubles, which hold about 16 digits, and it reads this one as 0; write \"0.0...1\" for the text, or 0 [syntax]" \
  bash -c 'set -o pipefail; "$1" gen 2>&1 | sed -n "1s/0\{20,\}/0.../gp"' _ "$pipec"
rm pipelines/index.pipe
# A string its line does not close, of 80,000 escaped quotes: one error,
# read once (from each quote again, it took minutes).
printf 'let a = "%s\n' "$(printf '\\"%.0s' $(seq 80000))" > pipelines/open.pipe
expect unterminated 0 "pipelines/open.pipe:1:9: error: unterminated string; a string ends on its line (use \"\"\" for text over several lines) [syntax]" \
  sh -c '"$1" gen 2>&1 | head -1' _ "$pipec"
rm pipelines/open.pipe
# A slip on each of 20,000 lines: the first 10,000 reports are kept, then
# one that says the rest are not (2,000,000 of them took 2.6 GB).
yes x | head -n 20000 > pipelines/many.pipe
expect many-errors 0 "... 9951 more not shown (--format json lists the 10000 kept)
more than 10000 errors
10001
 \"message\": \"more than 10000 errors; pipec stops keeping them here, so the ones after this place are not reported\"," \
  sh -c '"$1" gen 2>&1 | tail -2; "$1" gen --format json | grep -c "\"id\""; "$1" gen --format json | grep -F "more than 10000" | tr -s " "' _ "$pipec"
rm pipelines/many.pipe
# More tokens than a file may have: refused before it is parsed (a 4 MB
# list took 2.2 GB).
printf 'let a = [%s1]\n' "$(yes 1, | head -n 100000 | tr -d '\n')" > pipelines/tokens.pipe
expect many-tokens 0 "pipelines/tokens.pipe:1:1: error: the file has 200007 tokens; a .pipe file may have at most 200000 [too-large]" \
  sh -c '"$1" gen 2>&1 | head -1' _ "$pipec"
# The tokens of ${{ }} count with the file's (one ${{ }} of that list took
# 1.25 GB): reported at the first ${{ }} past the bound.
printf 'let a = "${{ [%s1] }}"\n' "$(yes 1, | head -n 100000 | tr -d '\n')" > pipelines/tokens.pipe
expect many-tokens-interpolated 0 "pipelines/tokens.pipe:1:13: error: with this \${{ }} the file has more than 200000 tokens, counting those in \${{ }}; a .pipe file may have at most 200000 [too-large]" \
  sh -c '"$1" gen 2>&1 | head -1' _ "$pipec"
finish long_values
