#include "packages/run_folder.h"

#include "packages/curl_transport.h"
#include "runtime/step_error.h"
#include "runtime/text.h"

namespace steps::packages {

namespace {

HttpTransport& transport_of(std::unique_ptr<HttpTransport>& curl, const AwsEnvironment& aws,
                            HttpTransport* injected) {
  if (injected != nullptr) return *injected;
  curl = std::make_unique<CurlTransport>(
      AwsSigning{aws.access_key_id, aws.secret_access_key, aws.effective_region()});
  return *curl;
}

}  // namespace

std::string AwsEnvironment::effective_region() const {
  if (!region.empty()) return region;
  if (!default_region.empty()) return default_region;
  return "us-east-2";
}

std::string run_folder(const std::string& external_repo, const std::string& run_id,
                       const std::string& platform, const std::string& artifact_group) {
  return external_repo + run_id + "-" + platform + "/python/" + artifact_group;
}

void check_component(const std::string& flag, const std::string& value) {
  if (value.empty()) throw InputError(flag + " must not be empty");
  if (runtime::has_control(value))
    throw InputError(flag + " holds a control character (a line break?)");
  if (value.find_first_of("/\\") != std::string::npos || value == "." || value == "..")
    throw InputError(flag + " \"" + value + "\" must be one path component (no '/', '\\', '.' or '..')");
}

namespace {

// An S3 bucket's name: 3 to 63 lowercase letters, digits, dots and hyphens.
// Anything else would reach the request's URL as it is.
const std::string& checked_bucket(const std::string& name, const std::string& from) {
  if (name.size() < 3 || name.size() > 63 ||
      name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789.-") != std::string::npos)
    throw InputError("\"" + name + "\" (from " + from + ") is not an S3 bucket name: 3 to 63 lowercase letters, digits, '.' and '-'");
  return name;
}

// The region and the endpoint make the requests' host: text that is
// neither would send the signed requests, and the session token, elsewhere.
std::string checked_region(const AwsEnvironment& aws) {
  const std::string region = aws.effective_region();
  const std::string from = !aws.region.empty() ? "AWS_REGION" : "AWS_DEFAULT_REGION";
  if (region.size() > 32 || region.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string::npos)
    throw InputError(from + " \"" + region + "\" is not an AWS region: lowercase letters, digits and '-', as us-east-2");
  const std::string& url = aws.endpoint_url;
  const std::string scheme = runtime::lower(url.substr(0, url.find("://") + 3));
  if (!url.empty() && scheme != "http://" && scheme != "https://")
    throw InputError("AWS_ENDPOINT_URL \"" + url + "\" is not an http:// or https:// URL");
  return region;
}

}  // namespace

retrieve_bucket_info::BucketInfo select_bucket(const std::optional<std::string>& bucket,
                                               retrieve_bucket_info::Inputs selection) {
  if (bucket && !bucket->empty()) return {"", checked_bucket(*bucket, "--bucket")};
  selection.run.reset();
  auto info = retrieve_bucket_info::retrieve(selection);
  checked_bucket(info.bucket, "RELEASE_TYPE");
  return info;
}

S3Connection::S3Connection(const std::string& bucket, const AwsEnvironment& aws,
                           HttpTransport* injected, RetryPolicy retry,
                           std::function<void(std::string_view)> log)
    : client_({bucket, checked_region(aws), aws.endpoint_url, aws.session_token},
              transport_of(curl_, aws, injected), std::move(retry), std::move(log)) {}

}  // namespace steps::packages
