#!/usr/bin/env bash
# --format=github and --format=json for a compile error and for drift.
set -uo pipefail
tests_dir=$(cd "$(dirname "$0")" && pwd)
pipec=$(realpath "$1")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work" && mkdir pipelines
source "$tests_dir/lib.sh"
printf 'workflow w {\n  file = "generated/w.yml"\n  on { push }\n  nme = "x, 100%%"\n  job j { runs-on = "ubuntu-24.04" step { run = "true" } }\n}\nuse w()\n' > pipelines/a.pipe
expect github-error 2 '::error file=pipelines/a.pipe,line=4,col=3,title=pipec [unknown-key]::unexpected key "nme" for workflow (did you mean "name"?); expected one of concurrency, defaults, env, jobs, name, on, outputs, permissions, run-name' "$pipec" --format=github gen
# pipec's own options may follow the command too.
expect github-error-after 2 '::error file=pipelines/a.pipe,line=4,col=3,title=pipec [unknown-key]::unexpected key "nme" for workflow (did you mean "name"?); expected one of concurrency, defaults, env, jobs, name, on, outputs, permissions, run-name' "$pipec" gen --format=github
expect github-error-after-root 2 '::error file=pipelines/a.pipe,line=4,col=3,title=pipec [unknown-key]::unexpected key "nme" for workflow (did you mean "name"?); expected one of concurrency, defaults, env, jobs, name, on, outputs, permissions, run-name' bash -c 'cd / && "$0" gen -C "$1" --format=github' "$pipec" "$work"
expect json-error 2 '{
  "diagnostics": [
    {
      "file": "pipelines/a.pipe",
      "line": 4,
      "column": 3,
      "severity": "error",
      "message": "unexpected key \"nme\" for workflow (did you mean \"name\"?); expected one of concurrency, defaults, env, jobs, name, on, outputs, permissions, run-name",
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
      "results": [
        {
          "ruleId": "unknown-key",
          "level": "error",
          "message": {
            "text": "unexpected key \"nme\" for workflow (did you mean \"name\"?); expected one of concurrency, defaults, env, jobs, name, on, outputs, permissions, run-name"
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
expect github-drift 1 "::error file=generated/w.yml,line=13,title=pipec check::generated/w.yml is edited by hand; run \`pipec gen\` and commit the result.%0A--- generated/w.yml (on disk)%0A+++ generated/w.yml (generated)%0A@@ -10,4 +10,4 @@%0A   j:%0A     runs-on: ubuntu-24.04%0A     steps:%0A-      - run: \"false\"    <- pipelines/a.pipe:5:43%0A+      - run: \"true\"    <- pipelines/a.pipe:5:43%0A
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
expect json-clean 0 '{
  "generated_files": 1,
  "drift": []
}' sh -c "\"$pipec\" gen > /dev/null && \"$pipec\" --format=json check"
expect outputs-json 0 '{
  "outputs": [
    "generated/w.yml"
  ]
}' "$pipec" outputs --format=json
expect outputs-text 0 'generated/w.yml' "$pipec" outputs
finish formats
