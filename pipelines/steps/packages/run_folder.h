// A CI run's folder of Python packages in S3,
// <external_repo><run_id>-<platform>/python/<artifact_group>/, as both steps
// that write it address it: upload_python_packages puts packages (and, for
// the ROCm packages, their index) there; index_s3_packages indexes it.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "packages/http_transport.h"
#include "packages/retrieve_bucket_info.h"
#include "packages/retry.h"
#include "packages/s3_client.h"
#include "runtime/step_error.h"
#include "runtime/text.h"

namespace steps::packages {

// The credentials and endpoint, as aws-actions/configure-aws-credentials
// exports them.
struct AwsEnvironment {
  std::string access_key_id;      // AWS_ACCESS_KEY_ID
  std::string secret_access_key;  // AWS_SECRET_ACCESS_KEY
  std::string session_token;      // AWS_SESSION_TOKEN
  std::string region;             // AWS_REGION
  std::string default_region;     // AWS_DEFAULT_REGION
  std::string endpoint_url;       // AWS_ENDPOINT_URL

  // AWS_REGION, else AWS_DEFAULT_REGION, else us-east-2.
  std::string effective_region() const;
  // Both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set.
  bool has_credentials() const { return !access_key_id.empty() && !secret_access_key.empty(); }
};

// The AWS_* variables of a step's generated Inputs. A control character in
// one (a line break) is refused: the values go into HTTP headers.
template <class StepInputs>
AwsEnvironment aws_environment(const StepInputs& in) {
  AwsEnvironment aws{in.aws_access_key_id.value_or(""), in.aws_secret_access_key.value_or(""),
                     in.aws_session_token.value_or(""), in.aws_region.value_or(""),
                     in.aws_default_region.value_or(""), in.aws_endpoint_url.value_or("")};
  const std::pair<const char*, const std::string*> named[] = {
      {"AWS_ACCESS_KEY_ID", &aws.access_key_id}, {"AWS_SECRET_ACCESS_KEY", &aws.secret_access_key},
      {"AWS_SESSION_TOKEN", &aws.session_token}, {"AWS_REGION", &aws.region},
      {"AWS_DEFAULT_REGION", &aws.default_region}, {"AWS_ENDPOINT_URL", &aws.endpoint_url}};
  for (const auto& [name, value] : named) {
    if (runtime::has_control(*value))
      throw steps::InputError(std::string(name) + " holds a control character (a line break?)");
  }
  return aws;
}

// GITHUB_REPOSITORY, IS_PR_FROM_FORK and RELEASE_TYPE of a step's generated
// Inputs, which select the bucket.
template <class StepInputs>
retrieve_bucket_info::Inputs bucket_selection(const StepInputs& in) {
  retrieve_bucket_info::Inputs selection;
  selection.github_repository = in.github_repository.value_or("");
  selection.is_pr_from_fork = retrieve_bucket_info::fork_flag(in.is_pr_from_fork.value_or(""));
  selection.release_type = in.release_type.value_or("");
  return selection;
}

// "<external_repo><run_id>-<platform>/python/<artifact_group>"
std::string run_folder(const std::string& external_repo, const std::string& run_id,
                       const std::string& platform, const std::string& artifact_group);

// Throws steps::InputError unless `value` is one non-empty path component
// (no '/', '\', '.' or '..'): each becomes one component of the key prefix.
void check_component(const std::string& flag, const std::string& value);

// `bucket` when given (with no external prefix), else retrieve_bucket_info
// without run data.
retrieve_bucket_info::BucketInfo select_bucket(const std::optional<std::string>& bucket,
                                               retrieve_bucket_info::Inputs selection);

// An S3Client over `injected` (tests) or, when that is null, over libcurl
// signing with `aws`'s credentials.
class S3Connection {
 public:
  S3Connection(const std::string& bucket, const AwsEnvironment& aws, HttpTransport* injected,
               RetryPolicy retry, std::function<void(std::string_view)> log);
  S3Client& client() { return client_; }

 private:
  std::unique_ptr<HttpTransport> curl_;
  S3Client client_;
};

}  // namespace steps::packages
