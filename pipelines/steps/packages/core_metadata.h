// The email-header format of a wheel's METADATA and WHEEL files:
// "Name: value" lines up to the first blank line; a line starting with
// whitespace continues the previous value.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace steps::packages {

class HeaderFields {
 public:
  // More fields than any METADATA or WHEEL has (a large one has hundreds):
  // past it the text is refused, so that 256 MiB of "a:" lines, each a
  // field, does not take tens of gigabytes.
  static constexpr std::size_t kMostFields = 10000;
  // Returns nullopt, and sets `problem`, for text of more than kMostFields.
  static std::optional<HeaderFields> parse(std::string_view text, std::string& problem);

  // Field names compare case-insensitively.
  std::optional<std::string> first(std::string_view name) const;
  std::vector<std::string> all(std::string_view name) const;

 private:
  std::vector<std::pair<std::string, std::string>> fields_;
};

}  // namespace steps::packages
