// A fresh directory under the system temp directory, removed on destruction.
#pragma once

#include <filesystem>

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

}  // namespace steps::packages::testing
