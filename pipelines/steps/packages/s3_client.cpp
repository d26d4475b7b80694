#include "packages/s3_client.h"

#include <set>

#include "packages/package_names.h"

namespace steps::packages {

namespace {

// SHA-256 of the empty payload, for requests without a body.
constexpr std::string_view kEmptySha256 =
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

std::string unquote(std::string text) {
  if (text.size() >= 2 && text.front() == '"' && text.back() == '"') {
    text = text.substr(1, text.size() - 2);
  }
  return text;
}

// A query parameter's value as SigV4 wants it in the canonical query: every
// byte but A-Z a-z 0-9 - . _ ~ percent-encoded, '/' too. The query is sent as
// written, already canonical (sorted by name), because libcurl before 8.3
// signs the query exactly as given.
std::string query_encode(std::string_view value) {
  std::string out;
  for (char c : percent_encode(value)) {
    if (c == '/') {
      out += "%2F";
    } else {
      out.push_back(c);
    }
  }
  return out;
}

}  // namespace

S3Client::S3Client(S3Config config, HttpTransport& transport, RetryPolicy retry,
                   std::function<void(std::string_view)> log)
    : config_(std::move(config)),
      transport_(transport),
      retry_(std::move(retry)),
      log_(std::move(log)) {}

std::string S3Client::object_url(std::string_view key) const {
  const std::string path = percent_encode(key);
  if (config_.endpoint_url.empty()) {
    return "https://" + config_.bucket + ".s3." + config_.region + ".amazonaws.com/" + path;
  }
  std::string endpoint = config_.endpoint_url;
  while (endpoint.ends_with('/')) endpoint.pop_back();
  return endpoint + "/" + config_.bucket + "/" + path;
}

std::string S3Client::bucket_url() const {
  const std::string url = object_url("");
  return url.ends_with('/') ? url : url + "/";
}

HttpRequest S3Client::request(std::string method, std::string_view key,
                              std::string_view payload_sha256_hex) const {
  HttpRequest request;
  request.method = std::move(method);
  request.url = object_url(key);
  request.headers.emplace_back("x-amz-content-sha256", std::string(payload_sha256_hex));
  if (!config_.session_token.empty()) {
    request.headers.emplace_back("x-amz-security-token", config_.session_token);
  }
  return request;
}

S3Failure S3Client::put(HttpRequest request, const FileDigests& digests,
                        std::string_view content_type) {
  request.headers.emplace_back("Content-Type", std::string(content_type));
  request.headers.emplace_back("Content-MD5", base64(digests.md5));
  request.headers.emplace_back("x-amz-checksum-sha256", base64(digests.sha256));
  request.headers.emplace_back("x-amz-meta-checksum-sha256", hex(digests.sha256));
  const HttpResponse response = send_with_retry(transport_, request, retry_, log_);
  if (response.status >= 200 && response.status < 300) return std::nullopt;
  return "PUT " + request.url + " failed (" + describe_failure(response) + ")";
}

S3Failure S3Client::put_file(std::string_view key, const std::filesystem::path& file,
                             const FileDigests& digests, std::string_view content_type) {
  HttpRequest put_request = request("PUT", key, hex(digests.sha256));
  put_request.body_file = file;
  return put(std::move(put_request), digests, content_type);
}

S3Failure S3Client::put_bytes(std::string_view key, std::string_view body,
                              std::string_view content_type) {
  const FileDigests digests = digest_bytes(body);
  HttpRequest put_request = request("PUT", key, hex(digests.sha256));
  put_request.body = std::string(body);
  return put(std::move(put_request), digests, content_type);
}

HttpResponse S3Client::head(std::string_view key) {
  HttpRequest head_request = request("HEAD", key, kEmptySha256);
  head_request.headers.emplace_back("x-amz-checksum-mode", "ENABLED");
  return send_with_retry(transport_, head_request, retry_, log_);
}

HttpResponse S3Client::get(std::string_view key) {
  return send_with_retry(transport_, request("GET", key, kEmptySha256), retry_, log_);
}

S3Failure S3Client::list(std::string_view prefix, std::vector<ListedObject>& objects,
                          int max_keys) {
  objects.clear();
  std::string token;
  // A listing that never ends (a token given twice, or pages past any
  // folder's size) is a broken server, not a folder.
  constexpr int kMostPages = 10000;
  // Nor is one of more objects than a run's folder could hold (it has
  // hundreds), which would fill the memory: pages of a million keys each.
  constexpr std::size_t kMostObjects = 100000;
  std::set<std::string> tokens;
  std::set<std::string> keys;
  std::size_t listed = 0;  // in the prefix or not
  int pages = 0;
  do {
    if (++pages > kMostPages) return "listing " + std::string(prefix) + " took more than " + std::to_string(kMostPages) + " pages";
    // Sorted by name, as the canonical query must be.
    std::string query;
    if (!token.empty()) query += "continuation-token=" + query_encode(token) + "&";
    query += "list-type=2";
    if (max_keys > 0) query += "&max-keys=" + std::to_string(max_keys);
    query += "&prefix=" + query_encode(prefix);
    HttpRequest list_request = request("GET", "", kEmptySha256);
    list_request.url = bucket_url() + "?" + query;
    const HttpResponse response = send_with_retry(transport_, list_request, retry_, log_);
    if (response.status != 200) {
      return "GET " + list_request.url + " failed (" + describe_failure(response) + ")";
    }
    ListPage page;
    if (auto error = parse_list_page(response.body, page, prefix)) {
      return "GET " + list_request.url + ": " + *error;
    }
    listed += page.listed;
    if (listed > kMostObjects)
      return "listing " + std::string(prefix) + " gave more than " + std::to_string(kMostObjects) + " objects";
    for (auto& object : page.objects) {
      // S3 lists each key once: one given again (on another page) would be
      // indexed twice, so the listing is refused as a broken server's.
      if (!keys.insert(object.key).second)
        return "GET " + list_request.url + " listed " + object.key + " a second time";
      objects.push_back(std::move(object));
    }
    token = page.truncated ? page.next_token : std::string();
    if (!token.empty() && !tokens.insert(token).second)
      return "GET " + list_request.url + " gave continuation token " + token + " a second time";
  } while (!token.empty());
  return std::nullopt;
}

S3Failure S3Client::verify(std::string_view key, const FileDigests& digests) {
  const HttpResponse response = head(key);
  const std::string url = object_url(key);
  if (response.status != 200) {
    return "HEAD " + url + " failed (" + describe_failure(response) + ")";
  }
  if (response.header("content-length") != std::to_string(digests.size)) {
    return url + " has " + response.header("content-length") + " bytes, expected " +
           std::to_string(digests.size);
  }
  if (const std::string checksum = response.header("x-amz-checksum-sha256"); !checksum.empty()) {
    if (checksum != base64(digests.sha256))
      return url + " has SHA-256 " + checksum + ", expected " + base64(digests.sha256);
    return std::nullopt;
  }
  if (const std::string etag = unquote(response.header("etag")); etag != hex(digests.md5)) {
    return url + " has ETag " + etag + ", expected the MD5 " + hex(digests.md5);
  }
  return std::nullopt;
}

}  // namespace steps::packages
