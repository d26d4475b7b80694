// Files uploaded as is. Since v7, actions/upload-artifact uploads one file
// without zipping it when archive is false, and the file's name is the
// artifact's: its `name` input is not used for the artifact (action.yml:
// "ignoring the `name` parameter"). So with archive = false:
//  - a `name` names nothing, and a download by that name finds nothing
//    [direct-upload-name];
//  - `overwrite` deletes the artifact `name` says (by default "artifact"),
//    not the file's, so the upload still fails where the file's artifact
//    exists, and another artifact may go [direct-upload-overwrite].
// Before v7 upload-artifact has no archive input: the runner warns
// "Unexpected input(s) 'archive'" and uploads a zip [direct-upload-version].
// Judged where the action declares its version.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_direct_uploads(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
