#include "check_artifact_order.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "artifact_steps.h"

namespace pipec {
namespace {

class Order {
 public:
  Order(const WorkflowModel& wf, const Program& program, Diagnostics& diags)
      : wf_(wf), program_(program), diags_(diags) {}

  void run() {
    const Transfers run = run_transfers(program_, wf_);
    NeededJobs needed(wf_);
    for (const ArtifactStep& d : run.downloads) {
      const std::set<std::string>& before = needed.of(d.root_job());
      for (const ArtifactStep* u : run.uploads.of(d)) {
        if (u->root_job() == d.root_job() || before.count(u->root_job())) continue;
        if (reported_.insert(to_string(d.name->pos) + "|" + d.root_job() + "|" + u->root_job())
                .second)
          report(d, *u);
        break;
      }
    }
    // A pattern that matches nothing is no error to download-artifact: the
    // artifacts of a job not needed are there or not, as the two run.
    for (const ArtifactStep& d : run.downloads_by_pattern) {
      const std::optional<std::string> text = written_pattern(d);
      const Pos& at = d.step->get("with")->get("pattern")->pos;
      if (!text || !reported_.insert(to_string(at) + "|" + d.root_job()).second) continue;
      const std::set<std::string>& before = needed.of(d.root_job());
      std::vector<std::string> jobs;  // not needed, in the order of their uploads
      std::string uploads;
      for (const ArtifactStep& u : run.uploads.all()) {
        if (u.root_job() == d.root_job() || before.count(u.root_job())) continue;
        if (std::find(jobs.begin(), jobs.end(), u.root_job()) != jobs.end()) continue;
        const std::optional<std::string> name = name_text(u.form);
        if (!name || pattern_matches(*text, *name) != true) continue;
        jobs.push_back(u.root_job());
        uploads += (uploads.empty() ? "" : "; ") + u.jobs + " uploads \"" + *name + "\" (" +
                   to_string(u.name->pos) + ")";
      }
      if (jobs.empty()) continue;
      diags_.error(at, "artifact-order",
                   d.jobs + " downloads the artifacts that pattern \"" + *text +
                       "\" matches, but does not need every job that uploads one: " + uploads +
                       ". GitHub may run them at once, and the download leaves out what is not "
                       "there yet, without an error; add " +
                       spoken_list(jobs) + " to the needs of " + d.root_job());
    }
  }

 private:
  void report(const ArtifactStep& d, const ArtifactStep& u) {
    const std::string root = "job \"" + d.root_job() + "\" in " + file_name(wf_.file);
    const std::string up = "job \"" + u.root_job() + "\" in " + file_name(wf_.file);
    const bool direct = d.jobs == root && u.jobs == up;
    diags_.error(d.name->pos, "artifact-order",
                 d.jobs + " downloads artifact " + quoted_name(d) + ", which " + u.jobs +
                     " uploads (" + to_string(u.name->pos) + "), but " +
                     (direct ? "does not need it" : root + " does not need " + up) +
                     ": GitHub may run the two at once, and the download fails (\"Artifact not "
                     "found\"); add " +
                     u.root_job() + " to the needs of " + d.root_job());
  }

  const WorkflowModel& wf_;
  const Program& program_;
  Diagnostics& diags_;
  std::set<std::string> reported_;
};

}  // namespace

void check_artifact_order(const WorkflowModel& wf, const Program& program, Diagnostics& diags) {
  Order(wf, program, diags).run();
}

}  // namespace pipec
