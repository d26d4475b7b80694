// A key of a matrix include entry that is a slip off an axis of the
// matrix (python_verison) and that the job reads nowhere (matrix.KEY).
// GitHub adds it to the legs the entry's other keys match, and the leg
// meant, with the axis's value, never runs. Not where the job reads the
// whole matrix (toJSON(matrix), matrix[expression]), nor for a matrix
// of include alone, whose entries are its legs.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_matrix_includes(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
