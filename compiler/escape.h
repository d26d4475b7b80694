// The backslash escapes C++ string literals and YAML's double-quoted
// scalars share: \" \\ \n \t \r.
#pragma once

#include <string>

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

}  // namespace pipec
