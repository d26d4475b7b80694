// Artifact names that matrix legs share. A workflow run holds one artifact
// of a name: since upload-artifact v4 (the only versions github.com still
// runs), a second upload of a name fails ("an artifact with this name
// already exists on the workflow run"), and with overwrite: true it deletes
// the first. So every leg of a matrix that uploads under one name fails but
// the first, or the run keeps one leg's files, and actionlint does not look
// for it. A name is reported as the same for every leg when it reads no
// matrix value and nothing that can differ between legs (only github, vars,
// needs and the workflow's inputs), and the step's condition reads none
// either, so that every leg can reach the upload. In a workflow the legs
// call, its inputs may carry a matrix value, so there a name that reads
// only github, vars, needs and the called job's own matrix is reported.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_artifacts(const Program& program, Diagnostics& diags);

}  // namespace pipec
