#include "check_calls_by_path.h"

#include <filesystem>
#include <map>

#include "external_workflows.h"

namespace pipec {

void check_calls_by_path(const Program& program, Diagnostics& diags) {
  std::map<std::string, const WorkflowModel*> generated;
  for (const auto& wf : program.workflows) generated.emplace(wf->file, wf.get());
  for (const auto& wf : program.workflows) {
    for (const auto& j : jobs_of(*wf->body)) {
      // The file of that name in the caller's folder, wherever that is
      // (a folder copied into .github/workflows/ later, say), as for a call
      // through the template ([call-path]).
      const Value* uses = j.value->get("uses");
      static const std::string prefix = "./.github/workflows/";
      if (!uses || !uses->is_string() || uses->text.rfind(prefix, 0) != 0) continue;
      const std::string name = uses->text.substr(prefix.size());
      if (name.empty() || name.find('/') != std::string::npos || name.find('@') != std::string::npos) continue;
      const auto callee = generated.find((std::filesystem::path(wf->file).parent_path() / name).generic_string());
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
