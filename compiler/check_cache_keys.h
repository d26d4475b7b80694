// Keys that actions/cache refuses. @actions/cache checks every key before
// it looks: at most 10 keys (key and restore-keys together), none longer
// than 512 characters, none with a comma ("Key Validation Error: ... cannot
// contain commas."). actions/cache and actions/cache/restore then fail the
// step; actions/cache/save only warns and saves nothing. Inputs are
// trimmed, and restore-keys are its non-empty lines. A ${{ }} may hold a
// comma, a newline or nothing, so only the text written around them is
// read: its commas, its length as a lower bound, and the lines that have
// text of their own. actionlint does not look.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_cache_keys(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
