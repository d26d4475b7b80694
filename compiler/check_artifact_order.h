// Artifacts downloaded before they are uploaded. A job that downloads an
// artifact another job of the run uploads has to wait for that job: GitHub
// starts every job whose needs are done, so without the uploader among its
// needs (directly or through other jobs) the two run side by side and the
// download fails ("Artifact not found") or, on a rerun, finds an older
// one. actionlint does not look. Names are followed part by part through
// the workflows a job calls, and leg by leg (artifact_steps.h); two names
// written the same in the workflow itself are one, unless both are known
// here and differ. A download from another run or repository (run-id,
// repository) is not checked.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_artifact_order(const WorkflowModel& wf, const Program& program, Diagnostics& diags);

}  // namespace pipec
