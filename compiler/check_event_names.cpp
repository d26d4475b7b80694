#include "check_event_names.h"

#include <algorithm>
#include <string>
#include <vector>

#include "ascii.h"
#include "event_fields.h"
#include "expr_chain.h"
#include "render_expr.h"

namespace pipec {

void check_event_names(const WorkflowModel& wf, const EventReach& reach, Diagnostics& diags) {
  std::vector<std::string> events;  // the reaching triggers' events
  for (const auto& t : reach.triggers) events.push_back(event_of(t));
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
    if (!github_event(event)) {
      const std::string meant = event_of(event);
      why = "GitHub has no event of that name" +
            (meant != event ? " (the trigger pipec writes as " + event + " is \"" + meant + "\")"
                            : did_you_mean(event, github_events()));
    } else if (event == "workflow_call") {
      why = "a workflow another one calls gets its caller's event name";
    } else if (reach.known && !contains(events, event)) {
      why = reach.called ? "a called run of " + file_name(wf.file) +
                               " has its caller's event, and none of the triggers of the runs "
                               "that reach it (" +
                               join(events) + ") is that event"
                         : "no trigger of " + file_name(wf.file) + " is that event (it has " +
                               join(events) + ")";
    } else {
      return;
    }
    diags.error(e.pos, "event-name",
                "github.event_name is never \"" + name + "\": " + why + always);
  });
}

}  // namespace pipec
