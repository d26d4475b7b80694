// Indexes made before all is written. A tool declared with
// `indexes = "STORE"` writes the index of a store (TheRock's index of a
// run's python/<group>/ folder) from what is in it when it runs, and tools
// with `writes = "STORE"` put files there. GitHub starts every job whose
// needs are done, so a job that indexes the store and does not need, directly
// or through other jobs, each job of its workflow that writes into it may
// run first or alongside: the index leaves out what comes after it, and
// nothing fails. Which store a step writes or indexes is the values of
// the store's key flags, followed through the workflows a job calls as
// artifact names are (artifact_steps.h): a step whose key is not known
// there is not checked, and neither are the legs of one matrix job among
// themselves, nor a tool that writes and indexes in one step.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_index_order(const WorkflowModel& wf, const Program& program, Diagnostics& diags);

}  // namespace pipec
