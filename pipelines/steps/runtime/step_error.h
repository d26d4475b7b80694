// Errors a step reports to its user: a bad flag, a missing file, a malformed
// value. The generated main() of every step catches InputError, prints
// "error: <message>" on one line to stderr and exits 1. Anything else that
// escapes is a bug in the step.
#pragma once

#include <stdexcept>
#include <string>

namespace steps {

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace steps
