// A literal on the left of && or ||: `"Build " && inputs.x` is always
// inputs.x, since GitHub's && and || give one of their operands (the
// first that decides) and do not join text; `"a" || x` never reads x.
// The literal decides the operator in every run, so what was written
// beside it is dropped, or never read, without a word. Read from the
// sources, before expansion folds the literal away. A value known only
// when pipec compiles (a parameter, a let) is not a literal here: an
// instance that decides the operator is what the template is for. Nor is
// true or false, which decide it on purpose (`if = false && ...` turns a
// job off and keeps its condition).
#pragma once

#include <map>
#include <string>

#include "ast.h"
#include "diag.h"

namespace pipec {

void check_literal_operands(const std::map<std::string, File>& files, Diagnostics& diags);

}  // namespace pipec
