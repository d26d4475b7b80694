#include "check_bidi_text.h"

#include <cstdio>

#include "utf8.h"

namespace pipec {

void check_bidi_text(const std::string& path, const std::string& text, Diagnostics& diags) {
  int line = 1, col = 1;
  for (size_t i = 0; i < text.size();) {
    const char32_t c = decode_utf8(text, i);
    if (const char* name = bidi_control_name(c)) {
      diags.error(Pos{path, line, col}, "bidi",
                  "a bidirectional control character (" + code_point_name(c) + ", " + name +
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
