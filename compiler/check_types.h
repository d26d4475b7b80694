// The types of runtime expressions, where pipec knows them, against the
// places they are used (comparisons, function arguments, ${{ }} in text,
// an if, the keys that take a number, a boolean, labels or a list, and the
// inputs of a workflow a job calls).
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_types(const WorkflowModel& wf, const Program& program, Diagnostics& diags);

}  // namespace pipec
