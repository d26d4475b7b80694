// Comparisons of a template parameter of choice type with text none of its
// options is: `platform == "widows"` in a template of platform:
// choice["linux", "windows"] is false in every instance, and the `when` it
// tests leaves its body out without a word. So is `where(TABLE, "COLUMN",
// "TEXT")` of a choice column. Read from the sources, before expansion,
// which sees only each instance's value. Text is compared without case, as
// pipec compares it.
#pragma once

#include <map>
#include <string>

#include "ast.h"
#include "diag.h"

namespace pipec {

void check_choice_comparisons(const std::map<std::string, File>& files, Diagnostics& diags);

}  // namespace pipec
