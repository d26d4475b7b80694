// The shell GitHub runs a job's scripts with when none is set: pwsh on a
// Windows runner, bash on any other. Read from the job's runs-on, including
// a runs-on that picks its runner at run time from values pipec knows (a
// matrix's, or a && b || c between labels).
#pragma once

#include <string>

#include "value.h"

namespace pipec {

// "bash" or "pwsh"; "" when the runners runs-on may pick disagree, or when
// it may pick one pipec cannot see (an input, another job's output).
std::string default_shell(const Value& job);

}  // namespace pipec
