// A step tool's logic is written by hand in pipelines/steps/<logic>/, the
// folder its declaration names (logic = "packages"); a name with no folder
// is a slip the build of the tools would meet only in CI.
#pragma once

#include <string>

#include "diag.h"
#include "program.h"

namespace pipec {

// Reports each tool whose logic names no folder under `steps_dir`
// (pipelines/steps) of the repository at `root`, when that folder exists
// (a repository that writes tools' logic has it).
void check_tool_logic(const Program& program, const std::string& root, const std::string& steps_dir,
                      Diagnostics& diags);

}  // namespace pipec
