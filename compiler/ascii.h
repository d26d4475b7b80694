// Case folding for the ASCII names GitHub compares without case (contexts,
// functions, YAML's booleans; text in expressions folds by ordinal_case.h),
// the shape of a commit SHA and of a step tool's names, and trimming as
// actions trim their inputs.
#pragma once

#include <algorithm>
#include <cctype>
#include <string>

namespace pipec {

inline std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Whether two names are the same but for ASCII case (as Windows reads
// environment variable names).
inline bool same_but_case(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}

// Whether s is a name in lower_snake_case (UPPER_SNAKE_CASE with upper),
// dashes allowed with `dashes`: a step tool's names, written into C++ and
// CMake as they are.
inline bool is_identifier(const std::string& s, bool upper, bool dashes = false) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-') return false;
  return std::all_of(s.begin(), s.end(), [&](char c) {
    return c == '_' || (dashes && c == '-') || std::isdigit(static_cast<unsigned char>(c)) ||
           (upper ? std::isupper(static_cast<unsigned char>(c)) : std::islower(static_cast<unsigned char>(c)));
  });
}

// The ASCII upper case (names; text GitHub compares is ordinal_case.h's).
inline std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// n lower-case hex digits, as a full commit SHA is written (n = 40).
inline bool is_hex(const std::string& s, size_t n) {
  return s.size() == n && std::all_of(s.begin(), s.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

// An image named by digest: NAME@sha256:<64 hex digits>, NAME not empty.
inline bool pinned_by_digest(const std::string& image) {
  const size_t at = image.find("@sha256:");
  return at != std::string::npos && at > 0 && is_hex(image.substr(at + 8), 64);
}

// Text without the ASCII spaces at its ends, as @actions/core's getInput
// trims an input.
inline std::string trim_space(const std::string& s) {
  const char* space = " \t\r\n\f\v";
  const size_t first = s.find_first_not_of(space);
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(space) + 1 - first);
}

}  // namespace pipec
