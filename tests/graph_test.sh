#!/usr/bin/env bash
# pipec graph: the call graph (Mermaid), one workflow's job graph (dot,
# checked by Graphviz), and a misspelt or empty workflow name.
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
  ci_yml -- linux --> build_linux_yml
  ci_yml -- windows --> build_windows_yml' "$pipec" -C "$work" graph
expect job-graph-dot 0 'digraph "ci.yml" {
  rankdir=LR;
  node [shape=box];
  linux [label="linux → build_linux.yml"];
  windows [label="windows → build_windows.yml"];
  report [label="report (conditional)"];
  linux -> report;
}' "$pipec" -C "$work" graph ci.yml --dot
if "$pipec" -C "$work" graph ci.yml --dot | dot -Tsvg > /dev/null; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL dot rejects the output"; fi
expect unknown 2 'error: no generated workflow "cii.yml" (did you mean "ci.yml"?) [usage]
1 error' "$pipec" -C "$work" graph cii.yml
expect empty 2 'WORKFLOW: is empty
Run with --help for more information.' "$pipec" -C "$work" graph ""
finish graph
