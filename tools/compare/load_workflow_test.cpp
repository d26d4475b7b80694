// The model of a workflow: every item key and its normalised value.
#include "load_workflow.h"

#include <doctest/doctest.h>

#include "test_support.h"

namespace wfcompare {

using test::load_error;
using test::model_of;

TEST_CASE("on: push, on: [push] and on: {push: null} are the same") {
  const std::string jobs = "\njobs: {}\n";
  const std::string expected = "triggers event push ?= {}\n";
  CHECK(model_of("on: push" + jobs) == expected);
  CHECK(model_of("on: [push]" + jobs) == expected);
  CHECK(model_of("on: {push: null}" + jobs) == expected);
  CHECK(model_of("on:\n  push:" + jobs) == expected);
}

TEST_CASE("the whole model of a small workflow") {
  const std::string yaml = R"(
on:
  push:
    branches: [main, 'release/*']
    paths: docs/**
  schedule:
    - cron: "0 2 * * *"
  workflow_dispatch:
    inputs:
      family:
        description: GPU family
        default: "3.10"
        options: [a, b]
  workflow_call:
    inputs:
      flag:
        type: boolean
        required: true
    outputs:
      url:
        value: ${{jobs.build.outputs.url}}
    secrets:
      token:
permissions: read-all
concurrency: ${{ github.workflow }}-${{ github.ref }}
jobs:
  build:
    name: Build
    runs-on: [self-hosted, linux]
    needs: setup
    if: ${{ inputs.flag }}
    timeout-minutes: 30
    environment: release
    strategy:
      matrix:
        py: ["3.12", "3.10"]
        include: [{py: "3.13", extra: true}]
    permissions:
      contents: read
    steps:
      - uses: actions/checkout@v4
      - name: Test
        if: always()
        run: make test
      - run: |
          echo one
          echo two
        if: failure()
  call:
    uses: ./.github/workflows/other.yml
    needs: [build, setup]
    strategy:
      fail-fast: false
      matrix: ${{ fromJSON(needs.setup.outputs.m) }}
    concurrency:
      group: call
      cancel-in-progress: true
    with:
      python_version: "3.12"
      family: ${{matrix.family}}
    secrets: inherit
)";
  CHECK(model_of(yaml) ==
        R"M(triggers event push ?= {"branches":["main","release/*"],"paths":"docs/**"}
triggers event push branches = ["main","release/*"]
triggers event push paths = ["docs/**"]
triggers event schedule ?= [{"cron":"0 2 * * *"}]
triggers event schedule cron = ["0 2 * * *"]
triggers event workflow_call ?= {"inputs":["flag"],"outputs":["url"],"secrets":["token"]}
triggers event workflow_call output url ?= {"value":"${{jobs.build.outputs.url}}"}
triggers event workflow_call output url description = false
triggers event workflow_call output url value = "${{ jobs.build.outputs.url }}"
triggers event workflow_call secret token ?= {}
triggers event workflow_call secret token description = false
triggers event workflow_call secret token required = false
triggers event workflow_dispatch ?= {"inputs":["family"]}
inputs input workflow_call.flag ?= {"required":true,"type":"boolean"}
inputs input workflow_call.flag description = false
inputs input workflow_call.flag required = true
inputs input workflow_call.flag type = "boolean"
inputs input workflow_dispatch.family ?= {"default":"3.10","description":"GPU family","options":["a","b"]}
inputs input workflow_dispatch.family default = "3.10"
inputs input workflow_dispatch.family description = true
inputs input workflow_dispatch.family options = ["a","b"]
inputs input workflow_dispatch.family required = false
inputs input workflow_dispatch.family type = "string"
inputs job call secrets = "inherit"
inputs job call with.family = "${{ matrix.family }}"
inputs job call with.python_version = "3.12"
jobs job build ?= {"name":"Build","runs-on":["self-hosted","linux"]}
jobs job build continue-on-error = false
jobs job build environment = {"name":"release"}
jobs job build name = "Build"
jobs job build runs-on = ["linux","self-hosted"]
jobs job build timeout-minutes = 30
jobs job call ?= {"uses":"./.github/workflows/other.yml"}
needs job build needs = ["setup"]
needs job call needs = ["build","setup"]
conditions job build if = "inputs.flag"
conditions job build step "Test" if = "always()"
conditions job build step "run: echo one" if = "failure()"
matrices job build matrix fromJSON = false
matrices job build matrix keys = ["include","py"]
matrices job build matrix.include = [{"extra":true,"py":"3.13"}]
matrices job build matrix.py = ["3.10","3.12"]
matrices job build strategy ?= {"matrix":{"include":[{"extra":true,"py":"3.13"}],"py":["3.12","3.10"]}}
matrices job build strategy.fail-fast = true
matrices job call matrix = "${{ fromJSON(needs.setup.outputs.m) }}"
matrices job call matrix fromJSON = true
matrices job call strategy ?= {"fail-fast":false,"matrix":"${{ fromJSON(needs.setup.outputs.m) }}"}
matrices job call strategy.fail-fast = false
actions job build action actions/checkout ?= ["actions/checkout@v4"]
actions job build action actions/checkout ref = "v4"
actions job build action actions/checkout steps = 1
actions job call action ./.github/workflows/other.yml ?= ["./.github/workflows/other.yml"]
actions job call action ./.github/workflows/other.yml ref = null
actions job call action ./.github/workflows/other.yml steps = 1
permissions job build permissions ?= {"contents":"read"}
permissions job build permissions contents = "read"
permissions permissions = "read-all"
concurrency concurrency ?= {"cancel-in-progress":false,"group":"${{ github.workflow }}-${{ github.ref }}"}
concurrency concurrency cancel-in-progress = false
concurrency concurrency group = "${{ github.workflow }}-${{ github.ref }}"
concurrency job call concurrency ?= {"cancel-in-progress":true,"group":"call"}
concurrency job call concurrency cancel-in-progress = true
concurrency job call concurrency group = "call"
)M");
}

TEST_CASE("a repeated step label is numbered") {
  const std::string yaml = R"(
on: push
jobs:
  j:
    runs-on: x
    steps:
      - {name: Upload, if: a}
      - {name: Upload, if: b}
      - {id: check, if: c}
      - {if: d}
)";
  CHECK(model_of(yaml) == R"(triggers event push ?= {}
jobs job j ?= {"runs-on":"x"}
jobs job j continue-on-error = false
jobs job j runs-on = ["x"]
jobs job j timeout-minutes = 360
needs job j needs = []
conditions job j step "#4" if = "d"
conditions job j step "Upload" if = "a"
conditions job j step "Upload"#2 if = "b"
conditions job j step "check" if = "c"
)");
}

TEST_CASE("a malformed workflow is file:line:col: message") {
  CHECK(load_error("") == "w.yml: the workflow is empty");
  CHECK(load_error("- a\n") == "w.yml:1:1: a workflow must be a mapping, not a sequence");
  CHECK(load_error("on: push\n") == "w.yml:1:1: the workflow has no 'jobs:'");
  CHECK(load_error("jobs: {}\n") == "w.yml:1:1: the workflow has no 'on:'");
  CHECK(load_error("on: push\njobs: [a]\n") == "w.yml:2:7: jobs must be a mapping, not a sequence");
  CHECK(load_error("on: push\njobs:\n  a:\n    steps: run\n") ==
        "w.yml:4:12: steps of job a must be a sequence, not a scalar");
  CHECK(load_error("on: push\njobs:\n  a: {}\n  a: {}\n") ==
        "w.yml:4:3: duplicate key 'a' in jobs");
  CHECK(load_error("on: [{push: x}]\njobs: {}\n") == "w.yml:1:6: an event name must be a scalar");
  CHECK(load_error("on:\n  push: [main]\njobs: {}\n") ==
        "w.yml:2:9: on.push must be a mapping, not a sequence");
  CHECK(load_error("on:\n  workflow_dispatch:\n    inputs: [a]\njobs: {}\n") ==
        "w.yml:3:13: on.workflow_dispatch.inputs must be a mapping, not a sequence");
  CHECK(load_error("on:\n  schedule:\n    - {corn: x}\njobs: {}\n") ==
        "w.yml:3:7: a schedule entry needs 'cron'");
}

}  // namespace wfcompare
