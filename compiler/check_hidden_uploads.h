// Uploads of hidden files. Since v4.4, actions/upload-artifact leaves out
// every file or folder whose name begins with "." unless
// include-hidden-files is true: @actions/glob skips such an item where it
// meets it, from the pattern's search root (the part before the first
// wildcard) down. So a path line such as `.coverage`,
// `build/.cache/*.json` or `**/.pytest_cache` uploads nothing; the step
// only warns ("No files were found with the provided path") and a later
// download fails. A hidden folder above the search root is not skipped
// (`.venv/lib/x.txt` uploads x.txt), and actionlint does not look.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_hidden_uploads(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
