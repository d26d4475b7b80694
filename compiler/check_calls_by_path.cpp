#include "check_calls_by_path.h"

#include <map>

#include "external_workflows.h"

namespace pipec {

void check_calls_by_path(const Program& program, Diagnostics& diags) {
  std::map<std::string, const WorkflowModel*> generated;
  for (const auto& wf : program.workflows) generated.emplace(wf->file, wf.get());
  for (const auto& wf : program.workflows) {
    for (const auto& j : jobs_of(*wf->body)) {
      // In whatever folder the caller is, as for a call through the
      // template ([call-path]).
      const std::optional<std::string> path = beside_caller(*wf, *j.value);
      const auto callee = path ? generated.find(*path) : generated.end();
      if (callee == generated.end()) continue;
      const WorkflowModel& c = *callee->second;
      diags.error(j.value->get("uses")->pos, "call-by-path",
                  "job \"" + j.key + "\" calls " + c.file + " by its path, but pipec generates that file (" +
                      c.instance + ", " + to_string(c.pos) + "): write uses = " + c.template_name +
                      "(...), so that the call's inputs and secrets, and the boundaries its runs are "
                      "held to, are checked");
    }
  }
}

}  // namespace pipec
