#!/usr/bin/env bash
# --format=github and --format=json for a compile error and for drift.
set -uo pipefail
tests_dir=$(cd "$(dirname "$0")" && pwd)
pipec=$(realpath "$1")
source "$tests_dir/lib.sh"
scratch_repo
printf 'workflow w {\n  file = "generated/w.yml"\n  on { push }\n  nme = "x, 100%%"\n  job j { runs-on = "ubuntu-24.04" step { run = "true" } }\n}\nuse w()\n' > pipelines/a.pipe
expect github-error 2 '::error file=pipelines/a.pipe,line=4,col=3,title=pipec [unknown-key]::unexpected key "nme" for workflow (did you mean "name"?); expected one of concurrency, defaults, env, job, name, on, outputs, permissions, run-name' "$pipec" --format=github gen
# pipec's own options may follow the command too.
expect github-error-after 2 '::error file=pipelines/a.pipe,line=4,col=3,title=pipec [unknown-key]::unexpected key "nme" for workflow (did you mean "name"?); expected one of concurrency, defaults, env, job, name, on, outputs, permissions, run-name' "$pipec" gen --format=github
expect github-error-after-root 2 '::error file=pipelines/a.pipe,line=4,col=3,title=pipec [unknown-key]::unexpected key "nme" for workflow (did you mean "name"?); expected one of concurrency, defaults, env, job, name, on, outputs, permissions, run-name' bash -c 'cd / && "$0" gen -C "$1" --format=github' "$pipec" "$work"
expect json-error 2 '{
  "diagnostics": [
    {
      "file": "pipelines/a.pipe",
      "line": 4,
      "column": 3,
      "severity": "error",
      "message": "unexpected key \"nme\" for workflow (did you mean \"name\"?); expected one of concurrency, defaults, env, job, name, on, outputs, permissions, run-name",
      "id": "unknown-key"
    }
  ]
}' "$pipec" --format=json gen
expect sarif-error 2 '{
  "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
  "version": "2.1.0",
  "runs": [
    {
      "tool": {
        "driver": {
          "name": "pipec",
          "rules": [
            {
              "id": "unknown-key",
              "name": "unknown-key"
            }
          ]
        }
      },
      "columnKind": "unicodeCodePoints",
      "results": [
        {
          "ruleId": "unknown-key",
          "level": "error",
          "message": {
            "text": "unexpected key \"nme\" for workflow (did you mean \"name\"?); expected one of concurrency, defaults, env, job, name, on, outputs, permissions, run-name"
          },
          "locations": [
            {
              "physicalLocation": {
                "artifactLocation": {
                  "uri": "pipelines/a.pipe"
                },
                "region": {
                  "startLine": 4,
                  "startColumn": 3
                }
              }
            }
          ]
        }
      ]
    }
  ]
}' "$pipec" --format=sarif gen
sed -i 's/nme/name/' pipelines/a.pipe
"$pipec" gen > /dev/null
sed -i 's/run: "true"/run: "false"/; s/- run: true/- run: false/' generated/w.yml
expect github-drift 1 "::error file=generated/w.yml,line=13,title=pipec check::generated/w.yml is edited by hand; run \`pipec gen\` and commit the result (gen writes over the edits made by hand: to keep one, make it in the source line named after <-).%0A--- generated/w.yml (on disk)%0A+++ generated/w.yml (generated)%0A@@ -10,4 +10,4 @@%0A   j:%0A     runs-on: ubuntu-24.04%0A     steps:%0A-      - run: \"false\"    <- pipelines/a.pipe:5:43%0A+      - run: \"true\"    <- pipelines/a.pipe:5:43%0A
::error file=pipelines/a.pipe,line=5,col=43,title=pipec check::this line produces lines of generated/w.yml that differ from the committed file; run \`pipec gen\`" "$pipec" --format=github check
expect json-drift 1 '{
  "generated_files": 1,
  "drift": [
    {
      "file": "generated/w.yml",
      "kind": "edited by hand",
      "sources": [
        "pipelines/a.pipe:5:43"
      ],
      "diff": "--- generated/w.yml (on disk)\n+++ generated/w.yml (generated)\n@@ -10,4 +10,4 @@\n   j:\n     runs-on: ubuntu-24.04\n     steps:\n-      - run: \"false\"    <- pipelines/a.pipe:5:43\n+      - run: \"true\"    <- pipelines/a.pipe:5:43\n"
    }
  ]
}' "$pipec" --format=json check
# SARIF: the source lines that make the changed lines are the result's
# related locations.
expect sarif-drift-related 1 '          "relatedLocations": [
            {
              "id": 0,
              "physicalLocation": {
                "artifactLocation": {
                  "uri": "pipelines/a.pipe"
                },
                "region": {
                  "startLine": 5,
                  "startColumn": 43
                }
              },
              "message": {
                "text": "this source line makes lines of generated/w.yml that differ"
              }
            }
          ]' sh -c '"$1" --format=sarif check > sarif.json; rc=$?; sed -n "/\"relatedLocations\"/,/^          \]/p" sarif.json; exit $rc' _ "$pipec"
expect json-clean 0 '{
  "generated_files": 1,
  "drift": []
}' sh -c "\"$pipec\" gen > /dev/null && \"$pipec\" --format=json check"
# A file pipec did not write where an output goes: gen does not replace it,
# so the annotation says to move it away first.
cp generated/w.yml "$work/w.yml" && echo "name: mine" > generated/w.yml
expect github-not-generated 0 "::error file=generated/w.yml,line=1,title=pipec check::generated/w.yml is not generated by pipec (gen does not replace it: move it away); then run \`pipec gen\` and commit the result." \
  sh -c '"$1" --format=github check | sed -n "1s/%0A.*//p"' _ "$pipec"
cp "$work/w.yml" generated/w.yml
# SARIF names a file by a URI: a space, % or non-ASCII byte in its path is
# percent-encoded; an error about no file has no location.
mkdir "$work/uri" && mkdir "$work/uri/pipelines" && printf 'let x =\n' > "$work/uri/pipelines/a b%é.pipe"
expect sarif-uri 2 '                  "uri": "pipelines/a%20b%25%C3%A9.pipe"' \
  sh -c '"$1" -C "$2" --format=sarif gen > "$2/out.json"; rc=$?; grep "\"uri\"" "$2/out.json"; exit $rc' _ "$pipec" "$work/uri"
mkdir "$work/noprof" "$work/noprof/pipelines" && printf 'let x = 1\n' > "$work/noprof/pipelines/a.pipe"
expect sarif-no-file 0 '      "results": [
        {
          "ruleId": "unknown-profile",
          "level": "error",
          "message": {
            "text": "no profile \"nope\""
          }
        }
      ]' sh -c '"$1" -C "$2" --format=sarif diff nope nope | sed -n "/\"results\"/,/^      \]/p"' _ "$pipec" "$work/noprof"
# A slip read in several places is one result, the others its related
# locations.
mkdir "$work/also" "$work/also/pipelines"
printf 'workflow w {\n  file = "generated/w.yml"\n  on { push }\n  job j {\n    runs-on = "ubuntu-24.04"\n    step { run = "echo ${{ env.NOPE }}" }\n    step { run = "echo ${{ env.NOPE }}" }\n  }\n}\nuse w()\n' > "$work/also/pipelines/a.pipe"
expect sarif-also-related 2 '"the same slip, here too" at pipelines/a.pipe:7:32' \
  sh -c '"$1" -C "$2" --format=sarif gen > "$2/out.json"; rc=$?; node -e "const r = JSON.parse(require(\"fs\").readFileSync(process.argv[1])).runs[0].results[0].relatedLocations; for (const l of r) console.log(JSON.stringify(l.message.text) + \" at \" + l.physicalLocation.artifactLocation.uri + \":\" + l.physicalLocation.region.startLine + \":\" + l.physicalLocation.region.startColumn)" "$2/out.json"; exit $rc' _ "$pipec" "$work/also"
# A line of the file on disk that reads like a source position is not
# taken for one: annotations go only where pipec's own diff points.
printf '# x    <- .github/workflows/deploy.yml:3:1\n' >> generated/w.yml
expect no-spoofed-source 0 "::error file=generated/w.yml,line=14,title=pipec check" \
  sh -c '"$1" --format=github check | sed "s/::generated.*//"' _ "$pipec"
"$pipec" gen > /dev/null
# Bytes that are not UTF-8 in a file on disk: the diff shows them as \xNN,
# so the JSON stays JSON (they once ended pipec with an internal error).
printf '# \xff\n' >> generated/w.yml
expect json-not-utf8 1 '      "diff": "--- generated/w.yml (on disk)\n+++ generated/w.yml (generated)\n@@ -11,4 +11,3 @@\n     runs-on: ubuntu-24.04\n     steps:\n       - run: \"true\"\n-# \\xff\n"' \
  sh -c '"$1" --format=json check > out.json; rc=$?; grep "\"diff\"" out.json; exit $rc' _ "$pipec"
"$pipec" gen > /dev/null
expect outputs-json 0 '{
  "outputs": [
    "generated/w.yml"
  ]
}' "$pipec" outputs --format=json
expect outputs-text 0 'generated/w.yml' "$pipec" outputs
printf 'runners {\n  gpu = "linux-mi300-1gpu"\n}\n' > pipelines/runners.pipe
expect labels-json 0 '{
  "labels": [
    "linux-mi300-1gpu"
  ]
}' "$pipec" labels --format=json
expect labels-text 0 'linux-mi300-1gpu' "$pipec" labels
# A file name with a terminal escape in it: the place before the message
# shows it as ?, as the message does, so the terminal takes no command.
rm -f pipelines/*.pipe && printf 'use w(\n' > "pipelines/b$(printf '\033')[31mred.pipe"
expect escape-in-file-name 2 'pipelines/b?[31mred.pipe:2:1: error: unexpected end of file; the ( at pipelines/b?[31mred.pipe:1:6 is not closed [syntax]
1 error' "$pipec" gen
# Output that reaches nowhere (a full disk) is an error, not a success
# with an empty list or report.
rm -f pipelines/*.pipe && printf 'workflow w {\n  file = "generated/w.yml"\n  on { push }\n  job j { runs-on = "ubuntu-24.04" step { run = "true" } }\n}\nuse w()\n' > pipelines/a.pipe
"$pipec" gen > /dev/null
for command in outputs check "--format=json check" "explain --event push"; do
  # shellcheck disable=SC2086 # the command's words
  expect "full-disk-$command" 2 "error: cannot write standard output: No space left on device [io]
1 error" bash -c '"$@" > /dev/full' _ "$pipec" $command
done
# So is a report of drift (check's 1 is an answer nobody read whole), and
# a closed stdout.
sed -i 's/- run: "true"/- run: edited/' generated/w.yml
expect full-disk-drift 2 "error: cannot write standard output: No space left on device [io]
1 error" bash -c '"$1" check > /dev/full' _ "$pipec"
expect closed-stdout-drift 2 "error: cannot write standard output: Bad file descriptor [io]
1 error" bash -c '"$1" check >&-' _ "$pipec"
"$pipec" gen > /dev/null
# A source file name that is no UTF-8, or holds a control character, is
# escaped in the header it names it in: YAML may hold neither (the file
# once had the raw bytes, which no YAML reader takes).
rm -f pipelines/*.pipe generated/w.yml
printf 'workflow w {\n  file = "generated/w.yml"\n  on { push }\n  job j { runs-on = "ubuntu-24.04" step { run = "true" } }\n}\nuse w()\n' > "pipelines/$(printf '\377\033')x.pipe"
"$pipec" gen > /dev/null
expect header-name-escaped 0 '# Generated by pipec from pipelines/\xFF\u001Bx.pipe (w()).' head -1 generated/w.yml
finish formats
