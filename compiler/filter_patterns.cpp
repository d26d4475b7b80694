#include "filter_patterns.h"

namespace pipec {
namespace {

const std::string kRefChars = "no branch or tag name holds a space, ~, ^, :, [, ? or *";

std::string quoted(char c) { return c == '\t' ? "a tab" : std::string("\"") + c + "\""; }

// The contents of a [...] class that starts after `open`; sets `end` to the
// index of its ].
std::string character_class(std::string_view p, size_t open, size_t& end) {
  size_t i = open + 1;
  if (i < p.size() && p[i] == ']') return "[] matches no character";
  size_t chars = 0;
  for (; i < p.size() && p[i] != ']'; ++i) {
    if (i + 1 < p.size() && p[i + 1] == '-') {
      if (i + 2 >= p.size()) return "[ has no closing ]";
      if (p[i + 2] == ']') return std::string("the range ") + p[i] + "- in [...] has no end";
      if (p[i] > p[i + 2])
        return std::string("the range ") + p[i] + "-" + p[i + 2] + " in [...] runs backwards";
      chars += 2;
      i += 2;
    } else {
      ++chars;
    }
  }
  if (i >= p.size()) return "[ has no closing ]";
  if (chars == 1) return "[...] holds one character; write the character itself";
  end = i;
  return "";
}

}  // namespace

std::string filter_pattern_error(std::string_view p, PatternKind kind) {
  const bool ref = kind == PatternKind::Ref;
  if (p.empty()) return "a filter pattern cannot be empty";
  if (!ref) {
    if (p.front() == ' ' || p.back() == ' ' || p.front() == '\t' || p.back() == '\t')
      return "a path pattern has no spaces at its ends";
    std::string_view bare = p.front() == '!' ? p.substr(1) : p;
    if (bare == "." || bare == ".." || bare.substr(0, 2) == "./" || bare.substr(0, 3) == "../")
      return "a path pattern starts at the repository's root: no . or .. (dir/** rather than "
             "./dir/**)";
    if (!bare.empty() && bare.front() == '/')
      return "a path pattern starts at the repository's root, and no path from there starts "
             "with / (dir/** rather than /dir/**)";
  }
  size_t i = 0;
  if (p[0] == '!') {
    if (p.size() == 1) return "! negates the pattern after it, and there is none";
    i = 1;
  }
  if (ref && p[i] == '/') return "no branch or tag name starts with /";
  bool after_char = false;  // the previous token is a character ? and + can repeat
  char last = 0;
  for (; i < p.size(); ++i) {
    char c = p[i];
    last = c;
    bool is_char = true;
    switch (c) {
      case '\\':
        if (i + 1 < p.size() && (p[i + 1] == '[' || p[i + 1] == '?' || p[i + 1] == '*')) {
          if (ref) return kRefChars;
          last = p[++i];
        } else if (i + 1 < p.size() && (p[i + 1] == '+' || p[i + 1] == '\\' || p[i + 1] == '!')) {
          last = p[++i];
        } else if (ref) {
          return "\\ escapes only [, ?, +, *, \\ and ! in a branch or tag pattern";
        }
        break;
      case '?':
      case '+':
        if (!after_char)
          return std::string(1, c) + " repeats the character before it, and " +
                 (i == 0 || (i == 1 && p[0] == '!') ? "there is none" : "that is no character");
        is_char = false;
        break;
      case '*':
        is_char = false;
        break;
      case '[': {
        size_t end = i;
        if (std::string why = character_class(p, i, end); !why.empty()) return why;
        i = end;
        last = ']';
        break;
      }
      case '\n':
      case '\r':
        return "a filter pattern is one line";
      case ' ':
      case '\t':
      case '~':
      case '^':
      case ':':
        if (ref) return "it holds " + quoted(c) + ", and " + kRefChars;
        break;
      default:
        break;
    }
    after_char = is_char;
  }
  if (ref && (last == '/' || last == '.')) return "no branch or tag name ends with / or .";
  return "";
}

}  // namespace pipec
