// Bare names: the shorthand for passing a value on under its own name.
//
//   with { artifact_group }       a job's or step's with, a tool step's args:
//                                 the workflow's input of that name (inputs.artifact_group)
//   secrets { HF_TOKEN }          a job's secrets: the secret of that name (secrets.HF_TOKEN)
//   outputs { torch_version }     a job's outputs: the output of that name of the one
//                                 step tool in the job that writes it (steps.ID.outputs.torch_version)
//                                 a workflow's outputs: the output of that name of the one
//                                 job that has it (jobs.ID.outputs.torch_version)
//
// This pass replaces each bare name by the reference it stands for, so the
// checks after it (check_refs, check_calls) see what a hand-written
// reference would be and report on it at the bare name's position.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void resolve_pass_through(WorkflowModel& wf, const Program& program, Diagnostics& diags);

}  // namespace pipec
