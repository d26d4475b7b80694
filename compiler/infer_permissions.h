// Permissions: a workflow that states none gets `contents: read`, and each
// job's are worked out from what it runs.
//
// An action may declare the GITHUB_TOKEN scopes its step needs:
//   action aws_credentials { uses = "..." version = "..." permissions { id-token = "write" } }
// A job needs what its steps' actions declare; a job that calls a workflow
// pipec makes needs what that workflow and each of its jobs are granted,
// because a called workflow can only lower the caller's token, never raise it.
//
// A job without `permissions` whose needs go beyond its workflow's
// permissions gets the workflow's permissions plus those needs, and nothing
// more. A job with `permissions` keeps them, and they must grant every
// scope it needs: a missing one is an error at the block, naming the step
// that needs it. A job that calls a workflow outside these pipelines states
// its own permissions; pipec cannot see what that workflow needs.
#pragma once

#include <string>
#include <vector>

#include "diag.h"
#include "program.h"

namespace pipec {

// GitHub's GITHUB_TOKEN scopes, in the order pipec writes them.
extern const std::vector<std::string> kPermissionScopes;

// Reports what is wrong with a `permissions { scope = level }` block (an
// unknown scope, a level other than read, write or none); true when nothing is.
bool check_permission_block(const Value& block, Diagnostics& diags);

// Fills in the permissions of every workflow and its jobs, callees before callers.
void infer_permissions(Program& program, Diagnostics& diags);

}  // namespace pipec
