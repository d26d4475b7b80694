// Expressions nested deeper than GitHub parses. The runner's parser
// refuses a tree deeper than 50 nodes ("Exceeded max expression depth
// 50"), and with it the whole file. Its tree has a node for each
// function, operator and property step (a.b.c is two index nodes over
// a), and a run of && or || is one node however it is grouped. A value
// with text around its ${{ }} is one format(...) call over them. pipec's
// own limit (128 operators on a path) is for its compiler, not this one,
// and actionlint does not count. Lowering writes each value as
// text_of() renders it, so the depth is counted on the model.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_expression_depth(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
