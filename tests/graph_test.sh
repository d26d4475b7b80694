#!/usr/bin/env bash
# pipec graph: the call graph (Mermaid), one workflow's job graph (dot,
# checked by Graphviz; JSON), a misspelt or empty workflow name, and two workflows
# with one file name.
set -uo pipefail
tests_dir=$(cd "$(dirname "$0")" && pwd)
pipec=$(realpath "$1"); here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir "$work/pipelines" && cp "$here/golden/ok/reusable_call.pipe" "$work/pipelines/"
source "$tests_dir/lib.sh"
expect call-graph 0 'flowchart LR
  build_linux_yml["build_linux.yml"]
  build_windows_yml["build_windows.yml"]
  ci_yml["ci.yml"]
  ci_yml -->|"linux"| build_linux_yml
  ci_yml -->|"windows"| build_windows_yml' "$pipec" -C "$work" graph
expect job-graph-dot 0 'digraph "ci.yml" {
  rankdir=LR;
  node [shape=box];
  "linux" [label="linux → build_linux.yml"];
  "windows" [label="windows → build_windows.yml"];
  "report" [label="report (conditional)"];
  "linux" -> "report";
}' "$pipec" -C "$work" graph ci.yml --dot
if "$pipec" -C "$work" graph ci.yml --dot | dot -Tsvg > /dev/null; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL dot rejects the output"; fi
expect unknown 2 'error: no generated workflow "cii.yml" (did you mean "ci.yml"?) [usage]
1 error' "$pipec" -C "$work" graph cii.yml
expect empty 2 'WORKFLOW: is empty
Run with --help for more information.' "$pipec" -C "$work" graph ""
# Two workflows named ci.yml: the call graph shows them by path, and one is
# chosen by its path; its name alone is ambiguous.
printf 'workflow other {\n  file = "generated/other/ci.yml"\n  on { push }\n  job j { runs-on = "ubuntu-24.04" step { run = "true" } }\n}\nuse other()\n' \
  > "$work/pipelines/other.pipe"
expect same-name-call-graph 0 'flowchart LR
  build_linux_yml["build_linux.yml"]
  build_windows_yml["build_windows.yml"]
  generated_ci_yml["generated/ci.yml"]
  generated_other_ci_yml["generated/other/ci.yml"]
  generated_ci_yml -->|"linux"| build_linux_yml
  generated_ci_yml -->|"windows"| build_windows_yml' "$pipec" -C "$work" graph
expect same-name-path 0 'flowchart LR
  j["j"]' "$pipec" -C "$work" graph generated/other/ci.yml
expect same-name-ambiguous 2 'error: several generated workflows are named "ci.yml": generated/ci.yml, generated/other/ci.yml; name one by its path [usage]
1 error' "$pipec" -C "$work" graph ci.yml
# A tail of the path that only one has names it, as explain --workflow
# takes it; a tail that is not whole folder names does not.
expect same-name-tail 0 'flowchart LR
  j["j"]' "$pipec" -C "$work" graph other/ci.yml
expect same-name-part-of-a-name 2 'error: no generated workflow "her/ci.yml" (did you mean "ci.yml"?) [usage]
1 error' "$pipec" -C "$work" graph her/ci.yml
# Job names that letters, digits and _ would make one id, and names Mermaid
# (end) or dot (node) read as words of their own: each its own id.
cat > "$work/pipelines/names.pipe" <<'PIPE'
workflow names {
  file = "generated/names.yml"
  on { push }
  job build-x { runs-on = "ubuntu-24.04" step { run = "true" } }
  job build_x { runs-on = "ubuntu-24.04" step { run = "true" } }
  job node { needs = [build-x] runs-on = "ubuntu-24.04" step { run = "true" } }
  job end { needs = [node, build_x] runs-on = "ubuntu-24.04" step { run = "true" } }
}
use names()
PIPE
expect distinct-ids 0 'flowchart LR
  build_x["build-x"]
  build_x_2["build_x"]
  node_1["node"]
  end_1["end"]
  build_x --> node_1
  build_x_2 --> end_1
  node_1 --> end_1' "$pipec" -C "$work" graph names.yml
