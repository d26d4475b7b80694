// retrieve_bucket_info: which S3 bucket, and which key prefix for runs from
// outside ROCm/TheRock, a workflow run's artifacts belong in (TheRock's
// github_actions_utils.retrieve_bucket_info, spec 2.5.1).
//
// Pure: the caller reads GITHUB_REPOSITORY, IS_PR_FROM_FORK and RELEASE_TYPE,
// and, for the run-data variant, fetches the workflow run itself. There is no
// GitHub API client here.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace steps::retrieve_bucket_info {

// The fields of a GitHub workflow run that decide the bucket.
struct RunData {
  std::string head_repository;  // head_repository.full_name
  std::string updated_at;       // YYYY-MM-DDTHH:MM:SSZ (UTC)
};

struct Inputs {
  std::string github_repository;  // GITHUB_REPOSITORY; empty means "ROCm/TheRock"
  bool is_pr_from_fork = false;   // used only without run data
  std::string release_type;       // RELEASE_TYPE; empty when unset
  std::optional<RunData> run;
};

struct BucketInfo {
  std::string external_repo;  // "" or "<owner>-<name>/"
  std::string bucket;
  bool operator==(const BucketInfo&) const = default;
};

// IS_PR_FROM_FORK counts only when it is exactly "true".
bool fork_flag(std::string_view is_pr_from_fork_env);

// Reads the deciding fields from a /repos/<repo>/actions/runs/<id> response.
// Throws steps::InputError when the JSON or a field is missing or malformed.
RunData parse_workflow_run(std::string_view json);

// Throws steps::InputError when the repository is not "<owner>/<name>" or
// updated_at is not in the format above.
BucketInfo retrieve(const Inputs& inputs);

}  // namespace steps::retrieve_bucket_info
