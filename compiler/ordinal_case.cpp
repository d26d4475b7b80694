#include "ordinal_case.h"

#include <unicode/uchar.h>

#include "utf8.h"

namespace pipec {

namespace {

// One code point upper-cased as .NET's OrdinalCasing does: ICU's simple
// mapping, except for the dotless i and the long s (which would equal ASCII
// I and S), and past the BMP only for the scripts .NET lists (Deseret,
// Osage, Old Hungarian, Warang Citi, Medefaidrin, Adlam).
char32_t upper(char32_t c) {
  if (c == 0x0131 || c == 0x017F) return c;
  if (c >= 0xD800 && c <= 0xDFFF) return c;
  if (c > 0xFFFF) {
    const bool listed = (c >= 0x10428 && c <= 0x1044F) || (c >= 0x104D8 && c <= 0x104FB) ||
                        (c >= 0x10CC0 && c <= 0x10CF2) || (c >= 0x118C0 && c <= 0x118DF) ||
                        (c >= 0x16E60 && c <= 0x16E7F) || (c >= 0x1E922 && c <= 0x1E943);
    if (!listed) return c;
  }
  const char32_t u = static_cast<char32_t>(u_toupper(static_cast<UChar32>(c)));
  // One unit stays one unit (.NET's table maps a char to a char).
  return (c <= 0xFFFF) == (u <= 0xFFFF) ? u : c;
}

}  // namespace

std::u16string ordinal_upper(const std::string& utf8) {
  std::u16string out;
  out.reserve(utf8.size());
  for (size_t i = 0; i < utf8.size();) {
    const char32_t read = decode_utf8(utf8, i);
    const char32_t c = upper(read == kNotUtf8 ? 0xFFFD : read);
    if (c <= 0xFFFF) {
      out += static_cast<char16_t>(c);
    } else {
      out += static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10));
      out += static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF));
    }
  }
  return out;
}

bool ordinal_equal(const std::string& a, const std::string& b) { return a == b || ordinal_upper(a) == ordinal_upper(b); }

int ordinal_compare(const std::string& a, const std::string& b) { return ordinal_upper(a).compare(ordinal_upper(b)); }

bool ordinal_contains(const std::string& text, const std::string& part) {
  return ordinal_upper(text).find(ordinal_upper(part)) != std::u16string::npos;
}

bool ordinal_starts_with(const std::string& text, const std::string& part) {
  return ordinal_upper(text).rfind(ordinal_upper(part), 0) == 0;
}

bool ordinal_ends_with(const std::string& text, const std::string& part) {
  const std::u16string t = ordinal_upper(text), p = ordinal_upper(part);
  return p.size() <= t.size() && t.compare(t.size() - p.size(), p.size(), p) == 0;
}

}  // namespace pipec
