// S3 writes a step does not declare. [index-order] and the boundaries'
// stores see what a tool declares, or a step declares itself
// (check_store_steps.h); a script that changes S3 and says nothing is
// invisible to both. So, in a program that declares stores (a tool or a
// step does, or a boundary lists them), a `run` step of no tool whose
// script writes into S3 or deletes there with the AWS CLI must declare
// writes { store = "..." key { ... } }: `aws s3 cp`, `mv` or `sync` with
// an s3:// destination, `aws s3 rm`, `aws s3 mv` from S3, and the `aws
// s3api` commands that write or delete an object (put-object, copy-object,
// the multipart upload, delete-object, delete-objects), global options
// such as --region before the service or not (the script's commands read
// as aws_cli.h says); the s3 commands' paths are their arguments that are
// no option and no option's value, s3api's place its --bucket and --key.
// Other ways to write to S3 (an SDK, a program of its own) are not
// recognized.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_undeclared_writes(const Program& program, Diagnostics& diags);

}  // namespace pipec
