// Code points of UTF-8 text: columns count them (as ANTLR does), while
// strings are indexed by byte.
#pragma once

#include <string>
#include <vector>

namespace pipec {

// offsets[i] is the byte where code point i starts; the last entry is one
// past the end.
inline std::vector<size_t> code_point_offsets(const std::string& text) {
  std::vector<size_t> out;
  for (size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) out.push_back(i);
  }
  out.push_back(text.size());
  return out;
}

// The byte where the character that holds byte `at` starts (`at` itself
// when it starts one, or is past the end): where text can be cut.
inline size_t char_start(const std::string& text, size_t at) {
  while (at > 0 && at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) --at;
  return at;
}

// The length of UTF-8 text in UTF-16 code units, as .NET counts a string:
// one for each code point, two for one past U+FFFF.
inline size_t utf16_length(const std::string& text) {
  size_t n = 0;
  for (unsigned char c : text) {
    if ((c & 0xC0) != 0x80) ++n;
    if (c >= 0xF0) ++n;
  }
  return n;
}

}  // namespace pipec
