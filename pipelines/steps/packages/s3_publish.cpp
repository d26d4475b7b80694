#include "packages/s3_publish.h"

namespace steps::packages {

bool publish_to_s3(S3Client& client, const std::string& bucket, const std::string& prefix,
                   const std::vector<PublishedPackage>& packages,
                   const std::vector<IndexPage>& pages, StepOutput& out) {
  const auto uri = [&](const std::string& name) {
    return "s3://" + bucket + "/" + prefix + "/" + name;
  };
  for (const auto& package : packages) {
    const std::string key = prefix + "/" + package.file.filename;
    out.line("[INFO] Uploading " + package.file.path.string() + " -> " +
             uri(package.file.filename));
    S3Failure failure =
        client.put_file(key, package.file.path, package.digests, "application/octet-stream");
    if (!failure) failure = client.verify(key, package.digests);
    if (failure) {
      out.line("ERROR: " + *failure);
      out.line("ERROR: upload of " + package.file.filename + " failed; no index page was uploaded");
      return false;
    }
    out.line("[INFO] Verified " + uri(package.file.filename) + " (" +
             std::to_string(package.digests.size) + " bytes)");
  }
  for (const auto& page : pages) {
    const std::string key = prefix + "/" + page.path;
    out.line("[INFO] Uploading " + page.path + " -> " + uri(page.path));
    S3Failure failure = client.put_bytes(key, page.html, "text/html; charset=utf-8");
    if (!failure) failure = client.verify(key, digest_bytes(page.html));
    if (failure) {
      out.line("ERROR: " + *failure);
      out.line("ERROR: upload of index page " + page.path + " failed");
      return false;
    }
  }
  return true;
}

}  // namespace steps::packages
