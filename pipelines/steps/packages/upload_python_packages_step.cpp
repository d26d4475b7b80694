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
  args.platform = in.platform;
  if (in.output_dir) args.output_dir = *in.output_dir;
  args.bucket = in.bucket;
  args.dry_run = in.dry_run;
  args.no_index = in.no_index;
  args.bucket_env = steps::packages::bucket_selection(in);
  args.aws = steps::packages::aws_environment(in);
  steps::packages::LogOutput sink(log);
  int code = steps::upload_python_packages::run(args, sink);
  if (auto it = sink.outputs.find("package_find_links_url"); it != sink.outputs.end())
    out.package_find_links_url = it->second;
  out.summary = sink.summary;
  if (code != 0) throw steps::StepFailed();
}

}  // namespace steps::cli::upload_python_packages
