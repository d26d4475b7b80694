// The `jobs:` section: per job, its existence, name and runner (kind jobs),
// what it passes to a reusable workflow (kind inputs), needs, conditions of the job and of its
// steps, strategy and matrix, the actions and reusable workflows it uses, and its permissions and
// concurrency.
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>

#include "model.h"

namespace wfcompare {

// Items, for a job J (all under the `job J` presence entry):
//   jobs:        job J | job J name | job J runs-on
//   inputs:      job J with.<input> | job J secrets  (what a job calling a
//                reusable workflow passes it; steps' `with:` is not compared)
//   needs:       job J needs                        (a set; `needs: a` is [a])
//   conditions:  job J if | job J step "<label>" if (normalised expressions)
//   matrices:    job J strategy (presence) | job J strategy.fail-fast (default
//                true) | job J strategy.max-parallel | job J matrix (a whole
//                `${{ }}` matrix) | job J matrix keys | job J matrix.<key> (a
//                set of values, or an expression) | job J matrix.include |
//                job J matrix.exclude | job J matrix fromJSON
//   actions:     job J action <name> (presence: the `uses:` as written) |
//                job J action <name> ref (the part after `@`; null if none)
//   permissions: job J permissions [<scope>]
//   concurrency: job J concurrency group | job J concurrency cancel-in-progress
// A step's label is its name, else its id, else the action it uses, else
// `run: <first line>`, else `#<position>`; a repeated label gets `#2`, `#3`...
void load_jobs(const YAML::Node& jobs, const std::string& file, ModelBuilder& builder);

}  // namespace wfcompare
