#!/usr/bin/env bash
# pipec diff: the profile fields that differ and what they change in the
# workflows made with each, as a reviewer reads it: a long value shown
# around where the two differ, a script by the lines that differ, a step
# only one profile has; and a profile that does not exist.
#   tests/profile_diff_test.sh PIPEC
set -uo pipefail
tests_dir=$(cd "$(dirname "$0")" && pwd)
pipec=$(realpath "$1")
source "$tests_dir/lib.sh"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir "$work/pipelines" && cd "$work" || exit 1
cat > pipelines/p.pipe <<'PIPE'
profile ci {
  bucket = "therock-ci-artifacts"
  staging = false
}
profile release {
  extends = ci
  bucket = "therock-release-python"
  staging = true
}
workflow upload(p: profile) {
  file = "generated/upload_${{ p.name }}.yml"
  name = "Upload the packages of this run to the bucket that the profile names, with a long name: ${{ p.bucket }}"
  on { call }
  job upload {
    runs-on = "ubuntu-24.04"
    step {
      name = "Upload"
      run = """
        echo "first"
        echo "upload to ${{ p.bucket }}"
        echo "index ${{ p.bucket }}"
        echo "last"
      """
    }
    when p.staging { step { name = "Stage" run = "echo staging" } }
  }
}
use upload(p = ci)
use upload(p = release)
PIPE
expect diff 0 'profile ci -> release
  ~ bucket: "therock-ci-artifacts" -> "therock-release-python"
  ~ staging: false -> true

generated/upload_ci.yml -> generated/upload_release.yml
  ~ name: "...th a long name: therock-ci-artifacts" -> "...th a long name: therock-release-python"
  ~ job upload step "Upload".run: lines 2-3 of the script
      - echo "upload to therock-ci-artifacts"
      - echo "index therock-ci-artifacts"
      + echo "upload to therock-release-python"
      + echo "index therock-release-python"
  + job upload step "Stage"' "$pipec" diff ci release
expect unknown 2 'error: no profile "relase" (did you mean "release"?); declared: ci, release [unknown-profile]
1 error' "$pipec" diff ci relase
# A profile field whose text says "name:" or "extends" is shown (only the
# profile's own name and what it extends are left out); two steps with one
# label pair in order, and the label says which; a long list and a long
# text cut between characters, around where they differ; a script whose
# last line break goes.
e60=$(printf 'é%.0s' $(seq 60))
cat > pipelines/p.pipe <<PIPE
profile ci { title = "CI" twice = false items = ["$e60", "x"] script = "make\\n" }
profile release { extends = ci title = "release extends CI, name: r" twice = true items = ["$e60", "y"] script = "make" }
action checkout { uses = "actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683" version = "v4.2.2" }
workflow w(p: profile) {
  file = "generated/w_\${{ p.title == 'CI' ? 'ci' : 'rel' }}.yml"
  on { push }
  job j {
    runs-on = "ubuntu-24.04"
    step { uses = checkout }
    when p.twice { step { uses = checkout with { path = "b" } } }
    step { name = "Items" run = join(p.items, " ") }
    step { name = "Make" run = p.script }
  }
}
use w(p = ci)
use w(p = release)
PIPE
expect diff-shown 0 "profile ci -> release
  ~ title: \"CI\" -> \"release extends CI, name: r\"
  ~ twice: false -> true
  ~ items: ...éééééééééé\", \"x\"] -> ...éééééééééé\", \"y\"]
  ~ script: the line break at the end of the script removed

generated/w_ci.yml -> generated/w_rel.yml
  + job j step uses actions/checkout (step 2)
  ~ job j step \"Items\".run: \"...éééééééééééé x\" -> \"...éééééééééééé y\"
  ~ job j step \"Make\".run: the line break at the end of the script removed" "$pipec" diff ci release
expect diff-back 0 "generated/w_rel.yml -> generated/w_ci.yml
  - job j step uses actions/checkout (step 2)" sh -c '"$1" diff release ci | sed -n "7,8p"' _ "$pipec"
# A workflow one profile makes with no counterpart in the other is named
# (the largest difference of all), and text is shown escaped.
cat > pipelines/p.pipe <<'PIPE'
profile ci { bucket = "q" }
profile release { extends = ci bucket = "q\"r" }
workflow w(p: profile, n: number = 1) {
  file = "generated/w_${{ p.name }}_${{ n }}.yml"
  on { push }
  job j { runs-on = "ubuntu-24.04" step { name = "Echo" run = "echo ${{ p.bucket }}" } }
}
workflow only(p: profile) {
  file = "generated/only_${{ p.name }}.yml"
  on { push }
  job j { runs-on = "ubuntu-24.04" step { run = "true" } }
}
use w(p = ci)
use w(p = release)
use w(p = release, n = 2)
use only(p = release)
# Made with both (as two arguments): in neither list.
workflow both(a: profile, b: profile) {
  file = "generated/both_${{ a.name }}_${{ b.name }}.yml"
  on { push }
  job j { runs-on = "ubuntu-24.04" step { run = "true" } }
}
use both(a = ci, b = release)
PIPE
expect diff-one-sided 0 'profile ci -> release
  ~ bucket: "q" -> "q\"r"

generated/w_ci_1.yml -> generated/w_release_1.yml
  ~ job j step "Echo".run: "echo q" -> "echo q\"r"

made with release only, with no counterpart made with ci:
  generated/only_release.yml
  generated/w_release_2.yml' "$pipec" diff ci release
# The same as JSON, for a tool to read: each difference the line the text shows.
expect diff-json 0 '{
  "from": "ci",
  "to": "release",
  "profile": [
    "~ bucket: \"q\" -> \"q\\\"r\""
  ],
  "workflows": [
    {
      "from": "generated/w_ci_1.yml",
      "to": "generated/w_release_1.yml",
      "differences": [
        "~ job j step \"Echo\".run: \"echo q\" -> \"echo q\\\"r\""
      ]
    }
  ],
  "only": {
    "ci": [],
    "release": [
      "generated/only_release.yml",
      "generated/w_release_2.yml"
    ]
  }
}' "$pipec" diff ci release --format json
# A condition long enough to be laid out over lines is no script: shown on
# one line around where the two differ, as a short one is (it was shown as
# "line 2 of the script").
rm -f pipelines/*.pipe
cat > pipelines/c.pipe <<'PIPE'
profile ci { bucket = "c" }
profile release { extends = ci bucket = "therock-release-python" }
workflow upload(p: profile) {
  file = "generated/upload_${{ p.name }}.yml"
  on { push }
  job upload {
    runs-on = "ubuntu-24.04"
    step { name = "Upload" if = github.repository == p.bucket && github.event_name == "push" && github.ref_name != "main" run = "echo" }
  }
}
use upload(p = ci)
use upload(p = release)
PIPE
expect folded-condition 0 'profile ci -> release
  ~ bucket: "c" -> "therock-release-python"

generated/upload_ci.yml -> generated/upload_release.yml
  ~ job upload step "Upload".if: "...{ github.repository == '"'c'"' && github.event_name =..." -> "...{ github.repository == '"'therock-release-python'"' && github.event_name =..."' "$pipec" diff ci release
finish profile_diff
