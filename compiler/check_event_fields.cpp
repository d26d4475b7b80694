#include "check_event_fields.h"

#include <set>
#include <string>
#include <vector>

#include "expr_chain.h"

namespace pipec {
namespace {

// A field of the github context, and the triggers whose events set it.
struct EventField {
  std::vector<std::string> names;  // github.<names...>
  std::vector<std::string> triggers;
};

const std::vector<EventField> kFields = {
    {{"event", "pull_request"},
     {"pull_request", "pull_request_target", "pull_request_review", "pull_request_review_comment"}},
    {{"head_ref"}, {"pull_request", "pull_request_target"}},
    {{"base_ref"}, {"pull_request", "pull_request_target"}},
    {{"event", "workflow_run"}, {"workflow_run"}},
    {{"event", "inputs"}, {"dispatch", "workflow_dispatch"}},
    {{"event", "schedule"}, {"schedule"}},
    {{"event", "release"}, {"release"}},
    {{"event", "merge_group"}, {"merge_group"}},
};

bool names_field(const Chain& c, const EventField& f) {
  if (c.size() < f.names.size() + 1 || c[0].first != "github") return false;
  for (size_t i = 0; i < f.names.size(); ++i) {
    if (c[i + 1].first != f.names[i]) return false;
  }
  return true;
}

}  // namespace

void check_event_fields(const WorkflowModel& wf, Diagnostics& diags) {
  const Value* on = wf.body->get("on");
  if (!on || on->kind != Value::Kind::Object || on->field("call") || on->field("workflow_call"))
    return;
  std::string triggers;
  for (const auto& t : on->fields) triggers += (triggers.empty() ? "" : ", ") + t.key;
  std::set<std::string> reported;  // positions of the chains' first names
  each_runtime(*wf.body, [&](const Expr& e) {
    const Chain c = chain(e);
    if (c.empty()) return;
    for (const EventField& f : kFields) {
      if (!names_field(c, f)) continue;
      bool set = false;
      for (const auto& t : f.triggers) set = set || on->field(t);
      if (set || !reported.insert(to_string(c[0].second)).second) return;
      std::string field = "github";
      for (const auto& n : f.names) field += "." + n;
      std::string by;  // the triggers that set it, as GitHub names them
      for (size_t i = 0; i < f.triggers.size(); ++i) {
        if (f.triggers[i] == "dispatch") continue;
        by += (by.empty() ? "" : i + 1 == f.triggers.size() ? " or " : ", ") + f.triggers[i];
      }
      diags.error(c[0].second, "event-field",
                  field + " is empty in every run of " + file_name(wf.file) +
                      ": none of its triggers (" + triggers + ") sets it, only " + by + " does");
      return;
    }
  });
}

}  // namespace pipec
