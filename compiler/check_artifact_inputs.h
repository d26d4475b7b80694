// Inputs of the artifact actions that the action refuses, or does not use,
// where their values are written out (src/upload/input-helper.ts and
// src/download-artifact.ts of the actions, getBooleanInput of
// @actions/core). The step fails on:
//  - upload-artifact's if-no-files-found other than warn, error or ignore
//    ("Unrecognized if-no-files-found input"), retention-days that is not
//    a number ("Invalid retention-days"), compression-level outside 0-9
//    ("Invalid compression-level. Valid values are 0-9");
//  - download-artifact's digest-mismatch other than ignore, info, warn or
//    error, and name with artifact-ids ("Inputs 'name' and 'artifact-ids'
//    cannot be used together");
//  - a boolean input (overwrite, include-hidden-files, archive from v7,
//    merge-multiple, skip-decompress) other than true, True, TRUE, false,
//    False or FALSE ("Input does not meet YAML 1.2 \"Core Schema\"
//    specification").
// And download-artifact does not use a pattern beside a name.
// [artifact-inputs]
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_artifact_inputs(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
