// Which of GitHub's contexts and special functions each key may read.
// GitHub evaluates each key at its own moment of a run and gives it only
// what exists then: a job's runs-on is decided before any of its steps
// runs, so it cannot read steps; an if never reads secrets; hashFiles()
// needs a checkout, so only a step's keys call it. The table is GitHub's
// context availability table, as actionlint (which every generated file
// passes) has it. Keys GitHub reads as written (the workflow's name and
// triggers, a step's id, uses and shell, ...) take no ${{ }} at all.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_contexts(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
