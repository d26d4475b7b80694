// The types GitHub gives the keys pipec writes as the source wrote them
// (timeout-minutes, continue-on-error, shell, strategy, container, ...),
// checked on the lowered tree, so the check sees exactly what is printed.
// A key that takes true/false or a number also takes one ${{ }} expression,
// which GitHub evaluates when the run starts.
#pragma once

#include "diag.h"
#include "value.h"

namespace pipec {

void check_key_types(const Value& lowered_workflow, Diagnostics& diags);

}  // namespace pipec
