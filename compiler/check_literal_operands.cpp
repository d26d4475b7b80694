#include "check_literal_operands.h"

#include <cstdlib>
#include <optional>

#include "render_expr.h"
#include "value.h"

namespace pipec {
namespace {

// Whether a literal is true to GitHub, or nullopt for what is no literal
// (a name, a call, a string with only ${{ }} in it, whose value is known
// at run time).
std::optional<bool> literal_truth(const Expr& e) {
  switch (e.kind) {
    case Expr::Kind::Null:
      return false;
    case Expr::Kind::Number:
      return std::strtod(e.text.c_str(), nullptr) != 0;
    case Expr::Kind::String: {
      bool runtime = false;
      for (const auto& p : e.parts) {
        if (!p.expr && !p.text.empty()) return true;  // text GitHub never reads as empty
        runtime = runtime || p.expr != nullptr;
      }
      if (runtime) return std::nullopt;
      return false;  // ""
    }
    default:
      return std::nullopt;
  }
}

void check(const Expr& e, bool condition, Diagnostics& diags) {
  if (e.kind != Expr::Kind::Binary || (e.text != "&&" && e.text != "||") || e.operands.size() != 2) return;
  const Expr& left = *e.operands[0];
  const std::optional<bool> truth = literal_truth(left);
  if (!truth) return;
  const bool gives_right = *truth == (e.text == "&&");
  std::string message = render_expr(left) + " on the left of " + e.text + " is always " +
                        (*truth ? "true" : "false") + ", so " + render_expr(e) + " is always " +
                        (gives_right ? render_expr(*e.operands[1]) : render_expr(left) + ", and its right side is never read");
  // Text joined with &&, as if it were +: one string joins it.
  if (!condition && e.text == "&&" && *truth && left.kind == Expr::Kind::String && left.parts.size() == 1)
    message += "; && does not join text: write one string, \"" + left.parts[0].text + "${{ " +
               render_expr(*e.operands[1]) + " }}\"";
  diags.error(left.pos, "constant-operand", message);
}

// `condition`: the value is an if's, where text is read as true or false,
// not joined.
void expr(const Expr& top, bool condition, Diagnostics& diags) {
  each_expr(top, [&](const Expr& e) { check(e, condition, diags); });
}

}  // namespace

void check_literal_operands(const std::map<std::string, File>& files, Diagnostics& diags) {
  for (const auto& [path, file] : files) {
    each_stmt(file.stmts, [&](const Stmt& st) {
      if (st.value) expr(*st.value, st.kind == Stmt::Kind::Attr && st.name == "if", diags);
      for (const auto& a : st.args) {
        if (a.value) expr(*a.value, false, diags);
      }
      for (const auto& p : st.params) {
        if (p.default_value) expr(*p.default_value, false, diags);
      }
    });
  }
}

}  // namespace pipec
