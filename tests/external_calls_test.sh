#!/usr/bin/env bash
# A job that calls a workflow of the repository pipec does not make
# (uses = "./.github/workflows/NAME.yml") is held to what that file
# declares when it is beside the generated workflows: its inputs, secrets
# and outputs, and its workflow_call trigger. A file that is not there
# says nothing. And the other way: a job of such a file that calls a
# generated workflow is held to what the .pipe source declares. Last, the
# inputs of a manual run that such a workflow, or an action of the
# repository, reads as github.event.inputs are read (check_unread_inputs).
#   tests/external_calls_test.sh PIPEC
set -uo pipefail
pipec=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
mkdir -p pipelines gen/.github/workflows
cat > pipelines/calls.pipe <<'PIPE'
workflow ci {
  file = "gen/.github/workflows/ci.yml"
  on { push }
  job build {
    uses = "./.github/workflows/build.yml"
    with { family = "gfx94X" verbose = "yes" fmaily = "x" }
    secrets { TOKEN = "${{ secrets.TOKEN }}" }
  }
  job test {
    needs = [build]
    runs-on = "ubuntu-24.04"
    step { env { DIST = needs.build.outputs.dist_dir } run = "ls \"${DIST}\"" }
  }
  job other { uses = "./.github/workflows/push_only.yml" }
  job missing { uses = "./.github/workflows/not_there.yml" with { anything = "goes" } }
  # Every secret, to a workflow that reads none; and to one that reads one.
  job plain { uses = "./.github/workflows/plain.yml" secrets = "inherit" }
  job reader { uses = "./.github/workflows/reader.yml" secrets = "inherit" }
}
use ci()
workflow lib {
  file = "gen/.github/workflows/lib.yml"
  on { call }
  input family: string { required = true }
  input quick: boolean = false
  secret TOKEN: string { required = true }
  outputs { version = jobs.lib.outputs.version }
  job lib {
    runs-on = "ubuntu-24.04"
    outputs { version = steps.v.outputs.version }
    step v { env { FAMILY = inputs.family QUICK = inputs.quick } run = "echo \"version=${FAMILY}-1\" >> \"$GITHUB_OUTPUT\"" }
  }
}
use lib()
PIPE
# A workflow of the repository that calls generated ones.
cat > gen/.github/workflows/hand.yml <<'YAML'
on: push
jobs:
  lib:
    uses: ./.github/workflows/lib.yml
    with:
      quik: true
    secrets:
      TOKNE: ${{ secrets.TOKEN }}
  show:
    needs: lib
    runs-on: ubuntu-24.04
    steps:
      # - run: echo "${{ needs.lib.outputs.left_out }}"
      - run: echo "${{ needs.lib.outputs.versoin }}"
      # Columns count characters, as in .pipe sources, not bytes.
      - run: echo "→ ${{ needs.lib.outputs.versoin }}"
  ci:
    uses: ./.github/workflows/ci.yml
  quick_text:
    uses: ./.github/workflows/lib.yml
    with:
      family: gfx94X
      quick: "true"
    secrets: inherit
  quick_maybe:
    uses: ./.github/workflows/lib.yml
    with:
      family: gfx94X
      quick: maybe
    secrets: inherit
  quick_dash:
    uses: ./.github/workflows/lib.yml
    with: {family: "gfx—94X", quick: maybe}
    secrets: inherit
  quick_yes:
    uses: ./.github/workflows/lib.yml
    with:
      family: ${{ github.event_name }}
      quick: yes
    secrets: inherit
YAML
cat > gen/.github/workflows/build.yml <<'YAML'
name: Build
on:
  workflow_call:
    inputs:
      family:
        type: string
        required: true
      verbose:
        type: boolean
        default: false
      label:
        type: string
        required: true
    secrets:
      API_KEY:
        required: true
    outputs:
      dist:
        value: ${{ jobs.build.outputs.dist }}
