// Trust boundaries: which credentials the runs of some workflows may hold.
//
//   action aws_credentials { ... assumes = "role-to-assume" }
//   boundary ci { workflows = [ci_entry] assumes = ["arn:...:role/therock-ci"] }
//
// An action's `assumes` names the input through which a step takes
// credentials (the role it assumes); a `run` step's script that assumes a
// role itself (aws sts assume-role or assume-role-with-web-identity, read
// as aws_cli.h says) takes its --role-arn the same way. A boundary lists
// workflow templates and the values those may have in any step a run of
// one of their instances reaches, through every workflow it calls: a step
// there that passes another value is reported. A value a boundary lists belongs to
// the boundaries that list it, so a step that passes it in a workflow no
// run of theirs reaches is reported too: TheRock's release role appears
// only in release workflows, and CI's runs reach the CI role alone.
// Values are compared as written (`${{ }}` and all), after templates and
// lets are filled in.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_boundaries(const Program& program, Diagnostics& diags);

}  // namespace pipec
