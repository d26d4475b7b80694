// Step tools: checks each `tool NAME { ... }` declaration and every step that
// runs one (`tool = NAME` with `args { ... }`), before lowering turns those
// steps into command lines.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

// Fills program.tool_decls from the declarations; reports malformed ones.
void check_tool_decls(Program& program, Diagnostics& diags);

// Every step of `wf` that runs a tool: known flags and environment names,
// required ones given, literal values of the declared type, and the tool
// built earlier in the same job: the step with id "step_tools" lists in
// `builds` exactly the tools the job's steps run.
void check_tool_steps(const WorkflowModel& wf, const Program& program, Diagnostics& diags);

// The declaration of a tool value (an Object tagged "tool"), or null.
const ToolDecl* find_tool(const Program& program, const Value& tool);

// What a tool step's args may name: the tool's flags, then its env.
std::vector<std::string> argument_names(const ToolDecl& tool);

// The environment variables a step writes to GITHUB_ENV, which the steps
// after it have: its own exports = [...], those its action declares, and a
// tool's outputs with to = "env".
std::vector<std::string> exported_env(const Value& step, const Program& program);

// Whether a step of an action gives an input a value that keeps the action
// from writing its exports (exports_unless { INPUT = value }): that value
// (`certain`), or one only a run knows; then the input as given
// (env-credentials = false).
struct ExportsOff {
  std::string given;
  bool certain = false;
};
std::optional<ExportsOff> exports_turned_off(const Value& action, const Value& step);

// " unless it is given output-env-credentials = false", for reports; empty
// for an action that always writes its exports.
std::string exports_unless_text(const Value& action);

// --python-version for the flag python_version.
std::string flag_spelling(const std::string& name);

}  // namespace pipec
