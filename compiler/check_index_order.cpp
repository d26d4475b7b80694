#include "check_index_order.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "artifact_steps.h"

namespace pipec {
namespace {

// Where a tool step says `tool = NAME`.
const Pos& tool_pos(const ArtifactStep& s) { return s.step->field("tool")->key_pos; }

}  // namespace

void check_index_order(const WorkflowModel& wf, const Program& program, Diagnostics& diags) {
  std::vector<ArtifactStep> writes, indexes;
  walk_store_steps(program, wf, [&](const ArtifactStep& s) {
    // Under a matrix whose legs are followed one by one, each leg's.
    if (!s.legs_followed) (s.upload ? writes : indexes).push_back(s);
  });
  NeededJobs needed(wf);
  std::set<std::string> reported;
  for (const ArtifactStep& index : indexes) {
    const std::optional<NameKey> key = name_key(index.form);
    if (!key) continue;
    const std::set<std::string>& before = needed.of(index.root_job);
    for (const ArtifactStep& write : writes) {
      if (write.root_job == index.root_job || before.count(write.root_job) ||
          write.tool->writes->name != index.tool->indexes->name || name_key(write.form) != key)
        continue;
      if (!reported.insert(to_string(tool_pos(index)) + "|" + index.root_job + "|" + write.root_job)
               .second)
        continue;
      const std::string root = "job \"" + index.root_job + "\" in " + file_name(wf.file);
      const std::string up = "job \"" + write.root_job + "\" in " + file_name(wf.file);
      const bool direct = index.jobs == root && write.jobs == up;
      diags.error(tool_pos(index), "index-order",
                  index.jobs + " indexes \"" + index.tool->indexes->name + "\" (" +
                      index.tool->name + "), which " + write.jobs + " writes into (" +
                      write.tool->name + ", " + to_string(tool_pos(write)) + "), but " +
                      (direct ? "does not need it" : root + " does not need " + up) +
                      ": GitHub may run the two at once, and the index leaves out what is "
                      "written after it is made; add " +
                      write.root_job + " to the needs of " + index.root_job);
    }
  }
}

}  // namespace pipec
