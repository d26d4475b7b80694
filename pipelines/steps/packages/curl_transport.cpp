#include "packages/curl_transport.h"

#include <curl/curl.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "packages/sigv4.h"
#include "runtime/text.h"

// CURLOPT_AWS_SIGV4 appeared in libcurl 7.75.0. A build can say 0 to check
// the path of an older libcurl (tests/steps_build_test.sh).
#ifndef PIPEC_LIBCURL_SIGNS
#define PIPEC_LIBCURL_SIGNS (LIBCURL_VERSION_NUM >= 0x074B00)
#endif

namespace steps::packages {

namespace {

struct CurlDeleter {
  void operator()(CURL* curl) const { curl_easy_cleanup(curl); }
  void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};

// Where a request body comes from: a file stream or a string.
struct BodySource {
  std::ifstream* file = nullptr;
  std::string_view memory;
  std::size_t offset = 0;
};

size_t read_body(char* buffer, size_t size, size_t count, void* user) {
  auto* source = static_cast<BodySource*>(user);
  const size_t room = size * count;
  if (source->file != nullptr) {
    source->file->read(buffer, static_cast<std::streamsize>(room));
    if (source->file->bad()) return CURL_READFUNC_ABORT;
    return static_cast<size_t>(source->file->gcount());
  }
  const size_t n = std::min(room, source->memory.size() - source->offset);
  std::memcpy(buffer, source->memory.data() + source->offset, n);
  source->offset += n;
  return n;
}

// Where a response body goes, up to kLargestResponseBody.
struct BodySink {
  std::string* body;
  bool too_large = false;
};

size_t write_body(char* data, size_t size, size_t count, void* user) {
  auto* sink = static_cast<BodySink*>(user);
  if (sink->body->size() + size * count > kLargestResponseBody) {
    sink->too_large = true;
    return 0;  // libcurl ends the transfer
  }
  sink->body->append(data, size * count);
  return size * count;
}

size_t write_header(char* data, size_t size, size_t count, void* user) {
  auto* headers = static_cast<std::map<std::string, std::string>*>(user);
  std::string_view line(data, size * count);
  if (line.starts_with("HTTP/")) headers->clear();  // a new response (after 100 Continue)
  const size_t colon = line.find(':');
  if (colon != std::string_view::npos) {
    const std::string name = runtime::lower(std::string(line.substr(0, colon)));
    std::string_view value = line.substr(colon + 1);
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t'))
      value.remove_prefix(1);
    while (!value.empty() &&
           (value.back() == '\r' || value.back() == '\n' || value.back() == ' ')) {
      value.remove_suffix(1);
    }
    (*headers)[name] = std::string(value);
  }
  return size * count;
}

}  // namespace

SigV4Signer default_signer() {
  return PIPEC_LIBCURL_SIGNS ? SigV4Signer::libcurl : SigV4Signer::sigv4_h;
}

CurlTransport::CurlTransport(AwsSigning signing, CurlTimeouts timeouts)
    : signing_(std::move(signing)), timeouts_(timeouts) {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

HttpResponse CurlTransport::send(const HttpRequest& request) {
  HttpResponse response;
  std::unique_ptr<CURL, CurlDeleter> curl(curl_easy_init());
  if (!curl) throw std::runtime_error("libcurl could not create a handle");
  CURL* h = curl.get();

  const bool sign = !signing_.access_key_id.empty();
  const bool libcurl_signs = PIPEC_LIBCURL_SIGNS && signing_.signer == SigV4Signer::libcurl;
  auto header_lines = request.headers;
  if (sign && !libcurl_signs) {
    for (auto& header : sigv4_headers(
             request, {signing_.access_key_id, signing_.secret_access_key, signing_.region},
             amz_date_now())) {
      header_lines.push_back(std::move(header));
    }
  }
  std::unique_ptr<curl_slist, CurlDeleter> headers;
  for (const auto& [name, value] : header_lines) {
    const std::string line = name + ": " + value;
    headers.reset(curl_slist_append(headers.release(), line.c_str()));
  }

  std::ifstream file;
  BodySource source;
  curl_easy_setopt(h, CURLOPT_URL, request.url.c_str());
  curl_easy_setopt(h, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT, timeouts_.connect_seconds);
  curl_easy_setopt(h, CURLOPT_LOW_SPEED_LIMIT, 1024L);
  curl_easy_setopt(h, CURLOPT_LOW_SPEED_TIME, timeouts_.stall_seconds);
  curl_easy_setopt(h, CURLOPT_TIMEOUT, timeouts_.total_seconds);
  curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
  // vcpkg's curl on Windows uses Schannel, which fails the upload when a
  // certificate's revocation servers cannot be reached (a runner behind a
  // proxy); the AWS CLI this replaces (OpenSSL) checks no revocation at
  // all. Best effort: checked where reachable. Other TLS backends ignore it.
  curl_easy_setopt(h, CURLOPT_SSL_OPTIONS, static_cast<long>(CURLSSLOPT_REVOKE_BEST_EFFORT));
  BodySink sink{&response.body};
  curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, write_body);
  curl_easy_setopt(h, CURLOPT_WRITEDATA, &sink);
  curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, write_header);
  curl_easy_setopt(h, CURLOPT_HEADERDATA, &response.headers);
#if PIPEC_LIBCURL_SIGNS
  if (sign && libcurl_signs) {
    const std::string sigv4 = "aws:amz:" + signing_.region + ":s3";
    curl_easy_setopt(h, CURLOPT_AWS_SIGV4, sigv4.c_str());  // copied by libcurl
    curl_easy_setopt(h, CURLOPT_USERNAME, signing_.access_key_id.c_str());
    curl_easy_setopt(h, CURLOPT_PASSWORD, signing_.secret_access_key.c_str());
  }
#endif
  if (request.method == "HEAD") {
    curl_easy_setopt(h, CURLOPT_NOBODY, 1L);
  } else if (request.method == "PUT") {
    curl_off_t size = 0;
    if (request.body_file) {
      file.open(*request.body_file, std::ios::binary);
      if (!file) {
        response.error = "cannot read " + request.body_file->string();
        return response;
      }
      source.file = &file;
      size = static_cast<curl_off_t>(std::filesystem::file_size(*request.body_file));
    } else {
      source.memory = request.body;
      size = static_cast<curl_off_t>(request.body.size());
    }
    curl_easy_setopt(h, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(h, CURLOPT_READFUNCTION, read_body);
    curl_easy_setopt(h, CURLOPT_READDATA, &source);
    curl_easy_setopt(h, CURLOPT_INFILESIZE_LARGE, size);
  } else if (request.method != "GET") {
    throw std::logic_error("CurlTransport: unsupported method " + request.method);
  }

  const CURLcode code = curl_easy_perform(h);
  if (code != CURLE_OK) {
    response.error = sink.too_large ? "the response is larger than " + std::to_string(kLargestResponseBody >> 20) + " MiB"
                                    : curl_easy_strerror(code);
    response.body.clear();
    response.headers.clear();
    return response;
  }
  curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &response.status);
  return response;
}

}  // namespace steps::packages
