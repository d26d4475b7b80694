#include "check_event_fields.h"

#include <set>
#include <string>
#include <vector>

#include "event_fields.h"
#include "expr_chain.h"

namespace pipec {

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
    const EventField* f = event_field(c);
    if (!f) return;
    bool set = false;
    for (const auto& t : f->triggers) set = set || on->field(t);
    if (set || !reported.insert(to_string(c[0].second)).second) return;
    std::vector<std::string> by;  // the triggers that set it, as GitHub names them
    for (const auto& t : f->triggers) {
      if (t != "dispatch") by.push_back(t);
    }
    diags.error(c[0].second, "event-field",
                field_name(*f) + " is empty in every run of " + file_name(wf.file) +
                    ": none of its triggers (" + triggers + ") sets it, only " +
                    spoken_list(by, "or") + " does");
  });
}

}  // namespace pipec
