#include "yaml_emit.h"

#include <regex>

namespace pipec {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default: out += c;
    }
  }
  return out + "\"";
}

std::string scalar(const Value& v) {
  switch (v.kind) {
    case Value::Kind::Null: return "null";
    case Value::Kind::Bool: return v.boolean ? "true" : "false";
    case Value::Kind::Number: return v.text;
    default: return needs_quotes(v.text) ? quoted(v.text) : v.text;
  }
}

bool is_block_text(const Value& v) {
  return v.kind == Value::Kind::String && v.text.find('\n') != std::string::npos;
}

bool is_empty_collection(const Value& v) {
  return (v.kind == Value::Kind::Object || v.kind == Value::Kind::List) && v.fields.empty() &&
         v.items.empty();
}

void emit_block_text(const std::string& text, int indent, std::string& out) {
  std::string body = text;
  std::string chomp = "-";
  if (!body.empty() && body.back() == '\n') {
    chomp = "";
    body.pop_back();
    if (!body.empty() && body.back() == '\n') chomp = "+";
  }
  bool leading_space = !body.empty() && (body[0] == ' ' || body[0] == '\t');
  out += "|" + (leading_space ? std::to_string(2) : std::string()) + chomp + "\n";
  std::string pad(indent, ' ');
  size_t i = 0;
  while (i <= body.size()) {
    size_t nl = body.find('\n', i);
    std::string line = body.substr(i, nl == std::string::npos ? std::string::npos : nl - i);
    out += line.empty() ? "\n" : pad + line + "\n";
    if (nl == std::string::npos) break;
    i = nl + 1;
  }
}

void emit_value(const Value& v, int indent, std::string& out);

// Writes what follows "key:" or "- ".
void emit_after_key(const Value& v, int indent, std::string& out) {
  if (is_empty_collection(v)) {
    out += v.kind == Value::Kind::List ? " []\n" : " {}\n";
  } else if (v.kind == Value::Kind::Object) {
    out += "\n";
    emit_value(v, indent + 2, out);
  } else if (v.kind == Value::Kind::List) {
    out += "\n";
    emit_value(v, indent + 2, out);
  } else if (v.kind == Value::Kind::Null) {
    out += "\n";  // `key:` alone, as GitHub's own examples write triggers
  } else if (is_block_text(v)) {
    out += " ";
    emit_block_text(v.text, indent + 2, out);
  } else {
    out += " " + scalar(v) + (v.comment.empty() ? "" : " # " + v.comment) + "\n";
  }
}

void emit_value(const Value& v, int indent, std::string& out) {
  std::string pad(indent, ' ');
  if (v.kind == Value::Kind::Object) {
    for (const auto& f : v.fields) {
      out += pad + (needs_quotes(f.key) ? quoted(f.key) : f.key) + ":";
      emit_after_key(*f.value, indent, out);
    }
  } else if (v.kind == Value::Kind::List) {
    for (const auto& item : v.items) {
      if (item->kind == Value::Kind::Object && !item->fields.empty()) {
        std::string inner;
        emit_value(*item, indent + 2, inner);
        out += pad + "- " + inner.substr(indent + 2);
      } else {
        out += pad + "-";
        emit_after_key(*item, indent, out);
      }
    }
  } else {
    out += pad + scalar(v) + "\n";
  }
}

}  // namespace

bool needs_quotes(const std::string& s) {
  if (s.empty()) return true;
  static const char* words[] = {"y", "yes", "n", "no", "true", "false", "on", "off", "null", "~"};
  for (const char* w : words) {
    if (lower(s) == w) return true;
  }
  // Anything a YAML 1.1 or 1.2 reader could take for a number.
  static const std::regex number(
      R"([-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?|[-+]?0[xob][0-9a-fA-F_]+|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)|[0-9]+(:[0-5]?[0-9])+(\.[0-9_]*)?)");
  if (std::regex_match(s, number)) return true;
  if (s.front() == ' ' || s.back() == ' ' || s.front() == '\t') return true;
  if (std::string("-?:,[]{}#&*!|>'\"%@`").find(s.front()) != std::string::npos) {
    // "- x", "? x", ": x" and bare indicators; "-x" alone is fine, but keep it simple.
    return true;
  }
  if (s.find(": ") != std::string::npos || s.find(" #") != std::string::npos) return true;
  if (s.back() == ':') return true;
  for (char c : s) {
    if (c == '\n' || c == '\t' || static_cast<unsigned char>(c) < 0x20) return true;
  }
  return false;
}

std::string emit_yaml(const Value& root) {
  std::string out;
  emit_value(root, 0, out);
  return out;
}

}  // namespace pipec
