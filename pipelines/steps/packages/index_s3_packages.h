// index_s3_packages: writes the index pages of a run's folder of Python
// packages in S3 (run_folder.h) from what the folder holds, without
// downloading a package. It lists the folder, reads each package's SHA-256
// with HEAD (x-amz-checksum-sha256, which S3 keeps for the single PUTs of
// upload_python_packages, else the x-amz-meta-checksum-sha256 metadata), and
// uploads the pages of index_html.h in their order, each verified.
//
// One job runs it after every upload into the folder, so that parallel
// uploads (the ROCm packages, the PyTorch wheels) never race on the index.
// A package whose SHA-256 S3 does not hold fails the step, and no page is
// uploaded: it was not uploaded by upload_python_packages. Pages of projects
// no longer in the folder are not removed (uploads only ever add files).
#pragma once

#include <optional>
#include <string>

#include "packages/http_transport.h"
#include "packages/retrieve_bucket_info.h"
#include "packages/retry.h"
#include "packages/run_folder.h"
#include "packages/step_output.h"

namespace steps::index_s3_packages {

struct Inputs {
  std::string artifact_group;         // --artifact-group
  std::string run_id;                 // --run-id
  std::string platform;               // --platform: the folder's, not this host's
  std::optional<std::string> bucket;  // --bucket
  retrieve_bucket_info::Inputs bucket_env;
  packages::AwsEnvironment aws;
};

// What tests replace: the HTTP transport (null: libcurl signing with
// inputs.aws) and the retry policy.
struct Services {
  packages::HttpTransport* transport = nullptr;
  packages::RetryPolicy retry;
};

// Returns the exit code: 0 on success, 1 after "ERROR: ..." lines when S3
// failed or a package has no stored SHA-256. Throws steps::InputError for
// bad inputs.
int run(const Inputs& inputs, packages::StepOutput& out, const Services& services = {});

}  // namespace steps::index_s3_packages
