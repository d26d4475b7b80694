#include "render_expr.h"

#include <vector>

namespace pipec {
namespace {

int precedence(const Expr& e) {
  switch (e.kind) {
    case Expr::Kind::Cond: return 0;
    case Expr::Kind::Binary:
      if (e.text == "||") return 1;
      if (e.text == "&&") return 2;
      if (e.text == "==" || e.text == "!=") return 3;
      return 4;
    case Expr::Kind::Not: return 5;
    default: return 6;
  }
}

std::string wrap(const Expr& child, int min_prec) {
  std::string s = render_expr(child);
  return precedence(child) < min_prec ? "(" + s + ")" : s;
}

// A number as both GitHub and actionlint read it. GitHub reads every
// number as a double; actionlint reads an integer literal as a 32-bit int
// and refuses one past that range, so such an integer is written as a
// float, which both read as the same number (it is at most 2^53 in .pipe).
std::string number_literal(const std::string& text) {
  if (text.find_first_not_of("-0123456789") != std::string::npos) return text;
  const bool negative = !text.empty() && text[0] == '-';
  const std::string digits = negative ? text.substr(1) : text;
  const bool past_int32 = digits.size() > 10 || (digits.size() == 10 && digits > (negative ? "2147483648" : "2147483647"));
  return past_int32 ? text + ".0" : text;
}

bool is_chain(const Expr& e) { return e.kind == Expr::Kind::Binary && (e.text == "&&" || e.text == "||"); }

// Whether `e` is an operand of chain `of` that needs no parentheses on
// either side: && and || are associative (each gives the first operand
// that decides it), so a && (b && c) is a && b && c.
bool same_chain(const Expr& e, const Expr& of) { return is_chain(e) && e.text == of.text; }

// The operands of a chain of one operator, however it is grouped.
void chain_operands(const Expr& e, std::vector<const Expr*>& out) {
  for (const auto& op : e.operands) {
    if (same_chain(*op, e)) chain_operands(*op, out);
    else out.push_back(op.get());
  }
}

// The lines of chain `e`, each indented by `pad`, the operator ending
// every line but the last.
void chain_lines(const Expr& e, const std::string& pad, std::vector<std::string>& out) {
  std::vector<const Expr*> operands;
  chain_operands(e, operands);
  const int p = precedence(e);
  for (size_t i = 0; i < operands.size(); ++i) {
    const Expr& op = *operands[i];
    const int min_prec = i == 0 ? p : p + 1;  // as render_expr wraps them
    const std::string end = i + 1 < operands.size() ? " " + e.text : "";
    if (is_chain(op) && precedence(op) < min_prec && render_expr(op).size() + 2 > kConditionWidth) {
      out.push_back(pad + "(");
      chain_lines(op, pad + "  ", out);
      out.push_back(pad + ")" + end);
    } else {
      out.push_back(pad + wrap(op, min_prec) + end);
    }
  }
}

}  // namespace

std::string render_condition_lines(const Expr& e) {
  // A line break in a string of it would start a line of the block at its
  // indentation, which folding joins to the next with a space.
  const std::string one_line = render_expr(e);
  if (!is_chain(e) || one_line.size() + 7 <= kConditionWidth || one_line.find('\n') != std::string::npos) return "";
  std::vector<std::string> lines;
  chain_lines(e, "  ", lines);
  std::string out = "${{\n";
  for (const auto& l : lines) out += l + "\n";
  return out + "}}";
}

std::string github_string(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    out += c;
    if (c == '\'') out += '\'';
  }
  return out + "'";
}

std::string render_expr(const Expr& e) {
  using K = Expr::Kind;
  switch (e.kind) {
    case K::String: {
      // A string with runtime parts becomes format('a{0}b', x).
      if (e.parts.size() == 1 && !e.parts[0].expr) return github_string(e.parts[0].text);
      if (e.parts.empty()) return "''";
      std::string fmt, args;
      int n = 0;
      for (const auto& p : e.parts) {
        if (p.expr) {
          fmt += "{" + std::to_string(n++) + "}";
          args += ", " + render_expr(*p.expr);
        } else {
          for (char c : p.text) {
            if (c == '{' || c == '}') fmt += c;  // format() doubles braces
            fmt += c;
          }
        }
      }
      return "format(" + github_string(fmt) + args + ")";
    }
    case K::Number: return number_literal(e.text);
    case K::Bool: return e.boolean ? "true" : "false";
    case K::Null: return "null";
    case K::Name: return e.text;
    case K::Member: return wrap(*e.operands[0], 6) + "." + e.text;
    case K::Index: return wrap(*e.operands[0], 6) + "[" + render_expr(*e.operands[1]) + "]";
    case K::Call: {
      std::string out = e.text + "(";
      for (size_t i = 0; i < e.operands.size(); ++i) {
        if (i) out += ", ";
        out += render_expr(*e.operands[i]);
      }
      return out + ")";
    }
    case K::List:
    case K::Object: return "null";  // rejected by the checks before rendering
    case K::Not: return "!" + wrap(*e.operands[0], 6);
    case K::Binary: {
      int p = precedence(e);
      // GitHub reads a chain of comparisons from the left, with < before
      // ==; actionlint reads one from the right, all alike. A comparison
      // inside another is written in parentheses, so both read it alike.
      if (p >= 3) return wrap(*e.operands[0], 5) + " " + e.text + " " + wrap(*e.operands[1], 5);
      return wrap(*e.operands[0], p) + " " + e.text + " " +
             wrap(*e.operands[1], same_chain(*e.operands[1], e) ? p : p + 1);
    }
    case K::Cond:
      // GitHub has no ?:; `c && a || b` is the same when a is truthy, which
      // the checks guarantee before anything is rendered.
      return wrap(*e.operands[0], 3) + " && " + wrap(*e.operands[1], 3) + " || " +
             wrap(*e.operands[2], 2);
  }
  return "";
}

Pos expr_start(const Expr& e) {
  const Expr* first = &e;
  while (!first->operands.empty() &&
         (first->kind == Expr::Kind::Member || first->kind == Expr::Kind::Index ||
          first->kind == Expr::Kind::Binary || first->kind == Expr::Kind::Cond))
    first = first->operands[0].get();
  return first->pos;
}

}  // namespace pipec
