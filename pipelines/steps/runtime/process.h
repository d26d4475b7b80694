// Running a command and reading what it prints (git, in the steps that read
// the checkout). popen on POSIX, _popen on Windows.
#pragma once

#include <string>
#include <vector>

namespace steps::runtime {

// The non-empty lines `command` prints on stdout. Throws InputError, naming
// `what_failed`, when it cannot run or exits non-zero.
std::vector<std::string> command_lines(const std::string& command, const std::string& what_failed);

}  // namespace steps::runtime
