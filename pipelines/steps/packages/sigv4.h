// AWS Signature Version 4 for S3 requests, for a libcurl too old to sign
// them itself (CURLOPT_AWS_SIGV4 came with libcurl 7.75; the manylinux_2_28
// build container, AlmaLinux 8, has 7.61). Where libcurl can sign, it does
// (curl_transport.cpp); this signs exactly as it would: every header the
// caller set plus host, and the payload hash taken from the
// x-amz-content-sha256 header.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "packages/http_transport.h"

namespace steps::packages {

struct SigV4Credentials {
  std::string access_key_id;
  std::string secret_access_key;
  std::string region;
};

// The headers to add to `request` so that S3 accepts it: x-amz-date
// (`amz_date`, "YYYYMMDDTHHMMSSZ" in UTC) and Authorization. The request
// must carry x-amz-content-sha256; its URL must be absolute
// (scheme://authority/path[?query]) with the path already URI-encoded.
// Throws std::invalid_argument otherwise.
std::vector<std::pair<std::string, std::string>> sigv4_headers(const HttpRequest& request,
                                                               const SigV4Credentials& credentials,
                                                               std::string_view amz_date);

// The current UTC time as "YYYYMMDDTHHMMSSZ".
std::string amz_date_now();

}  // namespace steps::packages
