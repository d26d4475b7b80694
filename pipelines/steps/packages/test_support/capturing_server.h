// A loopback HTTP listener for tests that answers every request with an empty
// 200 and keeps the request headers, to see exactly what libcurl sent.
// POSIX only; on Windows requests() throws.
#pragma once

#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace steps::packages::testing {

class CapturingServer {
 public:
  CapturingServer();  // listens on 127.0.0.1 and a free port
  ~CapturingServer();
  CapturingServer(const CapturingServer&) = delete;
  CapturingServer& operator=(const CapturingServer&) = delete;

  std::string endpoint() const;  // "http://127.0.0.1:<port>"
  // Each request's headers so far, names lower-cased, in arrival order.
  std::vector<std::map<std::string, std::string>> requests() const;

 private:
  void serve();
  int listener_ = -1;
  int port_ = 0;
  mutable std::mutex mutex_;
  std::vector<std::map<std::string, std::string>> requests_;
  std::thread thread_;
};

}  // namespace steps::packages::testing
