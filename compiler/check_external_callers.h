// The workflows beside the generated ones that pipec does not make, held
// the other way: a job of one that calls a generated workflow must fit
// what that workflow declares (its call trigger, inputs, required inputs,
// secrets: check_call, on the job read as values; and the outputs the file
// reads of the job), or a change of a .pipe source would break it without
// a word. Reported in the file, at
// the place (file:line:col); `texts` gets the text of each file read, for
// the excerpts of reports.
#pragma once

#include <map>
#include <string>

#include "diag.h"
#include "program.h"

namespace pipec {

void check_external_callers(const Program& program, const std::string& root, Diagnostics& diags,
                            std::map<std::string, std::string>& texts);

}  // namespace pipec
