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
  ~ job upload step "Upload".run: line 2 of the script
      - echo "upload to therock-ci-artifacts"
      + echo "upload to therock-release-python"
  + job upload step "Stage"' "$pipec" diff ci release
expect unknown 2 'error: no profile "relase" (did you mean "release"?); declared: ci, release [unknown-profile]
1 error' "$pipec" diff ci relase
finish profile_diff
