// The C++ names pipec writes for names from .pipe: a step tool's namespace,
// the fields of its Inputs and Outputs, a table's function and columns.
// A name that is a C++ keyword, or a macro the compiler or C library
// defines (errno, linux in GNU mode, stdin on Windows), would not compile
// there, so it gets a trailing '_' (in.new_ for --new); the flag, the
// environment variable and the output keep their own spelling.
#pragma once

#include <string>

namespace pipec {

// name itself, or name + "_" where it would not compile.
std::string cpp_identifier(const std::string& name);

// The field of a flag, env entry or output: lower case, '-' as '_'
// (TheRock's test-runs-on is test_runs_on), then cpp_identifier.
std::string cpp_field(const std::string& name);

}  // namespace pipec
