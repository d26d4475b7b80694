// Checks every runtime reference in a workflow, with the needs infer_needs
// gave the jobs that list none.
#pragma once

#include <string>
#include <vector>

#include "diag.h"
#include "program.h"

namespace pipec {

void check_refs(const WorkflowModel& wf, const Program& program, Diagnostics& diags);

// matrix.KEY read in job `job`, whose matrix has only `keys`: the error
// check_refs reports, and unroll for a job it makes one per leg.
void unknown_matrix_key(const Pos& pos, const std::string& job, const std::string& key,
                        const std::vector<std::string>& keys, Diagnostics& diags);

}  // namespace pipec
