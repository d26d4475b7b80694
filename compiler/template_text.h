// Text with ${{ }} in it, split as GitHub's template reader splits it: each
// ${{ runs to the first }} outside a quoted string.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace pipec {

// Calls text(piece) for each run of text outside the ${{ }}, and expr(inside)
// for what each ${{ }} holds, untrimmed, in order; false, after the pieces
// before it, at a ${{ that is not closed.
inline bool split_template(std::string_view raw, const std::function<void(std::string_view)>& text,
                           const std::function<void(std::string_view)>& expr) {
  size_t i = 0;
  while (i < raw.size()) {
    const size_t open = raw.find("${{", i);
    if (open == std::string_view::npos) {
      text(raw.substr(i));
      return true;
    }
    if (open > i) text(raw.substr(i, open - i));
    bool quoted = false;
    size_t end = std::string_view::npos;
    for (size_t j = open + 3; j < raw.size(); ++j) {
      if (raw[j] == '\'') {
        quoted = !quoted;
      } else if (!quoted && raw[j] == '}' && raw[j - 1] == '}') {
        end = j;
        break;
      }
    }
    if (end == std::string_view::npos) return false;
    expr(raw.substr(open + 3, end - 1 - (open + 3)));
    i = end + 1;
  }
  return true;
}

}  // namespace pipec
