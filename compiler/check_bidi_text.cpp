#include "check_bidi_text.h"

#include <cstdio>

#include "utf8.h"

namespace pipec {
namespace {

// The name of a bidirectional control character, or null for any other.
const char* bidi_name(char32_t c) {
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

}  // namespace

void check_bidi_text(const std::string& path, const std::string& text, Diagnostics& diags) {
  int line = 1, col = 1;
  for (size_t i = 0; i < text.size();) {
    const char32_t c = decode_utf8(text, i);
    if (const char* name = bidi_name(c)) {
      char code[16];
      std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
      diags.error(Pos{path, line, col}, "bidi",
                  std::string("a bidirectional control character (") + code + ", " + name +
                      "): it shows as nothing, but reorders the text around it on screen, so the line reads "
                      "otherwise than it compiles; delete it");
    }
    if (c == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
}

}  // namespace pipec
