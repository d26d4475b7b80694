#include "check_direct_uploads.h"

#include <optional>
#include <string>

namespace pipec {

void check_direct_uploads(const WorkflowModel& wf, Diagnostics& diags) {
  for (const auto& [job, s] : steps_using(wf, "actions/upload-artifact")) {
    const Value* with = s->get("with");
    const Value* archive = with ? with->get("archive") : nullptr;
    if (!archive) continue;
    const std::string step = "upload-artifact in job \"" + job + "\" of " + file_name(wf.file);
    if (action_before(*s, 7)) {
      diags.error(archive->pos, "direct-upload-version",
                  step + " is " + action_version(*s) +
                      ", which has no archive input (it came in v7): the runner warns "
                      "\"Unexpected input(s) 'archive'\" and the upload is a zip; use v7 or "
                      "later, or leave archive out");
      continue;
    }
    if (!action_at_least(*s, 7, 0) || action_flag(*archive) != false) continue;
    if (const Value* name = with->get("name")) {
      diags.error(name->pos, "direct-upload-name",
                  step +
                      " uploads a file as is (archive = false), so the artifact takes the "
                      "file's name and name \"" +
                      text_of(*name) +
                      "\" is not used: a download of that name finds nothing; leave name out "
                      "and download the file's name, or set archive = true");
    }
    const Value* overwrite = with->get("overwrite");
    if (overwrite && action_flag(*overwrite) == true) {
      const Value* name = with->get("name");
      diags.error(overwrite->pos, "direct-upload-overwrite",
                  step +
                      " uploads a file as is (archive = false) with overwrite, which deletes "
                      "the artifact named by name (here \"" +
                      (name ? text_of(*name) : std::string("artifact")) +
                      "\"), not the one the file's name makes: the upload still fails when that "
                      "artifact exists, and another may be deleted; leave overwrite out, or "
                      "set archive = true");
    }
  }
}

}  // namespace pipec
