// Read-only access to a zip archive (libzip), streaming member contents so
// multi-gigabyte wheels are never held in memory.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace steps::packages {

struct ZipMember {
  std::string name;        // as stored: '/'-separated, directories end in '/'
  std::uint64_t size = 0;  // uncompressed
};

class ZipReader {
 public:
  // Opens `archive`; on failure returns nullptr and sets `error`.
  static std::unique_ptr<ZipReader> open(const std::filesystem::path& archive, std::string& error);
  ~ZipReader();
  ZipReader(const ZipReader&) = delete;
  ZipReader& operator=(const ZipReader&) = delete;

  const std::vector<ZipMember>& members() const { return members_; }

  // All reads of one archive together inflate to at most this many bytes
  // per byte of the archive. Deflate, what wheels use, cannot pass 1032:1,
  // and the wheel check reads a member at most twice (METADATA and WHEEL:
  // their text, then their hash); so more means members read over and
  // over, or members that share their compressed data (a zip bomb):
  // minutes of CPU from a small file. Past it every read fails, and
  // exhausted() says so.
  static constexpr std::uint64_t kMostInflationPerByte = 1032;
  static constexpr std::uint64_t kMostReadsOfAMember = 2;
  bool exhausted() const { return inflated_ > inflation_budget_; }

  // Feeds the member's bytes to `sink` in chunks. libzip checks the CRC at the
  // end. Returns false and sets `error` on failure; stops, and returns false,
  // when `sink` returns false (having set `error` itself).
  bool stream(std::string_view name, const std::function<bool(std::string_view)>& sink,
              std::string& error) const;
  // The whole member as a string (for small text members: METADATA, WHEEL,
  // RECORD), up to kLargestTextMember; a larger one is an error, so that a
  // member that inflates to gigabytes is not held in memory.
  static constexpr std::size_t kLargestTextMember = 256u << 20;
  bool read(std::string_view name, std::string& content, std::string& error,
            std::size_t largest = kLargestTextMember) const;

 private:
  struct Handle;
  explicit ZipReader(std::unique_ptr<Handle> handle);
  std::unique_ptr<Handle> handle_;
  std::vector<ZipMember> members_;
  std::uint64_t inflation_budget_ = 0;
  mutable std::uint64_t inflated_ = 0;  // by every read so far
};

}  // namespace steps::packages