jobs:
  build:
    runs-on: ubuntu-24.04
    steps:
      - run: echo
YAML
cat > gen/.github/workflows/plain.yml <<'YAML'
on: workflow_call
jobs:
  x:
    runs-on: ubuntu-24.04
    steps:
      # Reads no secrets.
      - run: echo
YAML
cat > gen/.github/workflows/reader.yml <<'YAML'
on: workflow_call
jobs:
  x:
    runs-on: ubuntu-24.04
    steps:
      - run: echo "${TOKEN}"
        env:
          TOKEN: ${{ secrets.TOKEN }}
YAML
cat > gen/.github/workflows/push_only.yml <<'YAML'
on: [push, pull_request]
jobs:
  x:
    runs-on: ubuntu-24.04
    steps:
      - run: echo
YAML
want=$(cat <<'OUT'
gen/.github/workflows/hand.yml:4:11: error: job "lib" does not give the required input "family" of lib.yml (lib() in pipelines/calls.pipe) [call-missing]
      uses: ./.github/workflows/lib.yml
            ^
gen/.github/workflows/hand.yml:6:7: error: lib.yml (lib() in pipelines/calls.pipe) has no input "quik" (did you mean "quick"?); it takes family, quick [call-input]
        quik: true
        ^
gen/.github/workflows/hand.yml:8:7: error: lib.yml (lib() in pipelines/calls.pipe) has no secret "TOKNE" (did you mean "TOKEN"?); it takes TOKEN [call-secret]
        TOKNE: ${{ secrets.TOKEN }}
        ^
gen/.github/workflows/hand.yml:14:24: error: job "lib" calls lib.yml (lib() in pipelines/calls.pipe), which has no output "versoin" (did you mean "version"?); it has version [external-call]
        - run: echo "${{ needs.lib.outputs.versoin }}"
                         ^
gen/.github/workflows/hand.yml:16:26: error: job "lib" calls lib.yml (lib() in pipelines/calls.pipe), which has no output "versoin" (did you mean "version"?); it has version [external-call]
        - run: echo "→ ${{ needs.lib.outputs.versoin }}"
                           ^
gen/.github/workflows/hand.yml:18:11: error: ci.yml (ci() in pipelines/calls.pipe) cannot be called: it has no `call` trigger (add on { call } to pipelines/calls.pipe) [call]
      uses: ./.github/workflows/ci.yml
            ^
gen/.github/workflows/hand.yml:23:14: error: input "quick" of lib.yml (lib() in pipelines/calls.pipe) is a boolean, not "true" [call-type]
        quick: "true"
               ^
gen/.github/workflows/hand.yml:29:14: error: input "quick" of lib.yml (lib() in pipelines/calls.pipe) is a boolean, not "maybe" [call-type]
        quick: maybe
               ^
gen/.github/workflows/hand.yml:33:38: error: input "quick" of lib.yml (lib() in pipelines/calls.pipe) is a boolean, not "maybe" [call-type]
      with: {family: "gfx—94X", quick: maybe}
                                       ^
pipelines/calls.pipe:5:5: error: job "build" does not give the required input "label" of build.yml [call-missing]
      uses = "./.github/workflows/build.yml"
      ^
pipelines/calls.pipe:5:5: error: job "build" does not pass the required secret "API_KEY" of build.yml (secrets { API_KEY }, or secrets = "inherit") [call-missing]
      uses = "./.github/workflows/build.yml"
      ^
pipelines/calls.pipe:6:40: error: input "verbose" of build.yml is a boolean, not "yes" [call-type]
      with { family = "gfx94X" verbose = "yes" fmaily = "x" }
                                         ^
pipelines/calls.pipe:6:46: error: build.yml has no input "fmaily" (did you mean "family"?); it takes family, verbose, label [call-input]
      with { family = "gfx94X" verbose = "yes" fmaily = "x" }
                                               ^
pipelines/calls.pipe:7:15: error: build.yml has no secret "TOKEN"; it takes API_KEY [call-secret]
      secrets { TOKEN = "${{ secrets.TOKEN }}" }
                ^
pipelines/calls.pipe:12:45: error: job "build" has no output "dist_dir"; it has dist [unknown-output]
      step { env { DIST = needs.build.outputs.dist_dir } run = "ls \"${DIST}\"" }
                                              ^
pipelines/calls.pipe:14:15: error: push_only.yml cannot be called: it has no `call` trigger (on: workflow_call) [call]
    job other { uses = "./.github/workflows/push_only.yml" }
                ^
pipelines/calls.pipe:17:54: error: job "plain" hands every secret of the repository to plain.yml (secrets = "inherit"), which reads none, declares none and hands none on; leave secrets out [secrets-inherit]
    job plain { uses = "./.github/workflows/plain.yml" secrets = "inherit" }
                                                       ^
17 errors
OUT
)
got=$("$pipec" gen 2>&1)
rc=$?
if [ $rc -ne 2 ] || [ "$got" != "$want" ]; then
  echo "FAIL: exit $rc (want 2)"
  diff <(printf '%s\n' "$want") <(printf '%s\n' "$got")
  exit 1
