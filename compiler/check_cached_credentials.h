// A job that holds an OIDC token (id-token: write, for a cloud login)
// restores no cache. Any job of a run on the branch may write a cache
// entry under any key that is not taken yet, a job that runs code it
// fetched (PyTorch's build, a package from an index) too, and a key made
// of the sources' hashes is known before it is taken. What such a job
// restores (a build of the step tools, a package cache) would then run
// with the token, and the token with the role it logs in to. A job that
// holds the token builds what it runs itself. Read after the permissions
// are worked out: actions/cache, actions/cache/restore, and a setup action
// given `cache`.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_cached_credentials(const Program& program, Diagnostics& diags);

}  // namespace pipec
