// Names of GitHub's contexts (secrets, github, steps, ...) that a let, a
// template, a parameter, a runner label or another declaration would take:
// the name would hide the context from every expression that sees it, and
// `let secrets = {...}` would write its values into the YAML. Read on the
// parsed files, before any name is bound.
#pragma once

#include <map>
#include <string>

#include "ast.h"
#include "diag.h"

namespace pipec {

void check_reserved_names(const std::map<std::string, File>& files, Diagnostics& diags);

}  // namespace pipec
