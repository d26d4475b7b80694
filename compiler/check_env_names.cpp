#include "check_env_names.h"

#include <algorithm>
#include <string>
#include <vector>

namespace pipec {
namespace {

// GitHub's default variables (docs: "Variables reference"), but CI, which a
// workflow may set for now, and RUNNER_DEBUG, which GitHub sets only when
// debug logging is on.
// clang-format off
const std::vector<std::string> kDefaults = {
    "GITHUB_ACTION", "GITHUB_ACTION_PATH", "GITHUB_ACTION_REPOSITORY", "GITHUB_ACTIONS",
    "GITHUB_ACTOR", "GITHUB_ACTOR_ID", "GITHUB_API_URL", "GITHUB_BASE_REF", "GITHUB_ENV",
    "GITHUB_EVENT_NAME", "GITHUB_EVENT_PATH", "GITHUB_GRAPHQL_URL", "GITHUB_HEAD_REF",
    "GITHUB_JOB", "GITHUB_OUTPUT", "GITHUB_PATH", "GITHUB_REF", "GITHUB_REF_NAME",
    "GITHUB_REF_PROTECTED", "GITHUB_REF_TYPE", "GITHUB_REPOSITORY", "GITHUB_REPOSITORY_ID",
    "GITHUB_REPOSITORY_OWNER", "GITHUB_REPOSITORY_OWNER_ID", "GITHUB_RETENTION_DAYS",
    "GITHUB_RUN_ATTEMPT", "GITHUB_RUN_ID", "GITHUB_RUN_NUMBER", "GITHUB_SERVER_URL",
    "GITHUB_SHA", "GITHUB_STEP_SUMMARY", "GITHUB_TRIGGERING_ACTOR",
    "GITHUB_WORKFLOW", "GITHUB_WORKFLOW_REF", "GITHUB_WORKFLOW_SHA", "GITHUB_WORKSPACE",
    "RUNNER_ARCH", "RUNNER_ENVIRONMENT", "RUNNER_NAME", "RUNNER_OS",
    "RUNNER_TEMP", "RUNNER_TOOL_CACHE"};
// clang-format on

void check_env(const Value* env, const std::string& where, Diagnostics& diags) {
  if (!env || env->kind != Value::Kind::Object) return;
  for (const auto& f : env->fields) {
    if (!github_default_variable(f.key)) continue;
    diags.error(f.key_pos, "default-env",
                where + " sets " + f.key +
                    ", one of GitHub's default variables, which a workflow cannot change: GitHub "
                    "drops the entry and the step sees its own value; use a name of your own");
  }
}

}  // namespace

bool github_default_variable(const std::string& name) {
  return std::find(kDefaults.begin(), kDefaults.end(), name) != kDefaults.end();
}

void check_env_names(const WorkflowModel& wf, Diagnostics& diags) {
  each_env(wf, [&](const Value* env, const std::string& where) { check_env(env, where, diags); });
}

}  // namespace pipec
