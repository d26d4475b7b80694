// A wheel's RECORD file: CSV rows of "path,hash,size" (Python's csv dialect),
// where hash is "<algorithm>=<urlsafe-base64 digest without padding>".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace steps::packages {

struct RecordEntry {
  std::string path;
  std::string hash;  // may be empty (RECORD itself, signatures)
  std::string size;  // may be empty; decimal otherwise
  std::size_t row = 0;  // 1-based, for messages
};

// On a malformed row, or more than `most_entries` rows that are not blank,
// returns nullopt and sets `problem`. The bound keeps the entries' memory
// near the text's: 256 MiB of "a,,\n" rows once took tens of gigabytes.
std::optional<std::vector<RecordEntry>> parse_record(std::string_view text, std::string& problem,
                                                     std::size_t most_entries);

}  // namespace steps::packages
