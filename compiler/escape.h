// Escapes: the backslash escapes C++ string literals and YAML's
// double-quoted scalars share (\" \\ \n \t \r), and text for one comment line.
#pragma once

#include <cstddef>
#include <string>
#include <utility>

#include "utf8.h"

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

// Text for one # or // comment line, also in a generated C++ file: what
// could end the line early is written as an escape (\n, \r, and the code
// points a YAML 1.1 reader breaks lines at: U+0085, U+2028, U+2029), and so
// is what no YAML file may hold (bytes that are no UTF-8, as \xNN; control
// characters other than tab; U+FEFF, U+FFFE and U+FFFF): a source file's
// name is any bytes.
inline std::string one_comment_line(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    const size_t start = i;
    const char32_t cp = decode_utf8(s, i);
    char buf[12];
    if (cp == '\n') {
      out += "\\n";
    } else if (cp == '\r') {
      out += "\\r";
    } else if (cp == kNotUtf8) {
      std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned char>(s[start]));
      out += buf;
    } else if ((cp < 0x20 && cp != '\t') || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 ||
               cp == 0xFEFF || cp == 0xFFFE || cp == 0xFFFF) {
      std::snprintf(buf, sizeof buf, "\\u%04X", static_cast<unsigned>(cp));
      out += buf;
    } else {
      out.append(s, start, i - start);
    }
  }
  return out;
}

}  // namespace pipec
