#include "check_caller_event_inputs.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "event_fields.h"
#include "expr_chain.h"

namespace pipec {

void check_caller_event_inputs(const WorkflowModel& wf, const EventReach& reach,
                               Diagnostics& diags) {
  if (!reach.called) return;
  std::set<std::string> called, declared;  // the inputs a caller gives; all
  for (const auto& in : wf.inputs) {
    if (in.only != "dispatch") called.insert(in.name);
    declared.insert(in.name);
  }
  const std::vector<std::string> files(reach.files.begin(), reach.files.end());
  const std::vector<std::string> form(reach.form.begin(), reach.form.end());
  const bool dispatched =
      std::any_of(reach.triggers.begin(), reach.triggers.end(),
                  [](const std::string& t) { return event_of(t) == "workflow_dispatch"; });
  std::set<std::string> reported;  // positions
  each_runtime(*wf.body, [&](const Expr& e) {
    const Chain c = chain(e);
    if (c.size() < 4 || c[0].first != "github" || c[1].first != "event" || c[2].first != "inputs")
      return;
    const std::string& name = c[3].first;
    if (c.size() == 4 && called.count(name)) {
      if (!reported.insert(to_string(c[0].second)).second) return;
      diags.error(
          c[0].second, "caller-event",
          "github.event.inputs." + name + " in a run of " + file_name(wf.file) +
              " that a caller starts is the caller's own manual-run input \"" + name +
              "\" (a called run has its caller's event), not the value the caller gives input \"" +
              name + "\"; inputs." + name + " holds that in every run");
      return;
    }
    // Without a form reaching it, check_event_fields reports the field.
    if (!reach.known || !dispatched || has_trigger(wf, "dispatch") || reach.form.count(name) ||
        declared.count(name) || !reported.insert(to_string(c[0].second)).second)
      return;
    diags.error(c[3].second, "unknown-input",
                "github.event.inputs." + name + " is null in every run of " + file_name(wf.file) +
                    ": a called run has its caller's event, the runs that reach it start from " +
                    spoken_list(files) + ", and no manual-run form of " +
                    (files.size() == 1 ? "it" : "theirs") + " has input \"" + name + "\"" +
                    did_you_mean(name, form));
  });
}

}  // namespace pipec
