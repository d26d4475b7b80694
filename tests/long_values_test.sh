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
finish long_values
