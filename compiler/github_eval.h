// Evaluates GitHub expressions (pipec's runtime Expr trees) the way the
// Actions runner does: loose equality with number coercion, strings compared
// ignoring case, && and || returning operands, and the built-in functions.
// `pipec explain` uses it to decide which jobs of a workflow would run.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "ast.h"

namespace pipec {

struct EvalContext {
  nlohmann::json contexts = nlohmann::json::object();  // github, inputs, needs, matrix, env, ...
  std::string job_status = "success";                   // for success()/failure()/cancelled()
};

// The value of `e`. Unknown names read as null, as in GitHub.
nlohmann::json github_eval(const Expr& e, const EvalContext& ctx);
bool github_truthy(const nlohmann::json& v);
// GitHub's string form of a value (for ${{ }} inside text).
std::string github_to_string(const nlohmann::json& v);

}  // namespace pipec
