// Case folding for the ASCII names GitHub compares without case (contexts,
// functions, YAML's booleans).
#pragma once

#include <cctype>
#include <string>

namespace pipec {

inline std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace pipec