fi
# Mended, it compiles; the hand-written files stay as they are.
sed -i 's/quik: true/family: gfx94X/; s/TOKNE:/TOKEN:/; s/outputs.versoin/outputs.version/; /^  ci:/,/^  quick_yes:/{/^  quick_yes:/!d}' gen/.github/workflows/hand.yml
sed -i 's|job plain { uses = "./.github/workflows/plain.yml" secrets = "inherit" }|job plain { uses = "./.github/workflows/plain.yml" }|' pipelines/calls.pipe
sed -i 's/verbose = "yes" fmaily = "x"/verbose = true label = "x"/; s/secrets { TOKEN = "${{ secrets.TOKEN }}" }/secrets { API_KEY = "${{ secrets.TOKEN }}" }/; s/needs.build.outputs.dist_dir/needs.build.outputs.dist/; /job other/d' pipelines/calls.pipe
if ! got=$("$pipec" gen 2>&1); then
  echo "FAIL: the mended calls do not compile:"
  echo "$got"
  exit 1
fi
if [ "$(ls gen/.github/workflows)" != "$(printf 'build.yml\nci.yml\nhand.yml\nlib.yml\nplain.yml\npush_only.yml\nreader.yml')" ]; then
  echo "FAIL: gen/.github/workflows holds $(ls gen/.github/workflows | tr '\n' ' ')"
  exit 1
fi
# Files beside them that GitHub could not read, or that call with keys
# that are not names, say nothing and break nothing.
for content in '' '---' $'\xff\xfe\x00' 'on: [' 'jobs: [1, 2]' $'jobs:\n  j: 5' \
  $'jobs:\n  k:\n    uses: ./.github/workflows/lib.yml\n    with:\n      ? [a]\n      : b\n      family: x\n    secrets:\n      ? {x: 1}\n      : y\n      TOKEN: z' \
  "on: $(printf '[%.0s' $(seq 1 20000))"; do
  printf '%s' "$content" > gen/.github/workflows/odd.yml
  if ! got=$("$pipec" gen 2>&1); then
    echo "FAIL: with odd.yml holding $(printf '%q' "${content:0:60}"):"
    echo "$got"
    exit 1
  fi
done
rm gen/.github/workflows/odd.yml
# A called run's github.event is its caller's: an input of a manual run
# that only a hand-written workflow it calls reads is read. One that the
# workflow does not read, where a comment names github, is read nowhere;
# one that runs an action of the repository may read any.
cat > pipelines/form.pipe <<'PIPE'
workflow form {
  file = "gen/.github/workflows/form.yml"
  on { dispatch }
  input families: string = "" { description = "Read by setup.yml" }
  input labels: string = "" { description = "Read by nothing" }
  job setup { uses = "./.github/workflows/setup.yml" }
}
use form()
PIPE
cat > gen/.github/workflows/setup.yml <<'YAML'
# Reads its caller's form: github reads it as the caller's event.
on: workflow_call
jobs:
  x:
    runs-on: ubuntu-24.04
    steps:
      - run: echo "${FAMILIES}"
        env:
          FAMILIES: ${{ github.event.inputs.Families }}
