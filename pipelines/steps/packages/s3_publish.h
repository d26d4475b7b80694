// Publishes a package directory to S3 in the order that keeps the index
// honest: every package is uploaded and verified first; only then the index
// pages, in the order given (project pages, simple/index.html, index.html).
#pragma once

#include <string>
#include <vector>

#include "packages/digest.h"
#include "packages/index_html.h"
#include "packages/package_files.h"
#include "packages/s3_client.h"
#include "packages/step_output.h"

namespace steps::packages {

struct PublishedPackage {
  PackageFile file;
  FileDigests digests;
};

// Keys are "<prefix>/<file name>" and "<prefix>/<page path>". Returns false
// after printing "ERROR: ..." lines at the first failure; no page is uploaded
// unless every package was verified.
bool publish_to_s3(S3Client& client, const std::string& bucket, const std::string& prefix,
                   const std::vector<PublishedPackage>& packages,
                   const std::vector<IndexPage>& pages, StepOutput& out);

}  // namespace steps::packages
