#include "expr_norm.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace wfcompare {

namespace {

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

void emit_operator(std::string& out, std::string_view op) {
  while (!out.empty() && out.back() == ' ') out.pop_back();
  out += ' ';
  out += op;
  out += ' ';
}

}  // namespace

bool is_whole_expression(std::string_view text) {
  text = trim(text);
  if (text.size() < 5 || !text.starts_with("${{") || !text.ends_with("}}")) return false;
  // `${{ a }} && ${{ b }}` is text with two expressions, not one.
  return text.substr(3, text.size() - 5).find("${{") == std::string_view::npos;
}

std::string canonical_expression(std::string_view expr) {
  static constexpr std::array<std::string_view, 6> kTwoChar = {"&&", "||", "==", "!=", "<=", ">="};
  std::string out;
  std::size_t i = 0;
  while (i < expr.size()) {
    char c = expr[i];
    if (c == '\'') {  // a string literal, copied as is ('' is an escaped quote)
      out += c;
      ++i;
      while (i < expr.size()) {
        out += expr[i];
        if (expr[i] == '\'') {
          if (i + 1 < expr.size() && expr[i + 1] == '\'') {
            out += '\'';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        ++i;
      }
      continue;
    }
    if (is_space(c)) {
      ++i;
      continue;
    }
    std::string_view two = expr.substr(i, 2);
    if (std::find(kTwoChar.begin(), kTwoChar.end(), two) != kTwoChar.end()) {
      emit_operator(out, two);
      i += 2;
      continue;
    }
    if (c == '<' || c == '>') {
      emit_operator(out, expr.substr(i, 1));
      ++i;
      continue;
    }
    out += c;
    if (c == ',') out += ' ';
    ++i;
  }
  return std::string(trim(out));
}

std::string normalize_condition(std::string_view text) {
  text = trim(text);
  if (is_whole_expression(text)) text = text.substr(3, text.size() - 5);
  return canonical_expression(text);
}

std::string normalize_expression_value(std::string_view text) {
  if (!is_whole_expression(text)) return std::string(text);
  std::string_view inner = trim(text);
  inner = inner.substr(3, inner.size() - 5);
  return "${{ " + canonical_expression(inner) + " }}";
}

nlohmann::json normalize_expression_json(const nlohmann::json& value) {
  if (!value.is_string()) return value;
  return normalize_expression_value(value.get<std::string>());
}

bool uses_from_json(std::string_view text) {
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower.find("fromjson(") != std::string::npos ||
         lower.find("fromjson (") != std::string::npos;
}

}  // namespace wfcompare
