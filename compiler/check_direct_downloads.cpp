#include "check_direct_downloads.h"

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "artifact_steps.h"

namespace pipec {

void check_direct_downloads(const Program& program, Diagnostics& diags) {
  std::set<std::string> reported;
  for (const auto& w : program.workflows) {
    const Transfers run = run_transfers(program, *w);
    for (const ArtifactStep& d : run.downloads) {
      if (!action_before(*d.step, 8)) continue;
      for (const ArtifactStep* u : run.uploads.of(d)) {
        if (!u->direct) continue;
        if (!reported.insert(to_string(d.name->pos) + "|" + to_string(u->name->pos)).second) break;
        const std::string version = action_version(*d.step);
        diags.error(d.name->pos, "direct-download",
                    "download-artifact in " + d.jobs + " is " + version +
                        ", which unzips every artifact it downloads, but artifact " +
                        quoted_name(d) + " is a file that " + u->jobs +
                        " uploads as is, with archive = false (" + to_string(u->name->pos) +
                        "): the download fails, as the file is no zip; use download-artifact v8 "
                        "or later");
        break;
      }
    }
    // A download of every artifact, or of those a pattern matches: those
    // there are when it runs are the uploads of the jobs it needs. That is
    // one answer for a step reached through one job of the workflow, in
    // however many legs and calls.
    std::vector<const ArtifactStep*> direct;
    for (const ArtifactStep& u : run.uploads.all()) {
      if (u.direct) direct.push_back(&u);
    }
    NeededJobs needed(*w);
    std::set<std::pair<const Value*, std::string>> judged;
    auto judge = [&](const ArtifactStep& d, const Pos& at, const std::string& what,
                     const std::function<bool(const ArtifactStep&)>& matches) {
      if (direct.empty() || !action_before(*d.step, 8) ||
          !judged.emplace(d.step, d.root_job()).second)
        return;
      const std::set<std::string>& before = needed.of(d.root_job());
      for (const ArtifactStep* up : direct) {
        const ArtifactStep& u = *up;
        if (!before.count(u.root_job()) || !matches(u)) continue;
        if (!reported.insert(to_string(at) + "|" + to_string(u.name->pos)).second) break;
        diags.error(at, "direct-download",
                    "download-artifact in " + d.jobs + " is " + action_version(*d.step) +
                        " and downloads " + what + ", unzipping each, but " + u.jobs +
                        ", which it needs, uploads a file as is, with archive = false (" +
                        to_string(u.name->pos) +
                        "): the download fails, as the file is no zip; use download-artifact v8 "
                        "or later");
        break;
      }
    };
    for (const ArtifactStep& d : run.downloads_of_all)
      judge(d, d.step->pos, "every artifact of the run", [](const ArtifactStep&) { return true; });
    for (const ArtifactStep& d : run.downloads_by_pattern) {
      const std::optional<std::string> pattern = written_pattern(d);
      if (!pattern) continue;
      judge(d, d.step->get("with")->get("pattern")->pos,
            "the artifacts that pattern \"" + *pattern + "\" matches", [&](const ArtifactStep& u) {
              const std::optional<std::string> name = name_text(u.form);
              return name && pattern_matches(*pattern, *name) == true;
            });
    }
  }
}

}  // namespace pipec
