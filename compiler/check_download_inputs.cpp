#include "check_download_inputs.h"

#include <string>

namespace pipec {

void check_download_inputs(const WorkflowModel& wf, Diagnostics& diags) {
  for (const auto& [job, s] : steps_using(wf, "actions/download-artifact")) {
    const Value* with = s->get("with");
    const Value* name = with ? with->get("name") : nullptr;
    if (!name) continue;
    const std::string step = "download-artifact in job \"" + job + "\" of " + file_name(wf.file);
    if (const Value* ids = with->get("artifact-ids")) {
      diags.error(ids->pos, "download-inputs",
                  step +
                      " has both name and artifact-ids, which it refuses (\"Inputs 'name' and "
                      "'artifact-ids' cannot be used together\"), and the step fails; keep one");
    }
    if (const Value* pattern = with->get("pattern")) {
      diags.error(pattern->pos, "download-inputs",
                  step + " has both name and pattern, and downloads the one artifact name \"" +
                      text_of(*name) + "\" says: the pattern is not used; keep one");
    }
  }
}

}  // namespace pipec
