// Downloads of files uploaded as is. A file upload-artifact v7 uploads
// with archive: false is stored as it is, not zipped, and download-artifact
// before v8 unzips every artifact it downloads (@actions/artifact pipes
// the download into unzip-stream; v8 came with "Don't attempt to un-zip
// non-zipped downloads"), so such a download of it fails. Judged where
// download-artifact declares its version, for the uploads of the same run
// whose name the download reads (artifact_steps.h), and, for a download of
// every artifact, those of the jobs it needs.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_direct_downloads(const Program& program, Diagnostics& diags);

}  // namespace pipec
