// The differences between two profiles, as a readable report: the profile
// fields that differ, then, for every workflow instantiated with both, what
// the generated workflows differ in (jobs, steps, keys), then the workflows
// made with one of them that have no counterpart made with the other. This
// is where "release is CI plus declared differences" can be read.
#pragma once

#include <string>

#include "diag.h"
#include "program.h"

namespace pipec {

// Returns the report, as text or (format "json") a JSON document; an
// unknown profile name is reported in diags.
std::string profile_diff(const Program& program, const std::string& a, const std::string& b,
                         Diagnostics& diags, const std::string& format = "text");

}  // namespace pipec
