// A fresh directory under the system temp directory, removed on destruction.
#pragma once

#include <filesystem>
#include <string>

namespace steps::packages::testing {

class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// base/relative as the steps print it: `relative` is '/'-separated and comes
// out with the platform's separators.
std::string path_text(const std::filesystem::path& base, const std::string& relative);

}  // namespace steps::packages::testing
