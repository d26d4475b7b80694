// An HttpTransport for tests: records every request and answers from a script
// (or passes through to a real transport), so failures can be injected.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "packages/http_transport.h"

namespace steps::packages::testing {

class FakeTransport : public HttpTransport {
 public:
  // Decides the answer; returning nullopt passes the request to `next`.
  using Script = std::function<std::optional<HttpResponse>(const HttpRequest&)>;

  explicit FakeTransport(Script script, HttpTransport* next = nullptr)
      : script_(std::move(script)), next_(next) {}

  HttpResponse send(const HttpRequest& request) override {
    requests.push_back(request);
    if (auto answer = script_(request)) return *answer;
    return next_ != nullptr ? next_->send(request) : HttpResponse{404, "", {}, ""};
  }

  std::vector<HttpRequest> requests;

 private:
  Script script_;
  HttpTransport* next_;
};

}  // namespace steps::packages::testing
