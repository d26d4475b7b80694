// Copied steps: a step block of two or more statements written twice, token
// for token (comments and layout aside), is the copy
// pipec exists to remove (TheRock's workflows had 53). Each is reported at
// the copy, naming the first, so that it becomes a `steps` template used in
// both places.
#pragma once

#include <map>
#include <string>

#include "ast.h"
#include "diag.h"

namespace pipec {

// `files` maps each path to its AST, `sources` to its text.
void check_copied_steps(const std::map<std::string, File>& files, const SourceMap& sources, Diagnostics& diags);

}  // namespace pipec
