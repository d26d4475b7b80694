// Reasons files: parsing, and which differences they explain.
#include "reasons.h"

#include <doctest/doctest.h>

#include "yaml_value.h"

namespace wfcompare {

namespace {

std::string reasons_error(const std::string& yaml) {
  try {
    parse_reasons(yaml, "reasons.yml");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("a reason explains the difference with its workflow, kind and item") {
  auto reasons = parse_reasons(R"(
- workflow: ci_linux.yml
  kind: needs
  item: job test needs
  reason: tests wait for the packages
- workflow: ci_linux.yml
  kind: conditions
  item: job test if
  reason: no longer needed
)",
                               "reasons.yml");
  REQUIRE(reasons.size() == 2);
  CHECK(reasons[0].where == "reasons.yml:2:3");
  ReasonMatcher matcher(reasons);
  const Reason* r = matcher.match("ci_linux.yml", Kind::needs, "job test needs");
  REQUIRE(r != nullptr);
  CHECK(r->text == "tests wait for the packages");
  // The same item under another kind or workflow is not explained.
  CHECK(matcher.match("ci_linux.yml", Kind::jobs, "job test needs") == nullptr);
  CHECK(matcher.match("ci.yml", Kind::needs, "job test needs") == nullptr);
  auto stale = matcher.stale();
  REQUIRE(stale.size() == 1);
  CHECK(stale[0]->item == "job test if");
  CHECK(stale[0]->where == "reasons.yml:6:3");
}

TEST_CASE("a reason with * explains a category; an exact reason wins; an unused pattern is stale") {
  auto reasons = parse_reasons(R"(
- workflow: "*"
  kind: inputs
  item: input workflow_call.* default
  reason: declared once, so the call gets the dispatch default
- workflow: ci.yml
  kind: inputs
  item: input workflow_call.x default
  reason: this one has its own reason
- workflow: build_*.yml
  kind: jobs
  item: job * name
  reason: never matched
)",
                               "reasons.yml");
  ReasonMatcher matcher(reasons);
  const Reason* r = matcher.match("test_rocm_wheels.yml", Kind::inputs, "input workflow_call.python_version default");
  REQUIRE(r != nullptr);
  CHECK(r->where == "reasons.yml:2:3");
  r = matcher.match("ci.yml", Kind::inputs, "input workflow_call.x default");
  REQUIRE(r != nullptr);
  CHECK(r->where == "reasons.yml:6:3");
  // * does not make the rest of the item optional.
  CHECK(matcher.match("ci.yml", Kind::inputs, "input workflow_call.x required") == nullptr);
  CHECK(matcher.match("ci.yml", Kind::inputs, "input workflow_dispatch.x default") == nullptr);
  CHECK(matcher.match("setup.yml", Kind::jobs, "job setup name") == nullptr);
  auto stale = matcher.stale();
  REQUIRE(stale.size() == 1);
  CHECK(stale[0]->where == "reasons.yml:10:3");
}

TEST_CASE("a malformed reasons file is file:line:col: message") {
  CHECK(reasons_error("- {workflow: a.yml, kind: needs, item: x}\n") ==
        "reasons.yml:1:3: a reason needs 'reason'");
  CHECK(reasons_error("- {workflow: a.yml, kind: steps, item: x, reason: r}\n") ==
        "reasons.yml:1:27: unknown kind 'steps' (expected triggers, inputs, jobs, needs, "
        "conditions, matrices, actions, permissions or concurrency)");
  CHECK(reasons_error("- {workflow: a.yml, kind: needs, item: [x], reason: r}\n") ==
        "reasons.yml:1:40: 'item' must be a non-empty string");
  CHECK(reasons_error("- {workflow: a.yml, kind: needs, item: x, reason: r, why: y}\n") ==
        "reasons.yml:1:54: unknown key 'why' (expected workflow, kind, item, reason)");
  CHECK(reasons_error("- {workflow: a.yml, kind: needs, item: x, reason: r}\n"
                      "- {workflow: a.yml, kind: needs, item: x, reason: s}\n") ==
        "reasons.yml:2:3: a second reason for a.yml needs x; the first is at reasons.yml:1:3");
  CHECK(reasons_error("workflow: a.yml\n") ==
        "reasons.yml:1:1: the reasons must be a sequence, not a mapping");
  CHECK(reasons_error("- {workflow: a.yml\n") == "reasons.yml:2:1: end of map flow not found");
  CHECK(parse_reasons("# nothing yet\n", "reasons.yml").empty());
}

}  // namespace wfcompare
