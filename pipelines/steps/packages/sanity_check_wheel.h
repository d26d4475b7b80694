// sanity_check_wheel: checks the torch, torchaudio and torchvision wheels in a
// directory before they are uploaded or tested.
//
// TheRock's messages and exit codes are kept: "Valid wheel: <file> (<n> bytes)",
// "ERROR: Wheel <file> is too small (<n> bytes)", "WARNING: Wheel name <file>
// does not match typical pattern", "ERROR: <dir> is not a directory", all on
// stdout, exit 1 on any error. Deliberate differences:
//  * a directory with no torch/torchaudio/torchvision wheel FAILS
//    ("ERROR: <dir> contains no torch, torchaudio or torchvision wheels");
//  * every wheel is opened and checked (wheel_check.h): PEP 427 file name, one
//    .dist-info with METADATA, WHEEL and RECORD that agree with the file name,
//    every member listed in RECORD with a matching hash and size;
//  * all problems are reported, one "ERROR: Wheel <file> <problem>" line each,
//    instead of stopping at the first; the warning comes before them;
//  * wheels are checked in file-name order within each project (Python's glob
//    order is unspecified).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "packages/step_output.h"

namespace steps::sanity_check_wheel {

struct Inputs {
  std::filesystem::path wheel_dir;  // the one positional argument
};

// What the step prints (then exits 1) when not given exactly one argument.
std::string usage(std::string_view argv0);

// TheRock's looser name check (warning only): "<name>-" then a digit or '.'.
bool matches_typical_pattern(std::string_view filename, std::string_view project);

// Returns the exit code: 0 when every wheel is valid, 1 otherwise.
int run(const Inputs& inputs, packages::StepOutput& out);

}  // namespace steps::sanity_check_wheel
