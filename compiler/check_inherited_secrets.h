// Least privilege for secrets. `secrets = "inherit"` hands a called workflow
// every secret of the repository and organization. A workflow pipec makes is
// known whole: when it reads no secret (GITHUB_TOKEN aside, which a called
// workflow has anyway), declares none, and hands none on to a workflow pipec
// does not make, inherit gives it nothing it uses, only secrets it could
// leak. Such a job is an error at its secrets.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_inherited_secrets(const Program& program, Diagnostics& diags);

}  // namespace pipec
