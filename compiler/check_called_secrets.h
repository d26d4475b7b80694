// A called run gets no secret of the repository by itself: only those its
// caller passes (secrets { NAME }, for the ones it declares) or all of them
// (secrets = "inherit"). A workflow pipec makes that reads a secret it does
// not declare, called by a job that does not inherit, reads it empty; so does
// one it hands inherit on to. Such a call is an error at its uses.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_called_secrets(const Program& program, Diagnostics& diags);

}  // namespace pipec
