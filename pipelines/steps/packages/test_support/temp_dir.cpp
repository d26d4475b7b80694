#include "test_support/temp_dir.h"

#include <random>
#include <string>
#include <system_error>

namespace steps::packages::testing {

TempDir::TempDir() {
  std::random_device device;
  for (int attempt = 0;; ++attempt) {
    path_ = std::filesystem::temp_directory_path() /
            ("pipec-packages-" + std::to_string(device()) + std::to_string(device()));
    if (std::filesystem::create_directory(path_) || attempt > 10) break;
  }
  // Canonical, so paths printed by the steps (which resolve) compare equal.
  path_ = std::filesystem::canonical(path_);
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::string path_text(const std::filesystem::path& base, const std::string& relative) {
  return (base / std::filesystem::path(relative).make_preferred()).string();
}

}  // namespace steps::packages::testing
