#include "packages/wheel_record.h"

#include <array>

namespace steps::packages {

namespace {

// Reads one CSV row starting at `pos`; quoted fields may hold commas, doubled
// quotes and newlines. Keeps the first three fields (a row of more is
// refused whatever they hold; a row of millions of commas once took
// gigabytes) and counts them all. Returns false on an unterminated quote.
bool read_row(std::string_view text, std::size_t& pos, std::array<std::string, 3>& fields,
              std::size_t& count) {
  for (auto& field : fields) field.clear();
  count = 1;
  std::string ignored;  // the text of a field past the third
  const auto current = [&]() -> std::string& { return count <= fields.size() ? fields[count - 1] : ignored; };
  bool quoted = false;
  while (pos < text.size()) {
    const char c = text[pos++];
    if (quoted) {
      if (c != '"') {
        current().push_back(c);
      } else if (pos < text.size() && text[pos] == '"') {
        current().push_back('"');
        ++pos;
      } else {
        quoted = false;
      }
    } else if (c == '"' && current().empty()) {
      quoted = true;
    } else if (c == ',') {
      ++count;
      ignored.clear();
    } else if (c == '\n') {
      break;
    } else if (c != '\r') {
      current().push_back(c);
    }
  }
  return !quoted;
}

}  // namespace

std::optional<std::vector<RecordEntry>> parse_record(std::string_view text, std::string& problem,
                                                     std::size_t most_entries) {
  std::vector<RecordEntry> entries;
  std::array<std::string, 3> fields;
  std::size_t count = 0;
  std::size_t pos = 0;
  for (std::size_t row = 1; pos < text.size(); ++row) {
    if (!read_row(text, pos, fields, count)) {
      problem = "RECORD row " + std::to_string(row) + " has an unterminated quote";
      return std::nullopt;
    }
    if (count == 1 && fields[0].empty()) continue;  // blank line
    if (count != 3) {
      problem = "RECORD row " + std::to_string(row) + " has " + std::to_string(count) +
                " fields, expected 3 (path,hash,size)";
      return std::nullopt;
    }
    if (entries.size() == most_entries) {
      problem = "RECORD has more than " + std::to_string(most_entries) + " rows";
      return std::nullopt;
    }
    entries.push_back({fields[0], fields[1], fields[2], row});
  }
  return entries;
}

}  // namespace steps::packages
