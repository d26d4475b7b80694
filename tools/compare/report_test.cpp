// The report as text and as JSON, its counts and its exit code.
#include "report.h"

#include <doctest/doctest.h>

#include "render.h"

namespace wfcompare {

namespace {

Report sample() {
  std::vector<Reason> reasons = {
      {"ci_linux.yml", Kind::needs, "job test needs", "tests wait for the packages",
       "reasons.yml:2:3"},
      {"ci_linux.yml", Kind::jobs, "job gone", "removed upstream", "reasons.yml:6:3"},
  };
  ReasonMatcher matcher(reasons);
  Report report;
  report.workflows.push_back(
      explain({"ci_linux.yml", "ci_linux.yml", "ci_linux.yml", {}, {}},
              {{Kind::needs, "job test needs", nlohmann::json::array({"build"}),
                nlohmann::json::array({"build", "package"}), std::nullopt},
               {Kind::actions, "job build action actions/checkout ref", nlohmann::json("abc123"),
                nlohmann::json("v4"), std::nullopt},
               {Kind::conditions, "job test if", nlohmann::json("always()"), std::nullopt, std::nullopt}},
              matcher));
  report.workflows.push_back(explain({"ci.yml", "ci.yml", "ci_old.yml", {}, {}}, {}, matcher));
  report.unpaired = {{"copy_release.yml", true, "dropped (map.yml:3:3)"},
                     {"release.yml", false, std::nullopt}};
  report.stale_map_entries = {{"map.yml:5:3", "generated file x.yml does not exist"}};
  for (const Reason* r : matcher.stale()) report.stale_reasons.push_back(*r);
  return report;
}

}  // namespace

TEST_CASE("text: one block per pair, one line per difference, reasons, then the summary") {
  CHECK(render_text(sample()) == R"~(== ci_linux.yml: 3 differences
ci_linux.yml needs job test needs: corpus=["build"] generated=["build","package"]
  reason: tests wait for the packages
ci_linux.yml actions job build action actions/checkout ref: corpus="abc123" generated="v4"
  UNEXPLAINED
ci_linux.yml conditions job test if: corpus="always()" generated=absent
  UNEXPLAINED

== ci.yml (generated ci.yml, corpus ci_old.yml): 0 differences

== unpaired files
only-in-corpus copy_release.yml
  reason: dropped (map.yml:3:3)
only-in-generated release.yml
  UNEXPLAINED

== stale
STALE REASON reasons.yml:6:3: ci_linux.yml jobs job gone: removed upstream
STALE MAP ENTRY map.yml:5:3: generated file x.yml does not exist

workflows: 2 compared, 5 differences, 2 explained, 3 unexplained, 2 stale reasons
)~");
}

TEST_CASE("json: the same report; an absent side has no key") {
  CHECK(render_json(sample()) == R"~({
  "stale_map_entries": [
    {
      "at": "map.yml:5:3",
      "message": "generated file x.yml does not exist"
    }
  ],
  "stale_reasons": [
    {
      "at": "reasons.yml:6:3",
      "item": "job gone",
      "kind": "jobs",
      "reason": "removed upstream",
      "workflow": "ci_linux.yml"
    }
  ],
  "summary": {
    "compared": 2,
    "differences": 5,
    "explained": 2,
    "stale": 2,
    "unexplained": 3
  },
  "unpaired": [
    {
      "explained": true,
      "file": "copy_release.yml",
      "reason": "dropped (map.yml:3:3)",
      "side": "corpus"
    },
    {
      "explained": false,
      "file": "release.yml",
      "side": "generated"
    }
  ],
  "workflows": [
    {
      "corpus": "ci_linux.yml",
      "differences": [
        {
          "corpus": [
            "build"
          ],
          "explained": true,
          "generated": [
            "build",
            "package"
          ],
          "item": "job test needs",
          "kind": "needs",
          "reason": "tests wait for the packages",
          "reason_at": "reasons.yml:2:3"
        },
        {
          "corpus": "abc123",
          "explained": false,
          "generated": "v4",
          "item": "job build action actions/checkout ref",
          "kind": "actions"
        },
        {
          "corpus": "always()",
          "explained": false,
          "item": "job test if",
          "kind": "conditions"
        }
      ],
      "generated": "ci_linux.yml",
      "workflow": "ci_linux.yml"
    },
    {
      "corpus": "ci_old.yml",
      "differences": [],
      "generated": "ci.yml",
      "workflow": "ci.yml"
    }
  ]
}
)~");
}

TEST_CASE("exit 0 only when everything is explained and nothing is stale") {
  Report report = sample();
  CHECK(report.exit_code() == 1);
  report.workflows[0].differences.erase(report.workflows[0].differences.begin() + 1,
                                        report.workflows[0].differences.end());
  report.unpaired.pop_back();
  CHECK(report.exit_code() == 1);  // still stale
  report.stale_reasons.clear();
  report.stale_map_entries.clear();
  CHECK(report.exit_code() == 0);
  Summary s = report.summary();
  CHECK(s.compared == 2);
  CHECK(s.differences == 2);
  CHECK(s.explained == 2);
  CHECK(s.unexplained == 0);
  CHECK(s.stale == 0);
}

TEST_CASE("a detail of a thing on one side only has that thing's reason, and lines list every value") {
  const std::vector<Reason> reasons = {
      {"ci.yml", Kind::jobs, "job stage", "a new job stages the wheels", "reasons.yml:1:3"}};
  ReasonMatcher matcher(reasons);
  const Key stage{Kind::jobs, "job stage"};
  const Key index{Kind::jobs, "job index"};
  Report report;
  report.workflows.push_back(explain(
      {"ci.yml", "ci.yml", "ci.yml", {}, {}},
      {{Kind::jobs, "job index", std::nullopt, nlohmann::json::object(), std::nullopt},
       {Kind::jobs, "job stage", std::nullopt, nlohmann::json::object(), std::nullopt},
       {Kind::actions, "job index action aws/login", std::nullopt, nlohmann::json::array({"aws/login@abc"}), index},
       {Kind::actions, "job stage action aws/login", std::nullopt, nlohmann::json::array({"aws/login@abc"}), stage}},
      matcher));
  CHECK(render_text(report) == R"(== ci.yml: 4 differences
ci.yml jobs job index: corpus=absent generated={}
  UNEXPLAINED
ci.yml jobs job stage: corpus=absent generated={}
  reason: a new job stages the wheels
ci.yml actions job index action aws/login: corpus=absent generated=["aws/login@abc"]
  UNEXPLAINED
ci.yml actions job stage action aws/login: corpus=absent generated=["aws/login@abc"]
  part of: jobs job stage

workflows: 1 compared, 4 differences, 2 explained, 2 unexplained, 0 stale reasons
)");
  CHECK(render_lines(report) == R"(ci.yml jobs job index: corpus=absent generated={}
ci.yml jobs job stage: corpus=absent generated={}
ci.yml actions job index action aws/login: corpus=absent generated=["aws/login@abc"]
ci.yml actions job stage action aws/login: corpus=absent generated=["aws/login@abc"]
)");
}

}  // namespace wfcompare
