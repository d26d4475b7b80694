// A real S3-compatible server for tests: the npm package s3rver, started on
// 127.0.0.1 with a free port and a temporary data directory, stopped (and
// waited for) when the object goes away, whatever the test did.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

#include "packages/retry.h"

namespace steps::packages::testing {

// The bucket the S3 tests have s3rver create, and a retry policy that does
// not make them wait.
inline constexpr const char* kBucket = "pipec-test";
inline const RetryPolicy kFastRetry{3, std::chrono::milliseconds(1), [](auto) {}};

// ${PROJECT_SOURCE_DIR}/tools/node_modules/.bin/s3rver if it exists, else
// the file named by $PIPEC_S3RVER if that exists.
std::optional<std::filesystem::path> find_s3rver();

struct S3rverChild;  // the platform's process handle

class S3rverProcess {
 public:
  // Starts the server with `bucket` configured and waits (at most 60 s)
  // until it answers HTTP, on another port if it exits first (three tries).
  // Throws std::runtime_error saying why otherwise.
  S3rverProcess(const std::filesystem::path& binary, const std::filesystem::path& data_dir,
                const std::string& bucket);
  ~S3rverProcess();
  S3rverProcess(const S3rverProcess&) = delete;
  S3rverProcess& operator=(const S3rverProcess&) = delete;

  std::string endpoint() const;  // "http://127.0.0.1:<port>"
  void stop();                   // idempotent

 private:
  S3rverChild* child_ = nullptr;
  int port_ = 0;
};

}  // namespace steps::packages::testing
