#include "check_event_fields.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "event_fields.h"
#include "expr_chain.h"

namespace pipec {

void check_event_fields(const WorkflowModel& wf, const EventReach& reach, Diagnostics& diags) {
  if (!reach.known) return;
  // For a called workflow, said without the files its runs start from, so
  // that the instances of a template whose callers differ but whose
  // triggers do not make one report.
  const std::string none = reach.called ? "a called run has its caller's event, and none of the "
                                          "triggers of the runs that reach it"
                                        : "none of its triggers";
  std::set<std::string> reported;  // positions of the chains' first names
  each_runtime(*wf.body, [&](const Expr& e) {
    const Chain c = chain(e);
    const EventField* f = event_field(c);
    if (!f || std::any_of(reach.triggers.begin(), reach.triggers.end(),
                          [&](const std::string& t) { return sets(*f, t); }))
      return;
    if (!reported.insert(to_string(c[0].second)).second) return;
    std::vector<std::string> by;  // the triggers that set it, as GitHub names them
    for (const auto& t : f->triggers) {
      if (t != "dispatch") by.push_back(t);
    }
    diags.error(c[0].second, "event-field",
                field_name(*f) + " is empty in every run of " + file_name(wf.file) + ": " + none +
                    " (" + join(reach.triggers) + ") sets it, only " + spoken_list(by, "or") +
                    " does");
  });
}

}  // namespace pipec
