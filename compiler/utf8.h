// Code points of UTF-8 text: columns count them (as ANTLR does), while
// strings are indexed by byte.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

namespace pipec {

// A UTF-8 byte order mark. Neither pipec nor git writes one; an editor may
// add one (to a generated file it is an edit, and no source's canonical
// layout has one).
inline const std::string kByteOrderMark = "\xEF\xBB\xBF";
inline bool has_bom(const std::string& text) { return text.rfind(kByteOrderMark, 0) == 0; }

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

// What decode_utf8 gives for bytes that start no UTF-8 sequence.
inline constexpr char32_t kNotUtf8 = 0xFFFFFFFF;

// The code point of the UTF-8 sequence at byte i (RFC 3629: no overlong
// form, surrogate or code point past U+10FFFF), moving i past it; for bytes
// that start none, kNotUtf8, and i moves one byte.
inline char32_t decode_utf8(const std::string& text, size_t& i) {
  auto at = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char c = at(i);
  const size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (len == 1) {
    ++i;
    return c;
  }
  if (len == 0 || i + len > text.size()) {
    ++i;
    return kNotUtf8;
  }
  char32_t cp = c & (0xFF >> (len + 1));
  for (size_t k = 1; k < len; ++k) {
    if ((at(i + k) & 0xC0) != 0x80) {
      ++i;
      return kNotUtf8;
    }
    cp = (cp << 6) | (at(i + k) & 0x3F);
  }
  static const char32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  if ((cp < kMin[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))) {
    ++i;
    return kNotUtf8;
  }
  i += len;
  return cp;
}

// How messages name a code point: U+00E9.
inline std::string code_point_name(char32_t c) {
  char name[16];
  std::snprintf(name, sizeof name, "U+%04X", static_cast<unsigned>(c));
  return name;
}

// The name of a bidirectional control character, or null for any other:
// shown as nothing, it reorders the text around it on screen.
inline const char* bidi_control_name(char32_t c) {
  switch (c) {
    case 0x061C: return "ARABIC LETTER MARK";
    case 0x200E: return "LEFT-TO-RIGHT MARK";
    case 0x200F: return "RIGHT-TO-LEFT MARK";
    case 0x202A: return "LEFT-TO-RIGHT EMBEDDING";
    case 0x202B: return "RIGHT-TO-LEFT EMBEDDING";
    case 0x202C: return "POP DIRECTIONAL FORMATTING";
    case 0x202D: return "LEFT-TO-RIGHT OVERRIDE";
    case 0x202E: return "RIGHT-TO-LEFT OVERRIDE";
    case 0x2066: return "LEFT-TO-RIGHT ISOLATE";
    case 0x2067: return "RIGHT-TO-LEFT ISOLATE";
    case 0x2068: return "FIRST STRONG ISOLATE";
    case 0x2069: return "POP DIRECTIONAL ISOLATE";
    default: return nullptr;
  }
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
