// A container or service image named at run time (from a matrix, a
// condition, an input) is pinned by digest too, as one written as text is
// (check_key_types): every image the expression can give must be, so pipec
// must know them all (known_texts.h). An input or another job's output can
// name any image, so such an image is an error.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_runtime_images(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
