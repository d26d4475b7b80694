// What to write for an `on` given as a value, the YAML way (`on: push`,
// `on = [push, pull_request]`): the block, with the triggers written when
// each is one a workflow's on takes, else with push as the example.
#pragma once

#include <string>

#include "ast.h"

namespace pipec {

// "on { push pull_request }", or "on { push }".
std::string on_block_hint(const Expr& written);

}  // namespace pipec
