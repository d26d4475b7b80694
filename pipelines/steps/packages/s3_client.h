// The few S3 operations the package steps need: PUT with checksums, HEAD to
// verify, GET, and listing a prefix. Requests go through an HttpTransport (SigV4-signing CurlTransport in
// production) and transient failures are retried (retry.h).
//
// Addressing: with an endpoint override (AWS_ENDPOINT_URL) requests are
// path-style, <endpoint>/<bucket>/<key>, which S3-compatible servers expect.
// Against AWS they are virtual-hosted, https://<bucket>.s3.<region>.amazonaws.com/<key>,
// the style AWS recommends (path-style is deprecated there).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "packages/digest.h"
#include "packages/http_transport.h"
#include "packages/retry.h"
#include "packages/s3_listing.h"

namespace steps::packages {

struct S3Config {
  std::string bucket;
  std::string region = "us-east-2";
  std::string endpoint_url;   // empty: AWS itself
  std::string session_token;  // sent as x-amz-security-token when set
};

// Why an operation failed; nullopt means it succeeded.
using S3Failure = std::optional<std::string>;

class S3Client {
 public:
  S3Client(S3Config config, HttpTransport& transport, RetryPolicy retry,
           std::function<void(std::string_view)> log);

  std::string object_url(std::string_view key) const;

  // PUT with Content-MD5 and x-amz-checksum-sha256 (base64) so S3 rejects a
  // corrupted body, x-amz-content-sha256 (hex) for the signature, and the
  // SHA-256 once more as the metadata x-amz-meta-checksum-sha256 (hex): what
  // PyTorch's s3_management/manage.py reads when S3 keeps no checksum, and
  // what S3-compatible servers without checksums (s3rver) still return.
  S3Failure put_file(std::string_view key, const std::filesystem::path& file,
                     const FileDigests& digests, std::string_view content_type);
  S3Failure put_bytes(std::string_view key, std::string_view body, std::string_view content_type);

  // HEAD the object: the size must match, and the SHA-256 checksum S3 stored
  // (x-amz-checksum-sha256) or, when the server keeps none, the ETag must be
  // the content's MD5.
  S3Failure verify(std::string_view key, const FileDigests& digests);

  HttpResponse head(std::string_view key);

  // Every object whose key starts with `prefix`, in the order S3 lists them
  // (by key), page after page (ListObjectsV2). `max_keys` > 0 asks for pages
  // of at most that many (tests); 0 leaves S3's default, 1000.
  S3Failure list(std::string_view prefix, std::vector<ListedObject>& objects, int max_keys = 0);
  HttpResponse get(std::string_view key);

 private:
  HttpRequest request(std::string method, std::string_view key,
                      std::string_view payload_sha256_hex) const;
  std::string bucket_url() const;
  S3Failure put(HttpRequest request, const FileDigests& digests, std::string_view content_type);

  S3Config config_;
  HttpTransport& transport_;
  RetryPolicy retry_;
  std::function<void(std::string_view)> log_;
};

}  // namespace steps::packages
