// A let that takes a template parameter's name: after it, the template's
// body reads the let, and what its uses give the parameter is not read
// there, without a word (`let packages = false` in a step of a template
// of `packages: boolean` turned its builds' libraries off). Read from the
// sources: each template's lets, however deep in its body, against its
// parameters.
#pragma once

#include <map>
#include <string>

#include "ast.h"
#include "diag.h"

namespace pipec {

void check_shadowed_params(const std::map<std::string, File>& files, Diagnostics& diags);

}  // namespace pipec
