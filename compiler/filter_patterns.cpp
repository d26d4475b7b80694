#include "filter_patterns.h"

#include <utility>
#include <vector>

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

namespace {

// One piece of a pattern: a character or [...] class, which may be
// optional (?) or repeated any number of times (what + adds after the
// first), or a star.
struct PatternToken {
  enum class Kind { Chars, Star, DoubleStar, Folders } kind;
  std::string chars;                                     // Chars: listed
  std::vector<std::pair<char, char>> ranges;             // Chars: [a-z]
  enum class Repeat { Once, Optional, Any } repeat = Repeat::Once;

  bool matches(char c) const {
    if (chars.find(c) != std::string::npos) return true;
    for (const auto& [from, to] : ranges) {
      if (from <= c && c <= to) return true;
    }
    return false;
  }
  // Whether the token can match nothing.
  bool can_be_empty() const { return kind != Kind::Chars || repeat != Repeat::Once; }
};

std::vector<PatternToken> pattern_tokens(std::string_view p) {
  using Kind = PatternToken::Kind;
  std::vector<PatternToken> out;
  for (size_t i = 0; i < p.size();) {
    const bool after_chars =
        !out.empty() && out.back().kind == Kind::Chars && out.back().repeat == PatternToken::Repeat::Once;
    if (p.substr(i, 3) == "**/") {
      out.push_back({Kind::Folders, "", {}});
      i += 3;
    } else if (p.substr(i, 2) == "**") {
      out.push_back({Kind::DoubleStar, "", {}});
      i += 2;
    } else if (p[i] == '*') {
      out.push_back({Kind::Star, "", {}});
      ++i;
    } else if (p[i] == '?' && after_chars) {
      out.back().repeat = PatternToken::Repeat::Optional;
      ++i;
    } else if (p[i] == '+' && after_chars) {
      PatternToken more = out.back();
      more.repeat = PatternToken::Repeat::Any;
      out.push_back(more);
      ++i;
    } else if (p[i] == '[' && p.find(']', i + 1) != std::string_view::npos) {
      PatternToken t{Kind::Chars, "", {}};
      for (++i; p[i] != ']'; ++i) {
        if (i + 2 < p.size() && p[i + 1] == '-' && p[i + 2] != ']') {
          t.ranges.push_back({p[i], p[i + 2]});
          i += 2;
        } else {
          t.chars += p[i];
        }
      }
      out.push_back(t);
      ++i;
    } else {
      if (p[i] == '\\' && i + 1 < p.size()) ++i;
      out.push_back({Kind::Chars, std::string(1, p[i]), {}});
      ++i;
    }
  }
  return out;
}

}  // namespace

bool filter_pattern_matches(std::string_view pattern, std::string_view text) {
  using Kind = PatternToken::Kind;
  const std::vector<PatternToken> tokens = pattern_tokens(pattern);
  const size_t end = tokens.size();
  // States 0..end: before token j. end + 1 + j: inside the folders of a
  // **/ at j, which has read characters and must end them with a /.
  std::vector<char> reached(2 * end + 2, 0);
  std::vector<size_t> states;
  auto reach = [&](size_t j) {
    for (; !reached[j]; ++j) {
      reached[j] = 1;
      states.push_back(j);
      if (j >= end || !tokens[j].can_be_empty()) break;
    }
  };
  auto mark = [&](size_t state) {
    if (!reached[state]) {
      reached[state] = 1;
      states.push_back(state);
    }
  };
  reach(0);
  for (char c : text) {
    std::vector<size_t> from;
    from.swap(states);
    for (size_t j : from) reached[j] = 0;
    for (size_t j : from) {
      if (j > end) {  // inside a **/
        mark(j);
        if (c == '/') reach(j - end);
        continue;
      }
      if (j == end) continue;
      const PatternToken& t = tokens[j];
      switch (t.kind) {
        case Kind::Chars:
          if (t.matches(c)) t.repeat == PatternToken::Repeat::Any ? reach(j) : reach(j + 1);
          break;
        case Kind::Star:
          if (c != '/') reach(j);
          break;
        case Kind::DoubleStar:
          reach(j);
          break;
        case Kind::Folders:
          if (c == '/') reach(j + 1);
          mark(end + 1 + j);
          break;
      }
    }
    if (states.empty()) return false;
  }
  return reached[end] != 0;
}

}  // namespace pipec
