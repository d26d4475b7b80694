// Errors a step reports to its user: a bad flag, a missing file, a malformed
// value. The generated main() of every step catches InputError, prints
// "error: <message>" on one line to stderr and exits 1 (2 for a UsageError).
// Anything else that escapes is a bug in the step.
#pragma once

#include <stdexcept>
#include <string>

namespace steps {

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

// A command-line mistake (a bad flag, or flags that do not go together):
// "error: <message>" as for InputError, but exit code 2, as argparse.
class UsageError : public InputError {
 public:
  using InputError::InputError;
};

// The step ran and found its subject bad (a wheel that fails its checks, an
// upload that failed); it has said why on stdout. Exit code 1, no more text.
class StepFailed : public std::runtime_error {
 public:
  StepFailed() : std::runtime_error("step failed") {}
};

}  // namespace steps
