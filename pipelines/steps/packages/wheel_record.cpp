#include "packages/wheel_record.h"

namespace steps::packages {

namespace {

// Reads one CSV row starting at `pos`; quoted fields may hold commas, doubled
// quotes and newlines. Returns false on an unterminated quote.
bool read_row(std::string_view text, std::size_t& pos, std::vector<std::string>& fields) {
  fields.assign(1, std::string());
  bool quoted = false;
  while (pos < text.size()) {
    const char c = text[pos++];
    if (quoted) {
      if (c != '"') {
        fields.back().push_back(c);
      } else if (pos < text.size() && text[pos] == '"') {
        fields.back().push_back('"');
        ++pos;
      } else {
        quoted = false;
      }
    } else if (c == '"' && fields.back().empty()) {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else if (c == '\n') {
      break;
    } else if (c != '\r') {
      fields.back().push_back(c);
    }
  }
  return !quoted;
}

}  // namespace

std::optional<std::vector<RecordEntry>> parse_record(std::string_view text, std::string& problem) {
  std::vector<RecordEntry> entries;
  std::vector<std::string> fields;
  std::size_t pos = 0;
  for (int row = 1; pos < text.size(); ++row) {
    if (!read_row(text, pos, fields)) {
      problem = "RECORD row " + std::to_string(row) + " has an unterminated quote";
      return std::nullopt;
    }
    if (fields.size() == 1 && fields[0].empty()) continue;  // blank line
    if (fields.size() != 3) {
      problem = "RECORD row " + std::to_string(row) + " has " + std::to_string(fields.size()) +
                " fields, expected 3 (path,hash,size)";
      return std::nullopt;
    }
    entries.push_back({fields[0], fields[1], fields[2], row});
  }
  return entries;
}

}  // namespace steps::packages
