#include "yaml_emit.h"

#include <regex>

#include "ascii.h"
#include "escape.h"
#include "regex_bound.h"

namespace pipec {
namespace {

// Characters a YAML 1.1 reader (libyaml, and so actionlint's yaml.v3) takes
// for a line break besides \n, with their escapes in a double-quoted
// scalar: CR, NEL, LS and PS; and the BOM, which may only start a stream.
const std::pair<const char*, const char*> kOtherBreaks[] = {
    {"\r", "\\r"}, {"\xC2\x85", "\\N"}, {"\xE2\x80\xA8", "\\L"}, {"\xE2\x80\xA9", "\\P"}, {"\xEF\xBB\xBF", "\\uFEFF"}};

bool has_other_break(const std::string& s) {
  for (const auto& [chars, escape] : kOtherBreaks) {
    if (s.find(chars) != std::string::npos) return true;
  }
  return false;
}

std::string quoted(const std::string& s) { return "\"" + escape_each(c_escape(s), kOtherBreaks) + "\""; }

std::string scalar(const Value& v) {
  switch (v.kind) {
    case Value::Kind::Null: return "null";
    case Value::Kind::Bool: return v.boolean ? "true" : "false";
    case Value::Kind::Number: return v.text;
    default: return needs_quotes(v.text) ? quoted(v.text) : v.text;
  }
}

// Text over several lines is a block literal, unless it has a break only a
// quoted scalar can keep, or nothing but white space (a literal of blank
// lines reads back as "").
bool is_block_text(const Value& v) {
  return v.kind == Value::Kind::String && v.text.find('\n') != std::string::npos && !has_other_break(v.text) &&
         v.text.find_first_not_of(" \t\n") != std::string::npos;
}

bool is_empty_collection(const Value& v) {
  return (v.kind == Value::Kind::Object || v.kind == Value::Kind::List) && v.fields.empty() &&
         v.items.empty();
}

// The text being written, and for each line written the source position
// that produced it (for drift diffs that name the .pipe line).
struct Out {
  std::string text;
  std::vector<Pos>* lines = nullptr;
  const CommentLeads* leads = nullptr;
  // The comment lines above `key` at `pos`, at the indentation `pad`.
  void comments(const Pos& pos, const std::string& key, const std::string& pad) {
    if (!leads) return;
    if (const auto* lead = leads->find(pos, key)) {
      // Escaped as the header's comments are: a character a YAML reader
      // takes for a line break (U+2028) would end the comment there.
      for (const auto& c : *lead) add(pad + one_comment_line(c) + "\n", pos);
    }
  }
  void add(const std::string& s, const Pos& pos) {
    text += s;
    if (!lines) return;
    for (char c : s) {
      if (c == '\n') lines->push_back(pos);
    }
  }
};

// A field's line comes from where the key was written, when known.
const Pos& pos_of(const Field& f) {
  if (f.text_pos.line > 0) return f.text_pos;
  return f.key_pos.line > 0 ? f.key_pos : f.value->pos;
}

// Text over lines as a block: literal (|), or folded (>) when `folded`, for
// text whose inner lines all start with a space, which folding keeps as
// they are (a long condition, render_condition_lines).
void emit_block_text(const std::string& text, int indent, const Pos& pos, Out& out, bool folded) {
  std::string body = text;
  std::string chomp = "-";
  if (!body.empty() && body.back() == '\n') {
    chomp = "";
    body.pop_back();
    if (!body.empty() && body.back() == '\n') chomp = "+";
  }
  // A reader takes the indentation from the first line with text: when that
  // line starts with white space, or a line before it holds some, the
  // indentation is given (2) so that it is not read as indentation.
  size_t text_at = body.find_first_not_of(" \t\n");
  size_t line_at = body.rfind('\n', text_at);
  line_at = line_at == std::string::npos ? 0 : line_at + 1;
  bool give_indent = body[line_at] == ' ' || body[line_at] == '\t' ||
                     body.find_first_not_of('\n') < line_at;
  out.add(std::string(folded ? ">" : "|") + (give_indent ? std::to_string(2) : std::string()) + chomp + "\n", pos);
  std::string pad(indent, ' ');
  size_t i = 0;
  while (i <= body.size()) {
    size_t nl = body.find('\n', i);
    std::string line = body.substr(i, nl == std::string::npos ? std::string::npos : nl - i);
    out.add(line.empty() ? "\n" : pad + line + "\n", pos);
    if (nl == std::string::npos) break;
    i = nl + 1;
  }
}

void emit_value(const Value& v, int indent, Out& out);

// Writes what follows "key:" or "- ".
void emit_after_key(const Value& v, int indent, const Pos& pos, Out& out) {
  if (is_empty_collection(v)) {
    out.add(v.kind == Value::Kind::List ? " []\n" : " {}\n", pos);
  } else if (v.kind == Value::Kind::Object || v.kind == Value::Kind::List) {
    out.add("\n", pos);
    emit_value(v, indent + 2, out);
  } else if (v.kind == Value::Kind::Null) {
    out.add("\n", pos);  // `key:` alone, as GitHub's own examples write triggers
  } else if (is_block_text(v)) {
    out.add(" ", pos);
    emit_block_text(v.text, indent + 2, pos, out, v.folded());
  } else {
    out.add(" " + scalar(v) + (v.comment.empty() ? "" : " # " + one_comment_line(v.comment)) + "\n", pos);
  }
}

void emit_value(const Value& v, int indent, Out& out) {
  std::string pad(indent, ' ');
  if (v.kind == Value::Kind::Object) {
    for (const auto& f : v.fields) {
      out.comments(f.key_pos, f.key, pad);
      out.add(pad + (needs_quotes(f.key) ? quoted(f.key) : f.key) + ":", pos_of(f));
      emit_after_key(*f.value, indent, pos_of(f), out);
    }
  } else if (v.kind == Value::Kind::List) {
    for (const auto& item : v.items) {
      if (item->kind == Value::Kind::Object && !item->fields.empty()) {
        out.comments(item->pos, "-", pad);
        std::vector<Pos> inner_lines;
        Out inner{"", out.lines ? &inner_lines : nullptr, out.leads};
        emit_value(*item, indent + 2, inner);
        // The comments above the item's first key go above its "- ", the
        // line that key is written on.
        const std::string comment_pad(indent + 2, ' ');
        size_t first = 0;
        while (inner.text.compare(first, comment_pad.size() + 1, comment_pad + "#") == 0) {
          const size_t nl = inner.text.find('\n', first);
          out.text += pad + inner.text.substr(first + indent + 2, nl + 1 - first - indent - 2);
          first = nl + 1;
        }
        out.text += pad + "- " + inner.text.substr(first + indent + 2);
        if (out.lines) out.lines->insert(out.lines->end(), inner_lines.begin(), inner_lines.end());
      } else {
        out.add(pad + "-", item->pos);
        emit_after_key(*item, indent, item->pos, out);
      }
    }
  } else {
    out.add(pad + scalar(v) + "\n", v.pos);
  }
}

}  // namespace

bool needs_quotes(const std::string& s) {
  if (s.empty()) return true;
  // Booleans, null, and YAML 1.1's merge key and value indicator.
  static const char* words[] = {"y", "yes", "n", "no", "true", "false", "on", "off", "null", "~", "<<", "="};
  for (const char* w : words) {
    if (lower(s) == w) return true;
  }
  // Anything a YAML 1.1 or 1.2 reader could take for a number; YAML 1.1's
  // floats include ".", "+." and "e5" (a fraction and an exponent with no
  // digits before them).
  // Longer than any number or date (regex_bound.h): quoted without asking,
  // as quotes never change a string's value.
  if (s.size() > kLongestMatched) return true;
  static const std::regex number(
      R"([-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?|[-+]?([0-9][0-9_]*)?(\.[0-9_]*)?[eE][-+]?[0-9]+|[-+]?([0-9][0-9_]*)?\.[0-9_]*|[-+]?0[xob][0-9a-fA-F_]+|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)|[0-9]+(:[0-5]?[0-9])+(\.[0-9_]*)?)");
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
  // A date, which YAML 1.1 readers turn into a timestamp.
  static const std::regex date(R"([0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt ].*)?)");
  if (std::regex_match(s, date)) return true;
  return has_other_break(s);
}

std::string emit_yaml(const Value& root, std::vector<Pos>* line_sources, const CommentLeads* leads) {
  Out out{"", line_sources, leads};
  emit_value(root, 0, out);
  return out.text;
}

}  // namespace pipec
