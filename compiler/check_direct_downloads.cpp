#include "check_direct_downloads.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "artifact_steps.h"

namespace pipec {

void check_direct_downloads(const Program& program, Diagnostics& diags) {
  std::set<std::string> reported;
  for (const auto& w : program.workflows) {
    std::vector<std::string> matrix_jobs;
    UploadIndex uploads;
    std::vector<ArtifactStep> downloads;
    walk_artifact_steps(program, *w, matrix_jobs, [&](const ArtifactStep& a) {
      // A job under a matrix whose legs are followed is judged leg by leg.
      if (!a.name || a.legs_followed) return;
      const Value* with = a.step->get("with");
      // A download-artifact that declares a version before v8.
      const bool unzips = action_at_least(*a.step, 0, 0) && !action_at_least(*a.step, 8, 0);
      if (a.upload) {
        uploads.add(a);
      } else if (unzips && !with->get("run-id") && !with->get("repository")) {
        downloads.push_back(a);
      }
    });
    for (const ArtifactStep& d : downloads) {
      for (const ArtifactStep* u : uploads.of(d)) {
        if (!u->direct) continue;
        if (!reported.insert(to_string(d.name->pos) + "|" + to_string(u->name->pos)).second) break;
        const std::string version = action_version(*d.step);
        const std::string written = text_of(*d.name);
        const std::optional<std::string> text = name_text(d.form);
        diags.error(d.name->pos, "direct-download",
                    "download-artifact in " + d.jobs + " is " + version +
                        ", which unzips every artifact it downloads, but artifact \"" + written +
                        "\"" + (text && *text != written ? " (\"" + *text + "\" here)" : "") +
                        " is a file that " + u->jobs + " uploads as is, with archive = false (" +
                        to_string(u->name->pos) +
                        "): the download fails, as the file is no zip; use download-artifact v8 "
                        "or later");
        break;
      }
    }
  }
}

}  // namespace pipec
