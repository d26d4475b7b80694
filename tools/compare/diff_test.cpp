// The differences of small workflow pairs, one kind at a time.
#include "diff.h"

#include <doctest/doctest.h>

#include "test_support.h"

namespace wfcompare {

using test::diff_lines;

TEST_CASE("a workflow does not differ from itself or from its other spellings") {
  const std::string a = R"~(
on: [push, workflow_dispatch]
jobs:
  build:
    needs: setup
    if: github.event_name == 'push'
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v4
        if: ${{ always() }}
)~";
  const std::string b = R"~(
on:
  workflow_dispatch:
  push: null
jobs:
  build:
    needs: [setup]
    if: >-
      ${{
        github.event_name=='push'
      }}
    runs-on: [ubuntu-24.04]
    steps:
      - uses: actions/checkout@v4
        if: always()
)~";
  CHECK(diff_lines(a, a).empty());
  CHECK(diff_lines(a, b).empty());
}

TEST_CASE("triggers: events, filters, crons; a missing event with its inputs, as part of it") {
  const std::string corpus = R"~(
on:
  push:
    branches: [main, release/*]
    paths: [src/**]
  pull_request:
    types: [opened, labeled]
  schedule:
    - cron: "0 2 * * *"
jobs: {}
)~";
  const std::string generated = R"~(
on:
  push:
    branches: [release/*, main, dev]
  pull_request:
    types: labeled
  schedule:
    - cron: "0 3 * * *"
  workflow_dispatch:
    inputs:
      x: {type: string}
jobs: {}
)~";
  CHECK(diff_lines(corpus, generated) ==
        R"~(triggers event pull_request types: corpus=["labeled","opened"] generated=["labeled"]
triggers event push branches: corpus=["main","release/*"] generated=["dev","main","release/*"]
triggers event push paths: corpus=["src/**"] generated=absent
triggers event schedule cron: corpus=["0 2 * * *"] generated=["0 3 * * *"]
triggers event workflow_dispatch: corpus=absent generated={"inputs":["x"]}
inputs input workflow_dispatch.x: corpus=absent generated={"type":"string"} (part of event workflow_dispatch)
inputs input workflow_dispatch.x description: corpus=absent generated=false (part of event workflow_dispatch)
inputs input workflow_dispatch.x required: corpus=absent generated=false (part of event workflow_dispatch)
inputs input workflow_dispatch.x type: corpus=absent generated="string" (part of event workflow_dispatch)
)~");
}

TEST_CASE("triggers: workflow_call outputs and secrets") {
  const std::string corpus = R"~(
on:
  workflow_call:
    outputs:
      url: {value: "${{ jobs.a.outputs.url }}", description: where}
      gone: {value: x}
    secrets:
      token: {required: true}
jobs: {}
)~";
  const std::string generated = R"~(
on:
  workflow_call:
    outputs:
      url: {value: "${{ jobs.b.outputs.url }}"}
    secrets:
      token:
      extra: {}
jobs: {}
)~";
  CHECK(diff_lines(corpus, generated) ==
        R"~(triggers event workflow_call output gone: corpus={"value":"x"} generated=absent
triggers event workflow_call output gone description: corpus=false generated=absent (part of event workflow_call output gone)
triggers event workflow_call output gone value: corpus="x" generated=absent (part of event workflow_call output gone)
triggers event workflow_call output url description: corpus=true generated=false
triggers event workflow_call output url value: corpus="${{ jobs.a.outputs.url }}" generated="${{ jobs.b.outputs.url }}"
triggers event workflow_call secret extra: corpus=absent generated={}
triggers event workflow_call secret extra description: corpus=absent generated=false (part of event workflow_call secret extra)
triggers event workflow_call secret extra required: corpus=absent generated=false (part of event workflow_call secret extra)
triggers event workflow_call secret token required: corpus=true generated=false
)~");
}

TEST_CASE("inputs: type, required, default (\"3.10\" is not 3.10), options, description") {
  const std::string corpus = R"~(
on:
  workflow_dispatch:
    inputs:
      python: {default: "3.10", description: Python}
      flag: {type: boolean, default: true}
      kind: {type: choice, options: [dev, nightly]}
      old: {type: string}
  workflow_call:
    inputs:
      family: {type: string, required: true}
jobs: {}
)~";
  const std::string generated = R"~(
on:
  workflow_dispatch:
    inputs:
      python: {type: string, default: 3.10}
      flag: {type: boolean, default: "true"}
      kind: {type: choice, options: [nightly, dev], required: false}
  workflow_call:
    inputs:
      family: {type: number}
jobs: {}
)~";
  CHECK(diff_lines(corpus, generated) ==
        R"~(inputs input workflow_call.family required: corpus=true generated=false
inputs input workflow_call.family type: corpus="string" generated="number"
inputs input workflow_dispatch.flag default: corpus=true generated="true"
inputs input workflow_dispatch.kind options: corpus=["dev","nightly"] generated=["nightly","dev"]
inputs input workflow_dispatch.old: corpus={"type":"string"} generated=absent
inputs input workflow_dispatch.old description: corpus=false generated=absent (part of input workflow_dispatch.old)
inputs input workflow_dispatch.old required: corpus=false generated=absent (part of input workflow_dispatch.old)
inputs input workflow_dispatch.old type: corpus="string" generated=absent (part of input workflow_dispatch.old)
inputs input workflow_dispatch.python default: corpus="3.10" generated=3.1
inputs input workflow_dispatch.python description: corpus=true generated=false
)~");
}

TEST_CASE("inputs: what a job passes to a reusable workflow") {
  const std::string corpus = R"~(
on: push
jobs:
  test:
    uses: ./.github/workflows/test.yml
    secrets: inherit
    with:
      python_version: "3.12"
      runs_on: >-
        ${{
          inputs.runner != '' && inputs.runner || 'ubuntu-24.04'
        }}
      gone: x
)~";
  const std::string generated = R"~(
on: push
jobs:
  test:
    uses: ./.github/workflows/test.yml
    with:
      python_version: 3.12
      runs_on: ${{ inputs.runner!='' && inputs.runner || 'ubuntu-24.04' }}
)~";
  CHECK(diff_lines(corpus, generated) ==
        R"~(inputs job test secrets: corpus="inherit" generated=absent
inputs job test with.gone: corpus="x" generated=absent
inputs job test with.python_version: corpus="3.12" generated=3.12
)~");
}

TEST_CASE("jobs: time limit, continue-on-error (GitHub's defaults filled in), environment (a name is {name}), services, container (an image is {image})") {
  const std::string corpus = R"~(
on: push
jobs:
  a: {runs-on: x, timeout-minutes: 360, environment: release, container: "ubuntu:24.04"}
  b: {runs-on: x, continue-on-error: true, services: {db: {image: postgres}}, environment: staging}
  c: {uses: ./.github/workflows/x.yml}
)~";
  const std::string generated = R"~(
on: push
jobs:
  a: {runs-on: x, environment: {name: release}, container: {image: "ubuntu:24.04"}}
  b: {runs-on: x, timeout-minutes: 30, environment: {name: staging, url: "https://x"}, container: {image: "ubuntu:26.04", options: "--user 0"}}
  c: {uses: ./.github/workflows/x.yml}
)~";
  CHECK(diff_lines(corpus, generated) ==
        R"~(jobs job b container: corpus=absent generated={"image":"ubuntu:26.04","options":"--user 0"}
jobs job b continue-on-error: corpus=true generated=false
jobs job b environment: corpus={"name":"staging"} generated={"name":"staging","url":"https://x"}
jobs job b services: corpus={"db":{"image":"postgres"}} generated=absent
jobs job b timeout-minutes: corpus=360 generated=30
)~");
}

TEST_CASE("jobs: a job on one side only, its details as part of it; name and runner") {
  const std::string corpus = R"~(
on: push
jobs:
  build: {name: Build, runs-on: ubuntu-24.04, needs: setup, if: always()}
  gone:
    runs-on: x
    steps: [{uses: actions/checkout@v4, if: a}]
)~";
  const std::string generated = R"~(
on: push
jobs:
  build: {name: Build it, runs-on: [self-hosted, linux], needs: setup, if: always()}
  added: {uses: ./.github/workflows/x.yml}
)~";
  CHECK(diff_lines(corpus, generated) ==
        R"~(jobs job added: corpus=absent generated={"uses":"./.github/workflows/x.yml"}
jobs job build name: corpus="Build" generated="Build it"
jobs job build runs-on: corpus=["ubuntu-24.04"] generated=["linux","self-hosted"]
jobs job gone: corpus={"runs-on":"x"} generated=absent
jobs job gone continue-on-error: corpus=false generated=absent (part of job gone)
jobs job gone runs-on: corpus=["x"] generated=absent (part of job gone)
jobs job gone timeout-minutes: corpus=360 generated=absent (part of job gone)
needs job added needs: corpus=absent generated=[] (part of job added)
needs job gone needs: corpus=[] generated=absent (part of job gone)
conditions job gone step "actions/checkout" if: corpus="a" generated=absent (part of job gone)
actions job added action ./.github/workflows/x.yml: corpus=absent generated=["./.github/workflows/x.yml"] (part of job added)
actions job added action ./.github/workflows/x.yml ref: corpus=absent generated=null (part of job added)
actions job added action ./.github/workflows/x.yml steps: corpus=absent generated=1 (part of job added)
actions job gone action actions/checkout: corpus=["actions/checkout@v4"] generated=absent (part of job gone)
actions job gone action actions/checkout ref: corpus="v4" generated=absent (part of job gone)
actions job gone action actions/checkout steps: corpus=1 generated=absent (part of job gone)
)~");
}

TEST_CASE("needs: a set; `needs: a` is `needs: [a]`; no needs is []") {
  const std::string corpus = R"~(
on: push
jobs:
  a: {runs-on: x}
  b: {runs-on: x, needs: a}
  c: {runs-on: x, needs: [a, b]}
)~";
  const std::string generated = R"~(
on: push
jobs:
  a: {runs-on: x, needs: []}
  b: {runs-on: x, needs: [a]}
  c: {runs-on: x, needs: a}
)~";
  CHECK(diff_lines(corpus, generated) == R"~(needs job c needs: corpus=["a","b"] generated=["a"]
)~");
}

TEST_CASE("conditions: of jobs and steps, after normalising") {
  const std::string corpus = R"~(
on: push
jobs:
  a:
    runs-on: x
    if: ${{ !cancelled() && inputs.x == 'true' }}
    steps:
      - {name: Upload, if: "github.repository_owner == 'ROCm'", run: up}
      - {name: Report, if: always(), run: r}
      - {name: Only here, if: success(), run: o}
)~";
  const std::string generated = R"~(
on: push
jobs:
  a:
    runs-on: x
    if: "!cancelled() && inputs.x == true"
    steps:
      - {name: Upload, if: "${{ github.repository_owner=='ROCm' }}", run: up}
      - {name: Report, run: r}
)~";
  CHECK(
      diff_lines(corpus, generated) ==
      R"~(conditions job a if: corpus="!cancelled() && inputs.x == 'true'" generated="!cancelled() && inputs.x == true"
conditions job a step "Only here" if: corpus="success()" generated=absent
conditions job a step "Report" if: corpus="always()" generated=absent
)~");
}

TEST_CASE("matrices: keys, values, include/exclude, fail-fast, fromJSON") {
  const std::string corpus = R"~(
on: push
jobs:
  release:
    runs-on: x
    strategy:
      matrix:
        python_version: ["3.11", "3.12"]
        os: [linux]
        include: [{python_version: "3.13", os: linux}]
  ci:
    uses: ./ci.yml
    strategy:
      fail-fast: false
      matrix:
        variant: ${{ fromJSON(needs.setup.outputs.linux_variants) }}
  plain: {runs-on: x}
)~";
  const std::string generated = R"~(
on: push
jobs:
  release:
    runs-on: x
    strategy:
      matrix:
        python_version: ["3.12", 3.11]
        arch: [x86_64]
        exclude: [{python_version: "3.12"}]
  ci:
    uses: ./ci.yml
    strategy:
      matrix:
        variant: [{family: gfx94X}]
  plain:
    runs-on: x
    strategy: {matrix: {a: [1]}}
)~";
  CHECK(diff_lines(corpus, generated) ==
        R"~(matrices job ci matrix fromJSON: corpus=true generated=false
matrices job ci matrix.variant: corpus="${{ fromJSON(needs.setup.outputs.linux_variants) }}" generated=[{"family":"gfx94X"}]
matrices job ci strategy.fail-fast: corpus=false generated=true
matrices job plain matrix fromJSON: corpus=absent generated=false (part of job plain strategy)
matrices job plain matrix keys: corpus=absent generated=["a"] (part of job plain strategy)
matrices job plain matrix.a: corpus=absent generated=[1] (part of job plain strategy)
matrices job plain strategy: corpus=absent generated={"matrix":{"a":[1]}}
matrices job plain strategy.fail-fast: corpus=absent generated=true (part of job plain strategy)
matrices job release matrix keys: corpus=["include","os","python_version"] generated=["arch","exclude","python_version"]
matrices job release matrix.arch: corpus=absent generated=["x86_64"]
matrices job release matrix.exclude: corpus=absent generated=[{"python_version":"3.12"}]
matrices job release matrix.include: corpus=[{"os":"linux","python_version":"3.13"}] generated=absent
matrices job release matrix.os: corpus=["linux"] generated=absent
matrices job release matrix.python_version: corpus=["3.11","3.12"] generated=["3.12",3.11]
)~");
}

TEST_CASE("matrices: a whole-matrix expression") {
  const std::string corpus = R"~(
on: push
jobs:
  a: {runs-on: x, strategy: {matrix: "${{ fromJSON(needs.s.outputs.m) }}"}}
)~";
  const std::string generated = R"~(
on: push
jobs:
  a: {runs-on: x, strategy: {matrix: "${{fromJSON(needs.s.outputs.n)}}"}}
)~";
  CHECK(
      diff_lines(corpus, generated) ==
      R"~(matrices job a matrix: corpus="${{ fromJSON(needs.s.outputs.m) }}" generated="${{ fromJSON(needs.s.outputs.n) }}"
)~");
}

TEST_CASE("actions: compared by name, the pinned ref and the number of steps that use one reported separately") {
  const std::string corpus = R"~(
on: push
jobs:
  build:
    runs-on: x
    steps:
      - uses: actions/checkout@de0fac2e4500dabe0009e67214ff5f5447ce83dd
      - uses: actions/setup-python@v5
      - uses: ./.github/actions/setup
  call:
    uses: ./.github/workflows/build.yml
  remote:
    uses: ROCm/TheRock/.github/workflows/x.yml@main
)~";
  const std::string generated = R"~(
on: push
jobs:
  build:
    runs-on: x
    steps:
      - uses: actions/checkout@v4
      - uses: actions/upload-artifact@v4
      - uses: ./.github/actions/setup
      - uses: ./.github/actions/setup
  call:
    uses: ./.github/workflows/build_linux.yml
  remote:
    uses: ROCm/TheRock/.github/workflows/x.yml@0123abc
)~";
  CHECK(
      diff_lines(corpus, generated) ==
      R"~(actions job build action ./.github/actions/setup steps: corpus=1 generated=2
actions job build action actions/checkout ref: corpus="de0fac2e4500dabe0009e67214ff5f5447ce83dd" generated="v4"
actions job build action actions/setup-python: corpus=["actions/setup-python@v5"] generated=absent
actions job build action actions/setup-python ref: corpus="v5" generated=absent (part of job build action actions/setup-python)
actions job build action actions/setup-python steps: corpus=1 generated=absent (part of job build action actions/setup-python)
actions job build action actions/upload-artifact: corpus=absent generated=["actions/upload-artifact@v4"]
actions job build action actions/upload-artifact ref: corpus=absent generated="v4" (part of job build action actions/upload-artifact)
actions job build action actions/upload-artifact steps: corpus=absent generated=1 (part of job build action actions/upload-artifact)
actions job call action ./.github/workflows/build.yml: corpus=["./.github/workflows/build.yml"] generated=absent
actions job call action ./.github/workflows/build.yml ref: corpus=null generated=absent (part of job call action ./.github/workflows/build.yml)
actions job call action ./.github/workflows/build.yml steps: corpus=1 generated=absent (part of job call action ./.github/workflows/build.yml)
actions job call action ./.github/workflows/build_linux.yml: corpus=absent generated=["./.github/workflows/build_linux.yml"]
actions job call action ./.github/workflows/build_linux.yml ref: corpus=absent generated=null (part of job call action ./.github/workflows/build_linux.yml)
actions job call action ./.github/workflows/build_linux.yml steps: corpus=absent generated=1 (part of job call action ./.github/workflows/build_linux.yml)
actions job remote action ROCm/TheRock/.github/workflows/x.yml ref: corpus="main" generated="0123abc"
)~");
}

TEST_CASE("permissions: workflow and job level, per scope") {
  const std::string corpus = R"~(
on: push
permissions: {contents: read, id-token: write}
jobs:
  a: {runs-on: x, permissions: {contents: write}}
  b: {runs-on: x, permissions: read-all}
  c: {runs-on: x}
)~";
  const std::string generated = R"~(
on: push
permissions: {contents: read}
jobs:
  a: {runs-on: x, permissions: {contents: read, packages: write}}
  b: {runs-on: x, permissions: {contents: read}}
  c: {runs-on: x, permissions: {}}
)~";
  CHECK(diff_lines(corpus, generated) ==
        R"~(permissions job a permissions contents: corpus="write" generated="read"
permissions job a permissions packages: corpus=absent generated="write"
permissions job b permissions: corpus="read-all" generated={"contents":"read"}
permissions job b permissions contents: corpus=absent generated="read"
permissions job c permissions: corpus=absent generated={}
permissions permissions id-token: corpus="write" generated=absent
)~");
}

TEST_CASE("concurrency: `concurrency: G` is {group: G}; cancel-in-progress defaults to false") {
  const std::string corpus = R"~(
on: push
concurrency: ${{ github.workflow }}-${{ github.ref }}
jobs:
  a: {runs-on: x, concurrency: {group: a, cancel-in-progress: true}}
  b: {runs-on: x, concurrency: b}
)~";
  const std::string generated = R"~(
on: push
concurrency:
  group: ${{ github.workflow }}-${{ github.ref }}
  cancel-in-progress: true
jobs:
  a: {runs-on: x, concurrency: {group: a2, cancel-in-progress: true}}
  b: {runs-on: x}
)~";
  CHECK(diff_lines(corpus, generated) ==
        R"~(concurrency concurrency cancel-in-progress: corpus=false generated=true
concurrency job a concurrency group: corpus="a" generated="a2"
concurrency job b concurrency: corpus={"cancel-in-progress":false,"group":"b"} generated=absent
concurrency job b concurrency cancel-in-progress: corpus=false generated=absent (part of job b concurrency)
concurrency job b concurrency group: corpus="b" generated=absent (part of job b concurrency)
)~");
}

TEST_CASE("differences are sorted by kind, then item") {
  const std::string corpus = R"~(
on: push
permissions: {contents: read}
jobs:
  z: {runs-on: x, needs: a}
  a: {runs-on: x, if: always()}
)~";
  const std::string generated = R"~(
on: pull_request
permissions: {contents: write}
jobs:
  z: {runs-on: x}
  a: {runs-on: x}
)~";
  CHECK(diff_lines(corpus, generated) == R"~(triggers event pull_request: corpus=absent generated={}
triggers event push: corpus={} generated=absent
needs job z needs: corpus=["a"] generated=[]
conditions job a if: corpus="always()" generated=absent
permissions permissions contents: corpus="read" generated="write"
)~");
}

}  // namespace wfcompare
