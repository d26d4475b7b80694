// One HTTP exchange, behind an interface so the S3 client can be tested with
// injected failures. The real implementation is CurlTransport.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace steps::packages {

struct HttpRequest {
  std::string method;  // "PUT", "HEAD" or "GET"
  std::string url;
  std::vector<std::pair<std::string, std::string>> headers;
  std::optional<std::filesystem::path> body_file;  // PUT body streamed from a file...
  std::string body;                                // ...or from memory
};

struct HttpResponse {
  long status = 0;    // 0: no HTTP answer (connection refused, timeout, ...)
  std::string error;  // the transport's reason when status is 0
  std::map<std::string, std::string> headers;  // names lower-cased
  std::string body;

  // The value of the header `name` (lower-case), or "" when it is absent.
  std::string header(const std::string& name) const {
    const auto it = headers.find(name);
    return it == headers.end() ? std::string() : it->second;
  }
};

class HttpTransport {
 public:
  virtual ~HttpTransport() = default;
  virtual HttpResponse send(const HttpRequest& request) = 0;
};

}  // namespace steps::packages
