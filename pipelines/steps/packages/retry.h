// Retrying transient HTTP failures with exponential backoff.
#pragma once

#include <chrono>
#include <functional>
#include <string_view>

#include "packages/http_transport.h"

namespace steps::packages {

struct RetryPolicy {
  int max_attempts = 5;
  std::chrono::milliseconds first_delay{1000};  // doubled after each failed attempt
  // How to wait; empty means std::this_thread::sleep_for. Tests record instead.
  std::function<void(std::chrono::milliseconds)> sleep;
};

// No answer at all, 429 Too Many Requests, or any 5xx.
bool is_transient(const HttpResponse& response);

// "HTTP 503" or the transport's error text.
std::string describe_failure(const HttpResponse& response);

// Sends `request` until it gets a non-transient answer or the attempts run
// out, and returns the last response. Logs one line before each retry.
HttpResponse send_with_retry(HttpTransport& transport, const HttpRequest& request,
                             const RetryPolicy& policy,
                             const std::function<void(std::string_view)>& log);

}  // namespace steps::packages
