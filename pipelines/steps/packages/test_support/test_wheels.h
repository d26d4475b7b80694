// Real wheels for tests, written with libzip: a valid one (METADATA, WHEEL,
// RECORD with correct hashes and sizes, and a filler member so it passes the
// size check), or any variant a test makes by editing the members first.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace steps::packages::testing {

using Members = std::vector<std::pair<std::string, std::string>>;  // path, content

struct WheelParts {
  std::string dist_info;  // e.g. "torch-2.7.0+rocm7.0.dist-info"
  Members members;        // everything except RECORD
};

// The members of a valid wheel for `distribution` `version` with one `tag`
// ("cp312-cp312-linux_x86_64"); `filler_bytes` of stored, incompressible data.
WheelParts valid_wheel_parts(const std::string& distribution, const std::string& version,
                             const std::string& tag, std::size_t filler_bytes = 110 * 1024);

// RECORD text listing `members` with sha256 hashes and sizes, then RECORD.
std::string record_for(const WheelParts& parts);

// Writes a zip (members in the given order, stored uncompressed, or
// deflated, as pip's wheels are, with `deflate`).
void write_zip(const std::filesystem::path& path, const Members& members, bool deflate = false);

// parts.members plus RECORD from record_for, written to dir/filename.
std::filesystem::path write_wheel(const std::filesystem::path& dir, const std::string& filename,
                                  const WheelParts& parts, bool deflate = false);

// Writes a small file with the given content (for sdists and such).
void write_text(const std::filesystem::path& path, const std::string& content);
std::string read_text(const std::filesystem::path& path);

}  // namespace steps::packages::testing
