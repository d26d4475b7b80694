// Emits the C++ side of every step tool from its declaration, by filling the
// templates in templates/steps/: the interface header (Inputs and Outputs
// structs, the signature of the hand-written logic), the main() that parses
// flags and environment and writes GITHUB_OUTPUT / GITHUB_ENV /
// GITHUB_STEP_SUMMARY, a header per data table a tool reads, and the CMake
// list of executables. Paths are under generated/steps/.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "program.h"

namespace pipec {

struct EmittedFile {
  std::string path;     // relative to the repository root
  std::string content;  // without pipec's header
  std::string source;   // the .pipe file that made it
  std::string what;     // for the header: "tool python_to_cp_version"
  Pos pos;              // the declaration that made it
};

std::vector<EmittedFile> emit_steps(const Program& program);

// The folder the step sources are generated into.
inline const std::string kStepsDir = "generated/steps";

}  // namespace pipec
