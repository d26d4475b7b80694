// Running a command and reading what it prints (git, in the steps that read
// the checkout). The arguments reach the program as they are, with no shell
// between: a value such as BASE_REF is one argument, whatever it holds.
// posix_spawnp on POSIX; CreateProcessW on Windows, each argument quoted as
// the C runtime splits a command line back (no cmd.exe between).
#pragma once

#include <string>
#include <vector>

namespace steps::runtime {

// The non-empty lines the program argv[0] (looked up on PATH) prints on
// stdout, run with the arguments argv[1...]. Throws InputError, naming
// `what_failed`, when it cannot run or exits non-zero.
std::vector<std::string> command_lines(const std::vector<std::string>& argv, const std::string& what_failed);

}  // namespace steps::runtime
