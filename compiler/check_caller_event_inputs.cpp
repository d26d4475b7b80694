#include "check_caller_event_inputs.h"

#include <set>
#include <string>

#include "expr_chain.h"

namespace pipec {

void check_caller_event_inputs(const WorkflowModel& wf, Diagnostics& diags) {
  if (!has_trigger(wf, "call")) return;
  std::set<std::string> called;  // the inputs a caller gives
  for (const auto& in : wf.inputs) {
    if (in.only != "dispatch") called.insert(in.name);
  }
  std::set<std::string> reported;  // positions
  each_runtime(*wf.body, [&](const Expr& e) {
    const Chain c = chain(e);
    if (c.size() != 4 || c[0].first != "github" || c[1].first != "event" || c[2].first != "inputs")
      return;
    const std::string& name = c[3].first;
    if (!called.count(name) || !reported.insert(to_string(c[0].second)).second) return;
    diags.error(
        c[0].second, "caller-event",
        "github.event.inputs." + name + " in a run of " + file_name(wf.file) +
            " that a caller starts is the caller's own manual-run input \"" + name +
            "\" (a called run has its caller's event), not the value the caller gives input \"" +
            name + "\"; inputs." + name + " holds that in every run");
  });
}

}  // namespace pipec
