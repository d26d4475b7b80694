// Artifact names one run uploads twice. A workflow run holds one artifact
// of a name: since upload-artifact v4 (the only versions github.com still
// runs), a second upload of a name fails ("an artifact with this name
// already exists on the workflow run"), and with overwrite: true it deletes
// the first. actionlint does not look for either case:
//  - every leg of a matrix uploads one name [artifact-legs]: the name, the
//    step's condition and those of the jobs below the matrix job read
//    nothing that can differ between the legs;
//  - two uploads of one run, in two jobs, two steps or two calls of one
//    workflow, have one name, no condition but the run's status decides
//    whether they run, and neither sets overwrite (which may replace the
//    other's on purpose) [artifact-twice]. The legs of the first matrix on
//    the way, when its values are written out, are followed one by one
//    for this: a leg's upload beside another job's, beside another of the
//    same leg, or beside another leg's (when not every leg has the name).
// Names are followed as artifact_steps.h says.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_artifacts(const Program& program, Diagnostics& diags);

}  // namespace pipec
