#include "check_almost_expressions.h"

#include <array>
#include <utility>
#include <string_view>

#include "value.h"

namespace pipec {
namespace {

constexpr std::array<std::string_view, 12> kContexts = {"github", "needs", "strategy", "matrix", "job",    "runner",
                                                        "env",    "vars",  "secrets",  "steps",  "inputs", "jobs"};

// Whether text at `at` is a context's name and a dot, after spaces.
bool context_member(const std::string& text, size_t at) {
  while (at < text.size() && text[at] == ' ') ++at;
  for (std::string_view c : kContexts) {
    if (text.compare(at, c.size(), c) == 0 && at + c.size() < text.size() && text[at + c.size()] == '.') return true;
  }
  return false;
}

// The slip at `at` (its ${ or {{ taken as two characters) up to the
// brace that closes it: what is written, and the ${{ }} it means; "" for
// what is not closed within a line's reach.
std::pair<std::string, std::string> written_and_meant(const std::string& text, size_t at) {
  const size_t close = text.find('}', at + 2);
  if (close == std::string::npos || close - at > 200) return {text.substr(at, 40), ""};
  std::string inner = text.substr(at + 2, close - at - 2);
  inner.erase(0, inner.find_first_not_of(' '));
  inner.erase(inner.find_last_not_of(' ') + 1);
  const size_t end = close + 1 < text.size() && text[close + 1] == '}' ? close + 2 : close + 1;
  return {text.substr(at, end - at), "${{ " + inner + " }}"};
}

// The first slip in a piece of text, as the message tells of it; "" when
// there is none. A {{ right after a ${{ }} may have its $ from it
// (hidden-expression's case).
std::string slip(const std::string& text, bool after_expression) {
  for (size_t i = 0; i + 1 < text.size(); ++i) {
    const bool one_brace = text[i] == '$' && text[i + 1] == '{' && (i + 2 >= text.size() || text[i + 2] != '{');
    const bool no_dollar =
        text[i] == '{' && text[i + 1] == '{' && (i == 0 ? !after_expression : text[i - 1] != '$');
    if ((!one_brace && !no_dollar) || !context_member(text, i + 2)) continue;
    const auto [written, meant] = written_and_meant(text, i);
    return "\"" + written + "\" " + (one_brace ? "has one brace" : "has no $") +
           ": GitHub evaluates only ${{ }}, and writes this text as it is" + (meant.empty() ? "" : "; write " + meant);
  }
  return "";
}

void expr(const Expr& top, Diagnostics& diags) {
  each_expr(top, [&](const Expr& e) {
    if (e.kind != Expr::Kind::String) return;
    for (size_t k = 0; k < e.parts.size(); ++k) {
      const StringPart& p = e.parts[k];
      if (p.expr) continue;
      if (const std::string what = slip(p.text, k > 0 && e.parts[k - 1].expr); !what.empty()) {
        diags.error(e.pos, "almost-expression", what);
        return;
      }
    }
  });
}

}  // namespace

// The values of attributes, written where they are: a script's text (run,
// github-script's script) is its language's, and a let's or a template
// argument's may be a script's.
void check_almost_expressions(const std::map<std::string, File>& files, Diagnostics& diags) {
  for (const auto& [path, file] : files) {
    each_stmt(file.stmts, [&](const Stmt& st) {
      if (st.kind == Stmt::Kind::Attr && st.value && st.name != "run" && st.name != "script") expr(*st.value, diags);
    });
  }
}

}  // namespace pipec
