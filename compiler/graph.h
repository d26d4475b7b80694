// `pipec graph`: the call graph across all workflows, or one workflow's job
// graph, as Mermaid (default), Graphviz dot or JSON (nodes by name, with
// what a label says as fields). Deterministic.
#pragma once

#include <string>

#include "diag.h"
#include "program.h"

namespace pipec {

enum class GraphFormat { Mermaid, Dot, Json };

// workflow: "" for the call graph, or a generated workflow: its path, or its
// file name (ci_linux.yml) when no other generated workflow has that name.
std::string graph(const Program& program, const std::string& workflow, GraphFormat format, Diagnostics& diags);

}  // namespace pipec
