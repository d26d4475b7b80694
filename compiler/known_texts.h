// The texts a value can take at run time, when pipec knows them all: a
// string, either side of a || (c && a || b, pipec's c ? a : b), the right
// side of an &&, a matrix field's values in the job's legs. Read by the
// checks that need every runner label (runner_shell) or image
// (check_runtime_images) a job may get.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "program.h"
#include "value.h"

namespace pipec {

using KnownTexts = std::optional<std::vector<std::string>>;  // nullopt: not all known

// For a scalar value of `job` (its runs-on, its container's image). With
// the job's workflow, a choice input that only a manual run sets (the
// workflow is not called, or the input is dispatch only) gives its options,
// which GitHub enforces.
KnownTexts known_texts(const Value& v, const Value& job, const WorkflowModel* wf = nullptr);

}  // namespace pipec
