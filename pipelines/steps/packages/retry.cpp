#include "packages/retry.h"

#include <algorithm>
#include <string>
#include <thread>

#include "runtime/text.h"

namespace steps::packages {

bool is_transient(const HttpResponse& response) {
  return response.status == 0 || response.status == 429 || response.status >= 500;
}

std::string describe_failure(const HttpResponse& response) {
  if (response.status == 0) return response.error;
  std::string text = "HTTP " + std::to_string(response.status);
  // S3 explains itself in <Code>...</Code>.
  const auto begin = response.body.find("<Code>");
  const auto end = response.body.find("</Code>");
  if (begin != std::string::npos && end != std::string::npos && end > begin) {
    // What the server wrote, as one line of the log, however it is written.
    text += " " + runtime::one_line(response.body.substr(begin + 6, std::min<std::size_t>(end - begin - 6, 200)));
  }
  // A bucket in another region than the one signed for and addressed (a
  // redirect, or a signature S3 refuses) names its region: the fix is
  // AWS_REGION, which the requests are made for.
  if (const std::string region = response.header("x-amz-bucket-region");
      !region.empty() && (response.status == 301 || response.status == 400)) {
    text += ": the bucket is in region " + runtime::one_line(region) + "; set AWS_REGION to it";
  }
  return text;
}

HttpResponse send_with_retry(HttpTransport& transport, const HttpRequest& request,
                             const RetryPolicy& policy,
                             const std::function<void(std::string_view)>& log) {
  std::chrono::milliseconds delay = policy.first_delay;
  for (int attempt = 1;; ++attempt) {
    HttpResponse response = transport.send(request);
    if (!is_transient(response) || attempt >= policy.max_attempts) return response;
    log("[WARN] " + request.method + " " + request.url + " failed (" + describe_failure(response) +
        "); retrying in " + std::to_string(delay.count()) + " ms (attempt " +
        std::to_string(attempt + 1) + " of " + std::to_string(policy.max_attempts) + ")");
    if (policy.sleep) {
      policy.sleep(delay);
    } else {
      std::this_thread::sleep_for(delay);
    }
    delay *= 2;
  }
}

}  // namespace steps::packages