YAML
want='pipelines/form.pipe:5:9: error: input "labels" of form.yml is read nowhere (its concurrency group aside), so its value changes nothing a run does; read it, pass it on to the workflow that needs it, or remove it [unused]
    input labels: string = "" { description = "Read by nothing" }
          ^
1 error'
got=$("$pipec" gen 2>&1)
if [ "$got" != "$want" ]; then
  echo "FAIL: caller inputs read by a hand-written workflow:"
  diff <(printf '%s\n' "$want") <(printf '%s\n' "$got")
  exit 1
fi
for reader in '      - uses: ./.github/actions/setup' '      - run: jq .inputs "$GITHUB_EVENT_PATH"' \
  '      - run: echo "${{ toJSON(github.event) }}"' '      - run: echo "${{ toJSON(github) }}"' \
  '      - run: jq .inputs "${{ github.event_path }}"' \
  '      - {uses: actions/github-script@v7, with: {script: "console.log(context.payload.inputs)"}}' \
  $'      - run: |\n          # Release ${{ github.event.inputs.labels }}' \
  '  remote: {uses: someorg/shared/.github/workflows/release.yml@0123456789abcdef0123456789abcdef01234567}'; do
  cp gen/.github/workflows/setup.yml "$work/setup.yml"
  printf '%s\n' "$reader" >> gen/.github/workflows/setup.yml
  if ! got=$("$pipec" gen 2>&1); then
    echo "FAIL: with setup.yml reading any input ($reader):"
    echo "$got"
    exit 1
  fi
  cp "$work/setup.yml" gen/.github/workflows/setup.yml
done
# The word github where GitHub evaluates nothing reads no input.
printf '%s\n' '      - name: Publish to GitHub' '        run: gh release create --repo github/x' >> gen/.github/workflows/setup.yml
got=$("$pipec" gen 2>&1)
if [ "$got" != "$want" ]; then
  echo "FAIL: the word github read as the whole context:"
  diff <(printf '%s\n' "$want") <(printf '%s\n' "$got")
  exit 1
fi
# An action of the repository that is there is read as a workflow is; one
# it runs in turn too (a file with Windows line ends alike). One that is
# no composite action (JavaScript, Docker) reads the event file itself.
printf '%s\n' '      - uses: ./.github/actions/setup' >> gen/.github/workflows/setup.yml
mkdir -p gen/.github/actions/setup gen/.github/actions/inner
printf 'runs:\r\n  using: composite\r\n  steps:\r\n    - uses: ./.github/actions/inner\r\n' > gen/.github/actions/setup/action.yml
printf 'runs:\n  using: composite\n  steps:\n    - run: echo\n      shell: bash\n' > gen/.github/actions/inner/action.yml
got=$("$pipec" gen 2>&1)
if [ "$got" != "$want" ]; then
  echo "FAIL: an action that reads no input:"
  diff <(printf '%s\n' "$want") <(printf '%s\n' "$got")
  exit 1
fi
for inner in $'runs:\n  using: composite\n  steps:\n    - run: echo "${{ github.event.inputs.labels }}"\n      shell: bash' \
  $'runs:\n  using: node20\n  main: index.js' $'runs:\n  using: \'docker\'\n  image: Dockerfile'; do
  printf '%s\n' "$inner" > gen/.github/actions/inner/action.yml
  if ! got=$("$pipec" gen 2>&1); then
    echo "FAIL: with an action that reads the input ($inner):"
    echo "$got"
    exit 1
  fi
done
echo "external_calls: ok"
