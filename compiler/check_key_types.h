// The types GitHub gives the keys pipec writes as the source wrote them
// (timeout-minutes, continue-on-error, shell, strategy, container, ...),
// checked on the lowered tree, so the check sees exactly what is printed.
// A key that takes true/false or a number also takes one ${{ }} expression,
// which GitHub evaluates when the run starts. A runner label written out
// is one of GitHub's hosted labels or one the pipelines declare (runners).
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

// file: the workflow file's name (ci.yml), which reports of a matrix's
// values name.
void check_key_types(const Value& lowered_workflow, const std::string& file, const Program& program,
                     Diagnostics& diags);

// Why GitHub refuses a job or step id ("is 104 characters long; ...",
// "begins with \"__\", ..."); "" when it takes it.
std::string refused_id(const std::string& id);

// The same check of one job's strategy.matrix alone: for a job that unroll
// turns into one job per leg, whose matrix the lowered tree no longer has.
void check_matrix(const Field& matrix, const std::string& file, const Program& program, Diagnostics& diags);

// The activity types of a pull_request event (`types` of its trigger).
const std::vector<std::string>& pull_request_activity_types();

}  // namespace pipec
