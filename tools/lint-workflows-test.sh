#!/usr/bin/env bash
# Tests tools/lint-workflows.sh on small workflows with known findings,
# comparing its whole output and exit code; and that tools/lint-generated.sh
# fails when pipec does, or lists no workflow.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
passed=0 failed=0
script=lint-workflows.sh
expect() {  # name, expected exit code, expected output, args...
  local name=$1 code=$2 want=$3; shift 3
  local got rc
  got=$("$here/$script" "$@" 2>&1); rc=$?
  if [ "$rc" = "$code" ] && [ "$got" = "$want" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    printf 'FAIL %s: exit %s (want %s)\n--- got\n%s\n--- want\n%s\n' "$name" "$rc" "$code" "$got" "$want"
  fi
}
printf 'on: push\npermissions:\n  contents: read\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo hi\n' > clean.yml
printf 'on: push\njobs:\n  a:\n    runs-on: azure-linux-scale-rocm\n    steps:\n      - run: echo hi\n' > label.yml
printf 'on: push\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ github.nope }}\n' > expr.yml
printf 'on: push\njobs:\n  a:\n    steps:\n      - run: echo\n' > schema.yml
# shellcheck runs on bash scripts as actionlint runs it: a Windows job's
# scripts are PowerShell unless its defaults say bash, a cmd step is skipped,
# and a masked ${{ }} is not a variable.
printf 'on: push\npermissions:\n  contents: read\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ github.sha }}\n      - run: |\n          true\n          ls $HOME\n  w:\n    runs-on: windows-2022\n    steps:\n      - run: ls $HOME\n  b:\n    runs-on: windows-2022\n    defaults:\n      run:\n        shell: bash\n    steps:\n      - shell: cmd\n        run: dir %%HOME%%\n      - run: ls $HOME\n' > shell.yml
printf 'azure-linux-scale-rocm\n# a comment\n\n' > labels.txt
printf 'other-label\n' > other.txt

expect clean 0 "" clean.yml
expect declared-label 0 "" --labels labels.txt label.yml
expect undeclared-label 1 "label.yml:4:14: label \"azure-linux-scale-rocm\" is unknown. available labels are \"windows-latest\", \"windows-latest-8-cores\", \"windows-2025\", \"windows-2022\", \"windows-2019\", \"ubuntu-latest\", \"ubuntu-latest-4-cores\", \"ubuntu-latest-8-cores\", \"ubuntu-latest-16-cores\", \"ubuntu-24.04\", \"ubuntu-24.04-arm\", \"ubuntu-22.04\", \"ubuntu-22.04-arm\", \"ubuntu-20.04\", \"macos-latest\", \"macos-latest-xl\", \"macos-latest-xlarge\", \"macos-latest-large\", \"macos-15-xlarge\", \"macos-15-large\", \"macos-15\", \"macos-14-xl\", \"macos-14-xlarge\", \"macos-14-large\", \"macos-14\", \"macos-13-xl\", \"macos-13-xlarge\", \"macos-13-large\", \"macos-13\", \"self-hosted\", \"x64\", \"arm\", \"arm64\", \"linux\", \"macos\", \"windows\". if it is a custom label for self-hosted runner, set list of labels in actionlint.yaml config file [runner-label]" --labels other.txt label.yml
expect expression 1 "$(printf 'expr.yml:6:23: property "nope" is not defined in object type {action: string; action_path: string; action_ref: string; action_repository: string; action_status: string; actor: string; actor_id: string; api_url: string; artifact_cache_size_limit: number; base_ref: string; env: string; event: object; event_name: string; event_path: string; graphql_url: string; head_ref: string; job: string; output: string; path: string; ref: string; ref_name: string; ref_protected: bool; ref_type: string; repository: string; repository_id: string; repository_owner: string; repository_owner_id: string; repository_visibility: string; repositoryurl: string; retention_days: number; run_attempt: string; run_id: string; run_number: string; secret_source: string; server_url: string; sha: string; state: string; step_summary: string; token: string; triggering_actor: string; workflow: string; workflow_ref: string; workflow_sha: string; workspace: string} [expression]')" expr.yml
expect schema 1 "$(printf '%s\n' 'schema.yml:3:3: "runs-on" section is missing in job "a" [syntax-check]' 'schema.yml:1:1: schema: invalid at /jobs/a [action-validator]' 'schema.yml:1:1: schema: invalid at /jobs/a/runs-on [action-validator]' 'schema.yml:1:1: schema: invalid at /jobs/a/uses [action-validator]')" schema.yml
expect shellcheck 1 "$(printf '%s\n' 'shell.yml:9:9: shellcheck reported issue in this script: SC2086:info:2:4: Double quote to prevent globbing and word splitting [shellcheck]' 'shell.yml:24:9: shellcheck reported issue in this script: SC2086:info:1:4: Double quote to prevent globbing and word splitting [shellcheck]')" shell.yml
expect usage 2 "usage: tools/lint-workflows.sh [--labels FILE] FILE..."

# lint-generated.sh with a pipec that fails at `outputs`, or lists none.
script=lint-generated.sh
mkdir repo
printf '#!/bin/sh\n[ "$1" = outputs ] && { echo "pipec: broken" >&2; exit 3; }\nexit 0\n' > failing-pipec
printf '#!/bin/sh\n[ "$1" = outputs ] && echo generated/steps/main.cpp\nexit 0\n' > no-workflow-pipec
chmod +x failing-pipec no-workflow-pipec
expect generated-pipec-fails 3 "pipec: broken" "$work/failing-pipec" repo
expect generated-none 1 "lint-generated: pipec lists no generated workflow" "$work/no-workflow-pipec" repo
echo "lint-workflows: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
