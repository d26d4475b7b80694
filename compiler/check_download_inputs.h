// download-artifact inputs that cannot go together. It downloads one
// artifact by `name`, artifacts by `artifact-ids`, or those `pattern`
// matches (src/download-artifact.ts):
//  - `name` with `artifact-ids` fails the step ("Inputs 'name' and
//    'artifact-ids' cannot be used together");
//  - `name` with `pattern` leaves the pattern unused (action.yml: "Ignored
//    if name is specified"), which is not what one writes it for.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_download_inputs(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
