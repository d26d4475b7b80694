// `pipec graph`: the call graph across all workflows, or one workflow's job
// graph, as Mermaid (default) or Graphviz dot. Deterministic.
#pragma once

#include <string>

#include "diag.h"
#include "program.h"

namespace pipec {

// workflow: "" for the call graph, or a generated workflow: its path, or its
// file name (ci_linux.yml) when no other generated workflow has that name.
std::string graph(const Program& program, const std::string& workflow, bool dot, Diagnostics& diags);

}  // namespace pipec
