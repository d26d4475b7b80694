#include "check_event_names.h"

#include <algorithm>
#include <string>
#include <vector>

#include "ascii.h"
#include "expr_chain.h"
#include "render_expr.h"

namespace pipec {
namespace {

// The names github.event_name takes: GitHub's events that start workflows,
// and "dynamic" (runs GitHub starts itself, such as code scanning's).
const std::vector<std::string> kEvents = {"branch_protection_rule",
                                          "check_run",
                                          "check_suite",
                                          "create",
                                          "delete",
                                          "deployment",
                                          "deployment_status",
                                          "discussion",
                                          "discussion_comment",
                                          "dynamic",
                                          "fork",
                                          "gollum",
                                          "issue_comment",
                                          "issues",
                                          "label",
                                          "merge_group",
                                          "milestone",
                                          "page_build",
                                          "project",
                                          "project_card",
                                          "project_column",
                                          "public",
                                          "pull_request",
                                          "pull_request_review",
                                          "pull_request_review_comment",
                                          "pull_request_target",
                                          "push",
                                          "registry_package",
                                          "release",
                                          "repository_dispatch",
                                          "schedule",
                                          "status",
                                          "watch",
                                          "workflow_call",
                                          "workflow_dispatch",
                                          "workflow_run"};

// A trigger's event name: pipec writes workflow_dispatch and workflow_call
// as dispatch and call.
std::string event_of(const std::string& trigger) {
  if (trigger == "dispatch") return "workflow_dispatch";
  if (trigger == "call") return "workflow_call";
  return trigger;
}

}  // namespace

void check_event_names(const WorkflowModel& wf, Diagnostics& diags) {
  const Value* on = wf.body->get("on");
  if (!on || on->kind != Value::Kind::Object) return;
  std::vector<std::string> triggers;
  bool called = false;
  for (const auto& t : on->fields) {
    triggers.push_back(event_of(t.key));
    called = called || triggers.back() == "workflow_call";
  }
  each_runtime(*wf.body, [&](const Expr& e) {
    TextComparison c;
    if (!text_comparison(e, c) || c.chain.size() != 2 || c.chain[0].first != "github" ||
        c.chain[1].first != "event_name")
      return;
    const std::string& name = c.text;
    // GitHub compares strings without case.
    const std::string event = lower(name);
    const std::string always =
        "; " + render_expr(e) + " is always " + (e.text == "==" ? "false" : "true");
    std::string why;
    if (std::find(kEvents.begin(), kEvents.end(), event) == kEvents.end()) {
      const std::string meant = event_of(event);
      why = "GitHub has no event of that name" +
            (meant != event ? " (the trigger pipec writes as " + event + " is \"" + meant + "\")"
                            : did_you_mean(event, kEvents));
    } else if (event == "workflow_call") {
      why = "a workflow another one calls gets its caller's event name";
    } else if (!called && std::find(triggers.begin(), triggers.end(), event) == triggers.end()) {
      std::string list;
      for (const auto& t : triggers) list += (list.empty() ? "" : ", ") + t;
      why = "no trigger of " + file_name(wf.file) + " is that event (it has " + list + ")";
    } else {
      return;
    }
    diags.error(e.pos, "event-name",
                "github.event_name is never \"" + name + "\": " + why + always);
  });
}

}  // namespace pipec
