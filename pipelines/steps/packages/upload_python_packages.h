// upload_python_packages: publishes the wheels and sdists of <packages>/dist
// with their index pages (build_package_index) to S3, to a local directory, or
// only says what it would do (dry run). TheRock's interface, spec 2.5.
//
// Deliberate differences from TheRock:
//  * an empty dist/ (no *.whl or *.tar.gz) is an error and nothing is
//    written, copied or uploaded (TheRock uploaded a bare index);
//  * the index is this project's (index_html.h): a flat find-links
//    index.html plus a PEP 503 simple/ tree, with sha256 fragments and no
//    timestamps, instead of running the vendored indexer.py;
//  * exactly the package files and the index pages are transferred, not every
//    file under dist/;
//  * S3 uploads use libcurl with SigV4 instead of `aws s3 cp`: each PUT
//    carries Content-MD5 and x-amz-checksum-sha256, transient failures are
//    retried with backoff, each package is verified with HEAD, and the index
//    pages go up only after every package is verified (project pages, then
//    simple/index.html, then index.html), so a failed run never leaves an
//    index pointing at missing files. Objects over 5 GiB (a single PUT's
//    limit) are refused before anything is uploaded;
//  * --no-index uploads only the packages, for a folder that another job
//    indexes once every upload into it is done (index_s3_packages);
//  * bad flags, a missing directory or an empty dist/ throw steps::InputError
//    (exit 1 from the generated main; argparse exited 2 for the flags).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "packages/http_transport.h"
#include "packages/retrieve_bucket_info.h"
#include "packages/retry.h"
#include "packages/run_folder.h"
#include "packages/step_output.h"

namespace steps::upload_python_packages {

using packages::AwsEnvironment;

struct Inputs {
  std::filesystem::path input_packages_dir;         // --input-packages-dir (holds dist/)
  std::string artifact_group;                       // --artifact-group
  std::string run_id;                               // --run-id
  std::optional<std::filesystem::path> output_dir;  // --output-dir
  std::optional<std::string> bucket;                // --bucket
  bool dry_run = false;                             // --dry-run
  bool no_index = false;                            // --no-index
  std::string platform;  // --platform: the folder's, which may not be this host's
  // Bucket selection without run data: GITHUB_REPOSITORY, IS_PR_FROM_FORK,
  // RELEASE_TYPE (its `run` is ignored).
  retrieve_bucket_info::Inputs bucket_env;
  AwsEnvironment aws;
};

// What tests replace: the HTTP transport (null: libcurl signing with
// inputs.aws) and the retry policy (its sleep, to stay fast).
struct Services {
  packages::HttpTransport* transport = nullptr;
  packages::RetryPolicy retry;
};

// The run's folder (run_folder.h) for these inputs.
std::string upload_prefix(const std::string& external_repo, const Inputs& inputs);

// The step summary Markdown for the find-links URL: how to install ROCm's
// packages (TheRock's text), where `projects` (the uploaded files' PEP 503
// names) hold rocm; else how to install the projects uploaded (a manual
// run of CI's PyTorch build uploads torch's wheels alone).
std::string summary_markdown(const std::string& index_url, const std::string& platform,
                             const std::vector<std::string>& projects);

// Returns the exit code: 0 on success, 1 after an "ERROR: ..." line when an
// upload failed. Throws steps::InputError for bad inputs.
int run(const Inputs& inputs, packages::StepOutput& out, const Services& services = {});

}  // namespace steps::upload_python_packages
