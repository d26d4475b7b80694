// The steps that run a step tool (`tool = NAME` with `args { ... }`),
// checked before lowering turns them into command lines. The declarations
// are read by tool_decls.h.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

// Every step of `wf` that runs a tool: known flags and environment names,
// required ones given, literal values of the declared type, and the tool
// built earlier in the same job: the step with id "step_tools" lists in
// `builds` exactly the tools the job's steps run.
void check_tool_steps(const WorkflowModel& wf, const Program& program, Diagnostics& diags);

}  // namespace pipec
