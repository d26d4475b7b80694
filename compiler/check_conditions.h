// An if that is no condition. GitHub reads a job's or a step's if as an
// expression, with or without its ${{ }}: a string written in quotes would
// be read as an expression pipec never checked, and text beside a ${{ }}
// as a non-empty string, which is always true. So an if is one expression
// (a condition, or one ${{ }} alone in a string) or true/false. Reported
// before the checks that reason over conditions (which would otherwise
// report what follows from a condition they cannot read), and the lowering
// relies on it.
#pragma once

#include <string>

#include "diag.h"
#include "program.h"

namespace pipec {

void check_conditions(const WorkflowModel& wf, Diagnostics& diags);

// Why v, the value of an if, is no condition; "" when it is one.
std::string not_a_condition(const Value& v);

}  // namespace pipec
