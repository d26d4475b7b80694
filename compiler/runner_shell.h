// The shell GitHub runs a job's scripts with when none is set: pwsh on a
// Windows runner, bash on any other. Read from the job's runs-on, including
// a runs-on that picks its runner at run time from values pipec knows (a
// matrix's, or a && b || c between labels).
#pragma once

#include <string>

#include "program.h"
#include "value.h"

namespace pipec {

// The system a runner label names, read without case as GitHub reads
// labels: "Linux" for one that says ubuntu or linux, else "Windows" for one
// that says windows, else "macOS" for one that says macos; "" for a label
// that names none (self-hosted, gpu). GitHub's own labels (ubuntu-24.04,
// windows-2022, macos-14) say it, and so do TheRock's self-hosted ones
// (azure-windows-scale-rocm, linux-mi325-1gpu-ossci-rocm).
std::string label_system(const std::string& label);

// "bash" or "pwsh"; "" when the runners runs-on may pick disagree, or when
// it may pick one pipec cannot see (an input, another job's output). With
// the job's workflow, a choice input only a manual run sets gives its
// options (known_texts.h).
std::string default_shell(const Value& job, const WorkflowModel* wf = nullptr);

// The defaults.run.shell that applies to a job's steps: the job's, else
// its workflow's; null when neither sets one. It may be a value known only
// at run time (`matrix.sh`).
const Value* defaults_shell(const Value& job, const Value& workflow_body);

// The shell a step's script is given: its own `shell`, else the defaults'
// (defaults_shell); "" when none says, or the one that applies is known
// only at run time (the runner's default then).
std::string set_shell(const Value& step, const Value& job, const Value& workflow_body);

// The shell a step's if holds it to: an && operand runner.os == 'Windows'
// gives "pwsh", 'Linux' or 'macOS' "bash"; "" when its if says nothing of
// the runner's system.
std::string shell_of_condition(const Value* cond);

}  // namespace pipec
