// Checks one wheel file: its name, size, zip structure, .dist-info METADATA,
// WHEEL and RECORD (every member listed, hashes and sizes right).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace steps::packages {

inline constexpr std::uint64_t kMinimumWheelSize = 100 * 1024;

struct WheelReport {
  std::uint64_t size = 0;
  // Each problem is a phrase that follows "Wheel <file> ", e.g.
  // "is too small (12 bytes)" or "has a RECORD hash mismatch for torch/x.py".
  std::vector<std::string> problems;
};

WheelReport check_wheel(const std::filesystem::path& wheel,
                        std::uint64_t minimum_size = kMinimumWheelSize);

}  // namespace steps::packages
