// Lets doctest show the lines it compares when a CHECK on them fails.
#pragma once

#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace doctest {

template <>
struct StringMaker<std::vector<std::string>> {
  static String convert(const std::vector<std::string>& lines) {
    std::string text = "{\n";
    for (const auto& line : lines) text += "  \"" + line + "\"\n";
    return (text + "}").c_str();
  }
};

template <>
struct StringMaker<std::vector<std::pair<std::string, std::string>>> {
  static String convert(const std::vector<std::pair<std::string, std::string>>& pairs) {
    std::string text = "{\n";
    for (const auto& [key, value] : pairs) text += "  " + key + "=" + value + "\n";
    return (text + "}").c_str();
  }
};

template <>
struct StringMaker<std::optional<std::string>> {
  static String convert(const std::optional<std::string>& text) {
    return text ? ("\"" + *text + "\"").c_str() : "nullopt";
  }
};

}  // namespace doctest
