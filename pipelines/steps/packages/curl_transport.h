// HttpTransport over libcurl, signing each request with libcurl's built-in
// AWS Signature Version 4 (CURLOPT_AWS_SIGV4, "aws:amz:<region>:s3").
//
// libcurl takes the payload hash from the x-amz-content-sha256 request header
// (which S3 requires anyway), so file bodies are streamed, never loaded, and
// every header the caller sets is signed.
#pragma once

#include <string>

#include "packages/http_transport.h"

namespace steps::packages {

struct AwsSigning {
  std::string access_key_id;  // empty: send unsigned requests
  std::string secret_access_key;
  std::string region;
};

struct CurlTimeouts {
  long connect_seconds = 30;
  // A transfer slower than 1 byte/s for this long is abandoned (and retried).
  long stall_seconds = 120;
};

class CurlTransport : public HttpTransport {
 public:
  explicit CurlTransport(AwsSigning signing, CurlTimeouts timeouts = {});
  HttpResponse send(const HttpRequest& request) override;

 private:
  AwsSigning signing_;
  CurlTimeouts timeouts_;
};

}  // namespace steps::packages
