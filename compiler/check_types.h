// The types of runtime expressions, where pipec knows them, against the
// places they are used (comparisons, function arguments, ${{ }} in text,
// an if, and the keys that take a number, a boolean, labels or a list).
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_types(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
