// Stores a step declares itself. A tool declares what it writes into and
// indexes (tool NAME { writes { ... } }); a step that does so with a
// script or an action says it in the step, with the values of the
// store's key:
//
//   step {
//     name = "Upload wheels to S3 staging"
//     writes { store = "a release's staging folder" key { bucket = p.bucket family =
//     inputs.amdgpu_family } } run = "aws s3 cp ..."
//   }
//
// so that check_index_order orders it with the store's indexes. The
// declaration is pipec's alone (it is not written into the workflow). Its
// key names are those of every other declaration of the store, a tool's
// (its key flags) or a step's; a step that runs a tool declares nothing
// (its tool does); and a store that a tool or step indexes is one some
// tool or step writes.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_store_steps(const Program& program, Diagnostics& diags);

}  // namespace pipec
