// Artifacts downloaded before they are uploaded. A job that downloads an
// artifact another job of the run uploads has to wait for that job: GitHub
// starts every job whose needs are done, so without the uploader among its
// needs (directly or through other jobs) the two run side by side and the
// download fails ("Artifact not found") or, on a rerun, finds an older
// one. actionlint does not look. Names are followed part by part through
// the workflows a job calls, and leg by leg (artifact_steps.h); two names
// written the same in the workflow itself are one, unless both are known
// here and differ. Where the ways part inside a called workflow, its
// jobs' needs order them; two legs of one matrix job run at once; in one
// job, the steps run in order. A workflow only called, by workflows of the
// program, is checked in their runs. A download from another run or
// repository (run-id, repository) is not checked. Nor is a download by a
// name no upload of the run has, unless the name is a slip off one that
// an upload has: then it fails ("Artifact not found"); reported once, in
// the first run that has it.
#pragma once

#include <map>

#include "diag.h"
#include "event_reach.h"
#include "program.h"

namespace pipec {

void check_artifact_order(const Program& program,
                          const std::map<const WorkflowModel*, EventReach>& reaches,
                          Diagnostics& diags);

}  // namespace pipec
