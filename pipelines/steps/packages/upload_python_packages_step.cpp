// upload_python_packages's logic behind its generated interface.
#include "packages/log_output.h"
#include "packages/upload_python_packages.h"
#include "runtime/step_error.h"
#include "upload_python_packages/interface.h"

namespace steps::cli::upload_python_packages {

void step(const Inputs& in, Outputs& out, steps::runtime::Log& log) {
  steps::upload_python_packages::Inputs args;  // the logic's own inputs
  args.input_packages_dir = in.input_packages_dir;
  args.artifact_group = in.artifact_group;
  args.run_id = in.run_id;
  if (in.output_dir) args.output_dir = *in.output_dir;
  args.bucket = in.bucket;
  args.dry_run = in.dry_run;
  args.bucket_env.github_repository = in.github_repository.value_or("");
  args.bucket_env.is_pr_from_fork = steps::retrieve_bucket_info::fork_flag(in.is_pr_from_fork.value_or(""));
  args.bucket_env.release_type = in.release_type.value_or("");
  args.aws.access_key_id = in.aws_access_key_id.value_or("");
  args.aws.secret_access_key = in.aws_secret_access_key.value_or("");
  args.aws.session_token = in.aws_session_token.value_or("");
  args.aws.region = in.aws_region.value_or("");
  args.aws.default_region = in.aws_default_region.value_or("");
  args.aws.endpoint_url = in.aws_endpoint_url.value_or("");
  steps::packages::LogOutput sink(log);
  int code = steps::upload_python_packages::run(args, sink);
  if (auto it = sink.outputs.find("package_find_links_url"); it != sink.outputs.end())
    out.package_find_links_url = it->second;
  out.summary = sink.summary;
  if (code != 0) throw steps::StepFailed();
}

}  // namespace steps::cli::upload_python_packages
