// An empty value a call gives where the called workflow has a default.
// GitHub fills a workflow_call input's default only where the call leaves
// the input out: `with: {ref: ${{ inputs.ref }}}` gives "" when the
// caller's own input is empty, and the callee's default never applies.
// Reported: a with entry that is exactly inputs.NAME of the caller, where
// that input can be empty, given to a text input of the callee (a string,
// or a choice, which callers give as text) whose default is not empty.
// An input can be empty when it is text, not required, and its default is
// empty or absent (where a dispatch form shows it, or a trigger starts runs
// without inputs); or when a call gives it "" or such an input of its
// caller (followed through calls). A call whose job's if reads the input
// is taken to be guarded. (The caller's input with a default other runs
// lose is check_input_defaults'.)
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_empty_call_values(const Program& program, Diagnostics& diags);

}  // namespace pipec
