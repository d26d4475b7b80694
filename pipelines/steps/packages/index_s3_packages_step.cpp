// index_s3_packages's logic behind its generated interface.
#include "index_s3_packages/interface.h"
#include "packages/index_s3_packages.h"
#include "packages/log_output.h"
#include "runtime/step_error.h"

namespace steps::cli::index_s3_packages {

void step(const Inputs& in, Outputs&, steps::runtime::Log& log) {
  steps::index_s3_packages::Inputs args;  // the logic's own inputs
  args.artifact_group = in.artifact_group;
  args.run_id = in.run_id;
  args.platform = in.platform;
  args.bucket = in.bucket;
  args.bucket_env = steps::packages::bucket_selection(in);
  args.aws = steps::packages::aws_environment(in);
  steps::packages::LogOutput sink(log);
  if (steps::index_s3_packages::run(args, sink) != 0) throw steps::StepFailed();
}

}  // namespace steps::cli::index_s3_packages
