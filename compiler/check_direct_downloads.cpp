#include "check_direct_downloads.h"

#include <set>
#include <string>

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
    for (const ArtifactStep& d : run.downloads_of_all) {
      if (!action_before(*d.step, 8)) continue;
      // The artifacts there are when it runs: those of the jobs it needs.
      const std::set<std::string> before = needed_jobs(*w, d.root_job);
      for (const ArtifactStep& u : run.uploads.all()) {
        if (!u.direct || !before.count(u.root_job)) continue;
        if (!reported.insert(to_string(d.step->pos) + "|" + to_string(u.name->pos)).second) break;
        diags.error(d.step->pos, "direct-download",
                    "download-artifact in " + d.jobs + " is " + action_version(*d.step) +
                        " and downloads every artifact of the run, unzipping each, but " + u.jobs +
                        ", which it needs, uploads a file as is, with archive = false (" +
                        to_string(u.name->pos) +
                        "): the download fails, as the file is no zip; use download-artifact v8 "
                        "or later");
        break;
      }
    }
  }
}

}  // namespace pipec
