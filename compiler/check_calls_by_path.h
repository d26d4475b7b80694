// A job that calls a workflow pipec generates must call its template
// (uses = NAME(...)), not its file ("./.github/workflows/NAME.yml"): a call
// by path is one pipec cannot follow, so the callee's inputs and secrets,
// and the boundaries that hold the caller's runs (the release role reached
// from CI), would go unchecked.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_calls_by_path(const Program& program, Diagnostics& diags);

}  // namespace pipec
