// Step tools' declarations: each `tool NAME { ... }` read into a ToolDecl
// (its flags, env entries, outputs, stores and tables), with the errors of
// a malformed one. The steps that run a tool are check_tools.h's.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

// Fills program.tool_decls from the declarations; reports malformed ones.
void check_tool_decls(Program& program, Diagnostics& diags);

}  // namespace pipec
