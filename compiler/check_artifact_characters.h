// Artifact names that upload-artifact refuses. Since v4 the artifact
// library refuses a name with any of " : < > | * ? \r \n \ / ("The
// artifact name is not valid: ... Contains the following character: ...")
// and the step fails. The name is trimmed first. Read: the text written
// around each ${{ }}, and each ${{ matrix.KEY }} whose values the job's
// matrix gives at compile time (a ref such as release/2.10 in a name is
// the usual way in). actionlint does not look.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_artifact_characters(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
