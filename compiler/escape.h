// Escapes: the backslash escapes C++ string literals and YAML's
// double-quoted scalars share (\" \\ \n \t \r), and text for one comment line.
#pragma once

#include <cstddef>
#include <string>
#include <utility>

namespace pipec {

inline std::string c_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default: out += c;
    }
  }
  return out;
}

// s with each character sequence of the table replaced by its escape.
template <size_t N>
std::string escape_each(std::string s, const std::pair<const char*, const char*> (&table)[N]) {
  for (const auto& [chars, escape] : table) {
    const std::string from = chars, to = escape;
    for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
      s.replace(at, from.size(), to);
  }
  return s;
}

// Text for one # or // comment line: what could end the line early is
// written as an escape (\n, \r, and the code points a YAML 1.1 reader breaks
// lines at: U+0085, U+2028, U+2029; and the BOM).
inline std::string one_comment_line(const std::string& s) {
  static const std::pair<const char*, const char*> escapes[] = {
      {"\n", "\\n"}, {"\r", "\\r"}, {"\xC2\x85", "\\u0085"}, {"\xE2\x80\xA8", "\\u2028"}, {"\xE2\x80\xA9", "\\u2029"},
      {"\xEF\xBB\xBF", "\\uFEFF"}};
  return escape_each(s, escapes);
}

}  // namespace pipec
