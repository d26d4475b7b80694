#include "packages/retrieve_bucket_info.h"

#include <nlohmann/json.hpp>
#include <regex>

#include "runtime/step_error.h"
#include "runtime/text.h"

namespace steps::retrieve_bucket_info {

namespace {

// From TheRock #2046 on, runs use the therock-ci-* buckets; runs last updated
// at or before this moment used the legacy therock-artifacts* ones.
constexpr std::string_view kBucketCutover = "2025-11-11T16:18:48Z";

bool is_legacy_run(const std::string& updated_at) {
  static const std::regex kFormat(R"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)");
  if (!std::regex_match(updated_at, kFormat)) {
    throw InputError("workflow run updated_at '" + updated_at +
                     "' is not in the format YYYY-MM-DDTHH:MM:SSZ");
  }
  // Fixed-width UTC timestamps order like their text.
  return updated_at <= kBucketCutover;
}

}  // namespace

bool fork_flag(std::string_view is_pr_from_fork_env) { return is_pr_from_fork_env == "true"; }

RunData parse_workflow_run(std::string_view json) {
  runtime::check_json_nesting(std::string(json), "workflow run data");
  const auto run = nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (run.is_discarded() || !run.is_object()) {
    throw InputError("workflow run data is not a JSON object");
  }
  const auto head = run.find("head_repository");
  const auto updated = run.find("updated_at");
  if (head == run.end() || !head->is_object() || !head->contains("full_name") ||
      !(*head)["full_name"].is_string()) {
    throw InputError("workflow run data has no head_repository.full_name");
  }
  if (updated == run.end() || !updated->is_string()) {
    throw InputError("workflow run data has no updated_at");
  }
  return {(*head)["full_name"].get<std::string>(), updated->get<std::string>()};
}

BucketInfo retrieve(const Inputs& inputs) {
  const std::string repository =
      inputs.github_repository.empty() ? "ROCm/TheRock" : inputs.github_repository;
  const std::size_t slash = repository.find('/');
  if (slash == std::string::npos || slash == 0 || slash + 1 == repository.size() ||
      repository.find('/', slash + 1) != std::string::npos) {
    throw InputError("GITHUB_REPOSITORY '" + repository + "' is not of the form <owner>/<name>");
  }
  const std::string owner = repository.substr(0, slash);
  const std::string name = repository.substr(slash + 1);

  bool fork = inputs.is_pr_from_fork;
  bool legacy = false;
  if (inputs.run) {
    fork = inputs.run->head_repository != repository;
    legacy = is_legacy_run(inputs.run->updated_at);
  }

  BucketInfo info;
  const bool own_repo = owner == "ROCm" && name == "TheRock" && !fork;
  info.external_repo = own_repo ? "" : owner + "-" + name + "/";
  if (!inputs.release_type.empty()) {
    info.bucket = "therock-" + inputs.release_type + "-artifacts";
  } else if (info.external_repo.empty()) {
    info.bucket = legacy ? "therock-artifacts" : "therock-ci-artifacts";
  } else if (owner == "ROCm" && name == "therock-releases-internal" && !fork) {
    info.bucket = "therock-artifacts-internal";
  } else {
    info.bucket = legacy ? "therock-artifacts-external" : "therock-ci-artifacts-external";
  }
  return info;
}

}  // namespace steps::retrieve_bucket_info
