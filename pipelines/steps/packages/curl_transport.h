// HttpTransport over libcurl, signing each request with AWS Signature
// Version 4: by libcurl itself (CURLOPT_AWS_SIGV4, "aws:amz:<region>:s3")
// where it can (7.75 and later), else by sigv4.h, which signs the same way.
//
// The payload hash comes from the x-amz-content-sha256 request header (which
// S3 requires anyway), so file bodies are streamed, never loaded, and every
// header the caller sets is signed.
#pragma once

#include <cstddef>
#include <string>

#include "packages/http_transport.h"

namespace steps::packages {

enum class SigV4Signer { libcurl, sigv4_h };

// libcurl when the libcurl built against signs requests, else sigv4_h.
SigV4Signer default_signer();

struct AwsSigning {
  std::string access_key_id;  // empty: send unsigned requests
  std::string secret_access_key;
  std::string region;
  SigV4Signer signer = default_signer();  // libcurl is used only where it can sign
};

struct CurlTimeouts {
  long connect_seconds = 30;
  // A transfer slower than 1 KiB/s for this long is abandoned (and retried).
  long stall_seconds = 120;
  // And one that takes longer than this in all: a 5 GiB package (the most
  // one PUT takes) at under 1 MiB/s.
  long total_seconds = 2 * 60 * 60;
};

// A response body larger than this (no listing page or error comes near)
// ends the request with an error.
constexpr std::size_t kLargestResponseBody = 64u << 20;

class CurlTransport : public HttpTransport {
 public:
  explicit CurlTransport(AwsSigning signing, CurlTimeouts timeouts = {});
  HttpResponse send(const HttpRequest& request) override;

 private:
  AwsSigning signing_;
  CurlTimeouts timeouts_;
};

}  // namespace steps::packages
