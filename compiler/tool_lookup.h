// What the passes ask of step tools and of the steps that run them or
// actions: a tool's declaration, its argument names and flag spelling, and
// the environment variables a step exports to the steps after it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "program.h"

namespace pipec {

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
