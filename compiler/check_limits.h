// GitHub's documented limits on what workflows may hold (github.com, 2026):
// GitHub refuses a file past one when it runs, so each is an error here, at
// the place that crosses it.
//  - workflow_dispatch takes at most 25 inputs;
//  - a run connects at most 10 levels of workflows: the one that starts it
//    and 9 nested reusable workflows;
//  - one workflow file calls at most 50 unique reusable workflows, counting
//    every workflow in the tree below it;
//  - one matrix makes at most 256 jobs (counted where the matrix is known at
//    compile time).
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_limits(const Program& program, Diagnostics& diags);

}  // namespace pipec
