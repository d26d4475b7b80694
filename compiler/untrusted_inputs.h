// The parts of GitHub's contexts that whoever triggers a run can write
// (actionlint's list of untrusted inputs: titles, bodies, branch names,
// commit messages and authors of the event).
#pragma once

#include <string>

#include "ast.h"

namespace pipec {

// The first untrusted input `e` reads, or a part of the context that holds
// one (github.event.pull_request), as a dotted path with * for an index;
// empty when it reads none. Reads inside contains(), startsWith() and
// endsWith() do not count: those return a boolean.
std::string untrusted_input(const Expr& e);

// The path a github.* chain reads, in lower case, with a literal index as
// a field (github.event.pull_request["head"] is github.event.pull_request.head)
// and any other as *; empty for an expression that is no such chain.
std::string github_path(const Expr& e);

}  // namespace pipec
