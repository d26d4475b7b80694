#include "packages/sigv4.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <map>
#include <stdexcept>

#include "packages/digest.h"
#include "runtime/text.h"

namespace steps::packages {

namespace {

Digest hmac_sha256(std::span<const unsigned char> key, std::string_view data) {
  Digest out(EVP_MAX_MD_SIZE);
  unsigned int length = 0;
  if (HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
           reinterpret_cast<const unsigned char*>(data.data()), data.size(), out.data(),
           &length) == nullptr) {
    throw std::runtime_error("OpenSSL could not compute an HMAC-SHA256");
  }
  out.resize(length);
  return out;
}

Digest hmac_sha256(std::string_view key, std::string_view data) {
  return hmac_sha256(
      std::span(reinterpret_cast<const unsigned char*>(key.data()), key.size()), data);
}

// A header value as SigV4 canonicalises it: trimmed, inner runs of spaces
// collapsed to one.
std::string canonical_value(std::string_view value) {
  std::string out;
  bool space = false;
  for (char c : value) {
    if (c == ' ' || c == '\t') {
      space = !out.empty();
      continue;
    }
    if (space) out.push_back(' ');
    space = false;
    out.push_back(c);
  }
  return out;
}

struct UrlParts {
  std::string authority;  // host[:port], as the Host header carries it
  std::string path;       // "/" when empty
  std::string query;
};

UrlParts split_url(std::string_view url) {
  const size_t scheme = url.find("://");
  if (scheme == std::string_view::npos) {
    throw std::invalid_argument("SigV4: not an absolute URL: " + std::string(url));
  }
  std::string_view rest = url.substr(scheme + 3);
  const size_t path_start = rest.find_first_of("/?");
  UrlParts parts;
  parts.authority = std::string(rest.substr(0, path_start));
  if (path_start == std::string_view::npos) {
    parts.path = "/";
    return parts;
  }
  rest = rest.substr(path_start);
  const size_t query_start = rest.find('?');
  parts.path = std::string(rest.substr(0, query_start));
  if (parts.path.empty()) parts.path = "/";
  if (query_start != std::string_view::npos) parts.query = std::string(rest.substr(query_start + 1));
  return parts;
}

// The query's parameters sorted by name, each as name=value (the caller has
// URI-encoded them).
std::string canonical_query(std::string_view query) {
  std::vector<std::string> params;
  while (!query.empty()) {
    const size_t amp = query.find('&');
    std::string param(query.substr(0, amp));
    if (param.find('=') == std::string::npos) param += '=';
    if (param != "=") params.push_back(std::move(param));
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
  }
  std::sort(params.begin(), params.end());
  std::string out;
  for (const auto& param : params) out += (out.empty() ? "" : "&") + param;
  return out;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> sigv4_headers(const HttpRequest& request,
                                                               const SigV4Credentials& credentials,
                                                               std::string_view amz_date) {
  if (amz_date.size() != 16) throw std::invalid_argument("SigV4: bad x-amz-date");
  const UrlParts url = split_url(request.url);

  // Names lower-cased, sorted; repeated headers joined with commas.
  std::map<std::string, std::string> headers;
  headers["host"] = url.authority;
  headers["x-amz-date"] = std::string(amz_date);
  for (const auto& [name, value] : request.headers) {
    const std::string key = runtime::lower(name);
    if (key == "x-amz-date" || key == "authorization") {
      throw std::invalid_argument("SigV4: the signer sets " + name + " itself");
    }
    std::string& slot = headers[key];
    slot += (slot.empty() ? "" : ",") + canonical_value(value);
  }
  const auto payload = headers.find("x-amz-content-sha256");
  if (payload == headers.end()) {
    throw std::invalid_argument("SigV4: the request has no x-amz-content-sha256 header");
  }
  std::string canonical_headers;
  std::string signed_headers;
  for (const auto& [name, value] : headers) {
    canonical_headers += name + ":" + value + "\n";
    signed_headers += (signed_headers.empty() ? "" : ";") + name;
  }
  const std::string canonical_request = request.method + "\n" + url.path + "\n" +
                                        canonical_query(url.query) + "\n" + canonical_headers +
                                        "\n" + signed_headers + "\n" + payload->second;

  const std::string date(amz_date.substr(0, 8));
  const std::string scope = date + "/" + credentials.region + "/s3/aws4_request";
  const std::string string_to_sign =
      "AWS4-HMAC-SHA256\n" + std::string(amz_date) + "\n" + scope + "\n" +
      hex(digest_of(DigestAlgorithm::sha256, canonical_request));
  Digest key = hmac_sha256("AWS4" + credentials.secret_access_key, date);
  key = hmac_sha256(key, credentials.region);
  key = hmac_sha256(key, "s3");
  key = hmac_sha256(key, "aws4_request");
  const std::string signature = hex(hmac_sha256(key, string_to_sign));

  return {{"x-amz-date", std::string(amz_date)},
          {"Authorization", "AWS4-HMAC-SHA256 Credential=" + credentials.access_key_id + "/" +
                                scope + ", SignedHeaders=" + signed_headers +
                                ", Signature=" + signature}};
}

std::string amz_date_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
#if defined(_WIN32)
  gmtime_s(&utc, &now);
#else
  gmtime_r(&now, &utc);
#endif
  char text[17];
  std::strftime(text, sizeof text, "%Y%m%dT%H%M%SZ", &utc);
  return text;
}

}  // namespace steps::packages