if "$pipec" -C "$work" graph names.yml --dot | dot -Tsvg > /dev/null; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL dot rejects names.yml"; fi
# --format json: the jobs and needs by their names (not Mermaid's ids), and
# what the labels say as fields of their own; --dot beside it is refused.
expect job-graph-json 0 '{
  "graph": "names.yml",
  "nodes": [
    {
      "name": "build-x"
    },
    {
      "name": "build_x"
    },
    {
      "name": "node"
    },
    {
      "name": "end"
    }
  ],
  "edges": [
    {
      "from": "build-x",
      "to": "node"
    },
    {
      "from": "build_x",
      "to": "end"
    },
    {
      "from": "node",
      "to": "end"
    }
  ]
}' "$pipec" -C "$work" graph names.yml --format json
expect job-graph-json-calls 0 '{
  "graph": "generated/ci.yml",
  "nodes": [
    {
      "name": "linux",
      "calls": "build_linux.yml"
    },
    {
      "name": "windows",
      "calls": "build_windows.yml"
    },
    {
      "name": "report",
      "conditional": true
    }
  ],
  "edges": [
    {
      "from": "linux",
      "to": "report"
    }
  ]
}' "$pipec" -C "$work" --format=json graph generated/ci.yml
expect json-and-dot 2 '{
  "diagnostics": [
    {
      "file": "",
      "line": 0,
      "column": 0,
      "severity": "error",
      "message": "--dot and --format json ask for two formats; give one",
      "id": "usage"
    }
  ]
}' "$pipec" -C "$work" graph names.yml --dot --format json
# Mermaid's style and class, and dot's ids that start with a digit.
cat > "$work/pipelines/words.pipe" <<'PIPE'
workflow words {
  file = "generated/1-words.yml"
  on { push }
  job style { runs-on = "ubuntu-24.04" step { run = "true" } }
  job class { needs = [style] runs-on = "ubuntu-24.04" step { run = "true" } }
}
use words()
PIPE
expect mermaid-words 0 'flowchart LR
  style_1["style"]
  class_1["class"]
  style_1 --> class_1' "$pipec" -C "$work" graph 1-words.yml
expect dot-digit 0 '  "1_words_yml" [label="1-words.yml"];' sh -c '"$1" -C "$2" graph --dot | grep 1_words' _ "$pipec" "$work"
# Graphviz reads it with no warning or error (its messages are the output).
expect dot-reads 0 "" bash -o pipefail -c '"$1" -C "$2" graph --dot | dot -Tplain 2>&1 > /dev/null' _ "$pipec" "$work"
# A calling job's id may hold --, which Mermaid reads as an arrow: the label
# is quoted; and # in a name is written as Mermaid's entity code, as it
# starts one. A workflow a job calls that shares a generated workflow's file
# name is shown by its path: two files, two nodes.
rm -f "$work"/pipelines/*.pipe
cat > "$work/pipelines/labels.pipe" <<'PIPE'
workflow callee {
  file = "generated/a/.github/workflows/callee.yml"
  on { call }
  job j { runs-on = "ubuntu-24.04" step { run = "true" } }
}
workflow other {
  file = "generated/b/.github/workflows/hand.yml"
  on { push }
  job j { runs-on = "ubuntu-24.04" step { run = "true" } }
}
workflow top {
  file = "generated/a/.github/workflows/top.yml"
  on { push }
  job a--b { uses = callee() }
  job c---d { uses = callee() }
  job hand { uses = "./.github/workflows/hand.yml" }
}
workflow hash {
  file = "generated/#quot;.yml"
  on { push }
  job j { runs-on = "ubuntu-24.04" step { run = "true" } }
}
use callee()
use other()
use top()
use hash()
PIPE
mkdir -p "$work/generated/a/.github/workflows"
printf 'on: workflow_call\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: "true"\n' > "$work/generated/a/.github/workflows/hand.yml"
expect quoted-labels-and-paths 0 'flowchart LR
  _quot__yml["#35;quot;.yml"]
  callee_yml["callee.yml"]
  top_yml["top.yml"]
  generated_a__github_workflows_hand_yml["generated/a/.github/workflows/hand.yml"]
  generated_b__github_workflows_hand_yml["generated/b/.github/workflows/hand.yml"]
  top_yml -->|"a--b"| callee_yml
  top_yml -->|"c---d"| callee_yml
  top_yml -->|"hand"| generated_a__github_workflows_hand_yml' "$pipec" -C "$work" graph

# A workflow's path, run from a folder below the root, is read as the
# shell names it (it was read from the root: another file); with -C, from
# the root.
printf 'workflow at_root {\n  file = ".github/workflows/hand.yml"\n  on { push }\n  job r { runs-on = "ubuntu-24.04" step { run = "true" } }\n}\nuse at_root()\n' > "$work/pipelines/root.pipe"
"$pipec" -C "$work" gen > /dev/null
expect path-from-subfolder 0 'flowchart LR
  j["j"]' sh -c 'cd "$2/generated/b" && "$1" graph .github/workflows/hand.yml' _ "$pipec" "$work"
expect path-with-root 0 'flowchart LR
  j["j"]' sh -c 'cd "$2/generated/b" && "$1" -C "$2" graph generated/b/.github/workflows/hand.yml' _ "$pipec" "$work"
# At the root too, ./ and an absolute path name the file the shell does;
# with -C, an absolute path is read as it is.
expect path-dot-at-root 0 'flowchart LR
  j["j"]' sh -c 'cd "$2" && "$1" graph ./generated/b/.github/workflows/hand.yml' _ "$pipec" "$work"
expect path-absolute-at-root 0 'flowchart LR
  j["j"]' sh -c 'cd "$2" && "$1" graph "$2/generated/b/.github/workflows/hand.yml"' _ "$pipec" "$work"
expect path-absolute-with-root 0 'flowchart LR
  j["j"]' sh -c 'cd / && "$1" -C "$2" graph "$2/generated/b/.github/workflows/hand.yml"' _ "$pipec" "$work"

finish graph
