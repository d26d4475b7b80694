// A checked workflow model -> the YAML tree to print.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

ValuePtr lower_workflow(const WorkflowModel& wf, const Program& program, Diagnostics& diags);

}  // namespace pipec
