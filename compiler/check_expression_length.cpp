#include "check_expression_length.h"

#include <string>

#include "program.h"
#include "template_text.h"
#include "utf8.h"

namespace pipec {
namespace {

constexpr size_t kMaxLength = 21000;

// The length of the expression GitHub makes of a value's text, as its
// template reader does: each ${{ }} up to the first }} outside a quoted
// string, trimmed; with other text, format('...', ...) over them, the
// text's quotes and braces doubled.
size_t expression_length(const std::string& raw) {
  size_t format = 0;  // the format string, escaped
  size_t args = 0;    // ", expr" for each
  size_t parts = 0;
  size_t only = 0;  // the one expression's length, when it is all there is
  bool text = false;
  const bool closed = split_template(
      raw,
      [&](std::string_view piece) {
        for (const char ch : piece) {
          const auto c = static_cast<unsigned char>(ch);
          // Doubled when escaped; otherwise UTF-16 units, counted at each
          // code point's first byte.
          format += (c == '\'' || c == '{' || c == '}') ? 2 : ((c & 0xC0) != 0x80) + (c >= 0xF0);
        }
        text = true;
      },
      [&](std::string_view inside) {
        const size_t first = inside.find_first_not_of(" \t\n");
        const std::string expr =
            first == std::string_view::npos
                ? ""
                : std::string(inside.substr(first, inside.find_last_not_of(" \t\n") + 1 - first));
        const size_t n = utf16_length(expr);
        format += 2 + std::to_string(parts).size();  // {N}
        args += 2 + n;
        only = n;
        ++parts;
      });
  if (!closed) return 0;  // not closed: not pipec's to measure
  if (parts == 0) return 0;
  if (parts == 1 && !text) return only;
  return 8 + format + 1 + args + 1;  // format(' ... ' args )
}

void walk(const Value& v, const std::string& file, Diagnostics& diags) {
  if (v.kind == Value::Kind::String || v.kind == Value::Kind::Runtime) {
    const size_t n = expression_length(text_of(v));
    if (n > kMaxLength)
      diags.error(v.pos, "limit",
                  "GitHub reads this value of " + file + " as one expression of " +
                      std::to_string(n) + " characters, past the " + std::to_string(kMaxLength) +
                      " it parses: it refuses the whole file (\"Exceeded max expression length " +
                      std::to_string(kMaxLength) +
                      "\") and no trigger of it runs; keep the long text apart from the ${{ }} "
                      "(in an env entry of its own, or a file)");
  }
  for (const auto& item : v.items) walk(*item, file, diags);
  for (const auto& f : v.fields) walk(*f.value, file, diags);
}

}  // namespace

void check_expression_length(const Value& lowered_workflow, const std::string& file,
                             Diagnostics& diags) {
  walk(lowered_workflow, file_name(file), diags);
}

}  // namespace pipec
