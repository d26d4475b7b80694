#include "packages/core_metadata.h"

#include <algorithm>

namespace steps::packages {

namespace {

std::string_view trim(std::string_view text) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

bool iequals(std::string_view a, std::string_view b) {
  const auto lower = [](char c) { return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c; };
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                            [&](char x, char y) { return lower(x) == lower(y); });
}

}  // namespace

std::optional<HeaderFields> HeaderFields::parse(std::string_view text, std::string& problem) {
  HeaderFields result;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) break;  // the body (long description) follows
    if ((line.front() == ' ' || line.front() == '\t') && !result.fields_.empty()) {
      result.fields_.back().second += "\n" + std::string(trim(line));
      continue;
    }
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    if (result.fields_.size() == kMostFields) {
      problem = "more than " + std::to_string(kMostFields) + " fields";
      return std::nullopt;
    }
    result.fields_.emplace_back(std::string(trim(line.substr(0, colon))),
                                std::string(trim(line.substr(colon + 1))));
  }
  return result;
}

std::optional<std::string> HeaderFields::first(std::string_view name) const {
  for (const auto& [key, value] : fields_) {
    if (iequals(key, name)) return value;
  }
  return std::nullopt;
}

std::vector<std::string> HeaderFields::all(std::string_view name) const {
  std::vector<std::string> values;
  for (const auto& [key, value] : fields_) {
    if (iequals(key, name)) values.push_back(value);
  }
  return values;
}

}  // namespace steps::packages
