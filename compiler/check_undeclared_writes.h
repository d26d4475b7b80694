// S3 writes a step does not declare. [index-order] and the boundaries'
// stores see what a tool declares, or a step declares itself
// (check_store_steps.h); a script that copies into S3 and says nothing is
// invisible to both. So, in a program that declares stores (a tool or a
// step does, or a boundary lists them), a `run` step of no tool whose
// script runs `aws s3 cp`, `aws s3 mv` or `aws s3 sync` with an s3://
// destination must declare writes { store = "..." key { ... } }. The
// script is read as commands split at newlines (after joining lines that
// end in `\` or, for cmd, `^`), `;`, `&`, `|` and `#` comments, outside
// quotes and ${{ }}; the destination is the second argument that is no option and no
// option's value. Other ways to write to S3 (aws s3api, an SDK, a program
// of its own) are not recognized.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_undeclared_writes(const Program& program, Diagnostics& diags);

}  // namespace pipec
