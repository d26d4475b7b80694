// The command line of a step that runs a tool, in the step's shell. Literal
// arguments are quoted for that shell; runtime values (inputs, outputs of
// other steps) go through environment variables, never into the script text.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "program.h"

namespace pipec {

struct ToolCommand {
  std::string run;  // the script
  // Environment of the step: runtime flag values under UPPER_SNAKE names, and
  // the tool's env inputs under their own names, in declaration order.
  std::vector<std::pair<std::string, ValuePtr>> env;
  // Literal arguments the shell cannot be given safely, with why.
  std::vector<std::pair<Pos, std::string>> refused;
};

// `args` may be null. `shell` is bash, pwsh, powershell, cmd or sh.
ToolCommand tool_command(const ToolDecl& tool, const Value* args, const std::string& shell);

// An environment variable's name for a value: python_version -> PYTHON_VERSION
// (`-` and `.` become `_`).
std::string env_var_name(const std::string& name);

// Whether a variable of that name is one the system, the shell or the
// runner sets and scripts rely on (PATH, HOME, TEMP, OS, GITHUB_*, ...;
// Windows reads names in any case), or one that makes a program run code
// (BASH_ENV, LD_PRELOAD, NODE_OPTIONS, GIT_*, ...): a value pipec passes a
// script must not take its name.
bool system_variable(const std::string& name);

// The environment variable the step-tools build step sets to the folder of
// the executables.
inline constexpr const char* kStepToolsBinEnv = "PIPEC_STEPS_BIN";

}  // namespace pipec
