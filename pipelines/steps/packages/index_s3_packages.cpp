#include "packages/index_s3_packages.h"

#include "packages/digest.h"
#include "packages/index_html.h"
#include "packages/package_files.h"
#include "packages/s3_publish.h"
#include "runtime/step_error.h"

namespace steps::index_s3_packages {

namespace {

using packages::HttpResponse;

bool is_sha256_hex(const std::string& text) {
  return text.size() == 64 &&
         text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// The SHA-256 (hex) S3 holds for an object, or why there is none.
struct StoredSha256 {
  std::string hex;
  std::string error;
};

StoredSha256 stored_sha256(const HttpResponse& response) {
  const std::string checksum = response.header("x-amz-checksum-sha256");
  const std::string metadata = response.header("x-amz-meta-checksum-sha256");
  std::string from_checksum;
  if (!checksum.empty()) {
    const auto bytes = packages::base64_decode(checksum);
    if (!bytes || bytes->size() != 32) {
      return {"", "its x-amz-checksum-sha256 \"" + checksum + "\" is not a base64 SHA-256"};
    }
    from_checksum = packages::hex(*bytes);
  }
  if (!metadata.empty() && !is_sha256_hex(metadata)) {
    return {"", "its x-amz-meta-checksum-sha256 \"" + metadata + "\" is not a hex SHA-256"};
  }
  if (!from_checksum.empty() && !metadata.empty() && from_checksum != metadata) {
    return {"", "its x-amz-checksum-sha256 (" + from_checksum +
                    ") and x-amz-meta-checksum-sha256 (" + metadata + ") differ"};
  }
  if (!from_checksum.empty()) return {from_checksum, ""};
  if (!metadata.empty()) return {metadata, ""};
  return {"", "S3 holds no SHA-256 for it (neither x-amz-checksum-sha256 nor "
              "x-amz-meta-checksum-sha256); upload it with upload_python_packages"};
}

}  // namespace

int run(const Inputs& inputs, packages::StepOutput& step_output, const Services& services) {
  // Every line below may echo an S3 key, which the server names.
  packages::OneLineOutput out(step_output);
  packages::check_component("--artifact-group", inputs.artifact_group);
  packages::check_component("--run-id", inputs.run_id);
  packages::check_component("--platform", inputs.platform);
  if (!inputs.aws.has_credentials()) {
    throw InputError("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set");
  }
  const retrieve_bucket_info::BucketInfo bucket =
      packages::select_bucket(inputs.bucket, inputs.bucket_env);
  const std::string prefix = packages::run_folder(bucket.external_repo, inputs.run_id,
                                                  inputs.platform, inputs.artifact_group);
  const std::string folder = "s3://" + bucket.bucket + "/" + prefix + "/";
  packages::S3Connection s3(bucket.bucket, inputs.aws, services.transport, services.retry,
                            [&](std::string_view line) { out.line(line); });
  out.line("[INFO] Indexing " + folder);
  std::vector<packages::ListedObject> objects;
  if (auto failure = s3.client().list(prefix + "/", objects)) {
    out.line("ERROR: " + *failure);
    return 1;
  }

  // The packages directly in the folder; the pages below simple/ and
  // index.html are not packages.
  std::vector<packages::IndexEntry> entries;
  std::vector<std::string> missing;
  for (const auto& object : objects) {
    if (!object.key.starts_with(prefix + "/")) continue;  // S3 lists only those
    const std::string name = object.key.substr(prefix.size() + 1);
    if (name.find('/') != std::string::npos || !packages::is_package_filename(name)) continue;
    const HttpResponse response = s3.client().head(object.key);
    if (response.status != 200) {
      out.line("ERROR: HEAD " + s3.client().object_url(object.key) + " failed (" +
               packages::describe_failure(response) + ")");
      return 1;
    }
    const StoredSha256 sha256 = stored_sha256(response);
    if (!sha256.error.empty()) {
      missing.push_back(folder + name + ": " + sha256.error);
      continue;
    }
    out.line("[INFO] " + name + " sha256=" + sha256.hex);
    entries.push_back({name, packages::project_of(name), sha256.hex});
  }
  if (!missing.empty()) {
    for (const auto& line : missing) out.line("ERROR: " + line);
    out.line("ERROR: no index page was uploaded");
    return 1;
  }
  if (entries.empty()) {
    out.line("ERROR: " + folder + " holds no package files (*.whl, *.tar.gz)");
    return 1;
  }
  out.line("[INFO] " + std::to_string(entries.size()) + " package files; uploading the index pages");
  if (!packages::publish_to_s3(s3.client(), bucket.bucket, prefix, {},
                               packages::render_index(entries), out)) {
    return 1;
  }
  out.line("[INFO] Done: " + folder + "index.html");
  return 0;
}

}  // namespace steps::index_s3_packages
