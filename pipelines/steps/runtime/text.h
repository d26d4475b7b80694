// Small text helpers every step shares (header-only, so the logic libraries
// need nothing linked for them).
#pragma once

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>

#include "runtime/step_error.h"

namespace steps::runtime {

// Whether text holds an ASCII control character (a line break, a tab, DEL),
// or with `blank`, a space too: what a value that reaches a request header,
// an output line, a version or a runner label as it is may not hold.
inline bool has_control(std::string_view text, bool blank = false) {
  return std::any_of(text.begin(), text.end(), [blank](char c) {
    const auto b = static_cast<unsigned char>(c);
    return b < 0x20 || b == 0x7f || (blank && b == ' ');
  });
}

// Appends byte b to out, a control character written as an escape: a line
// break or tab \n, \r or \t, another one \xNN.
inline void append_escaped(std::string& out, unsigned char b) {
  if (b == '\n') out += "\\n";
  else if (b == '\r') out += "\\r";
  else if (b == '\t') out += "\\t";
  else if (b < 0x20 || b == 0x7f) {
    static const char* hex = "0123456789abcdef";
    out += "\\x";
    out += hex[b >> 4];
    out += hex[b & 15];
  } else {
    out += static_cast<char>(b);
  }
}

// Text as one line of a step's log, however many lines the values it
// echoes hold: each control character but a tab written as an escape. A
// value that began a line of its own (a file name, an input) would be read
// by the runner as a workflow command (::error::, ::add-mask::, ...).
inline std::string log_line(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '\t') out += c;
    else append_escaped(out, static_cast<unsigned char>(c));
  }
  return out;
}

// An error message as one line of a log, whatever values it echoes: a
// control character written as an escape, as append_escaped does, and past
// kMaxErrorLength bytes cut, saying how much more there was.
inline constexpr size_t kMaxErrorLength = 2000;
inline std::string one_line(std::string_view text) {
  std::string out;
  // Past the limit, only the rest of a character whose first byte is in.
  for (size_t i = 0; i < text.size() && (out.size() < kMaxErrorLength || (text[i] & 0xC0) == 0x80); ++i) {
    append_escaped(out, static_cast<unsigned char>(text[i]));
    if (out.size() >= kMaxErrorLength && i + 1 < text.size() && (text[i + 1] & 0xC0) != 0x80)
      out += "... (" + std::to_string(text.size() - i - 1) + " more bytes)";
  }
  return out;
}

inline std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

inline std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n\f\v");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n\f\v") - b + 1);
}

// TheRock's str2bool spellings, after trimming and lowercasing; the empty
// string is false. Anything else throws InputError naming `what`.
inline bool str2bool(const std::string& text, const std::string& what) {
  static const char* yes[] = {"1", "true", "t", "yes", "y", "on", "enable", "enabled", "found"};
  static const char* no[] = {"",     "0",    "false", "f",   "no",        "n",  "off",
                             "disable", "disabled", "notfound", "none", "null", "nil", "undefined", "n/a"};
  std::string t = lower(trim(text));
  if (std::any_of(std::begin(yes), std::end(yes), [&](const char* w) { return t == w; })) return true;
  if (std::any_of(std::begin(no), std::end(no), [&](const char* w) { return t == w; })) return false;
  throw InputError(what + " must be true or false (or yes/no, 1/0, on/off), not \"" + text + "\"");
}

// Refuses JSON text whose brackets nest deeper than any input a step reads
// (nlohmann::json copies and prints a value by recursion, so a deep enough
// one overflows the stack). Counted outside strings; `what` names the input.
inline void check_json_nesting(const std::string& text, const std::string& what, int deepest = 64) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > deepest) throw InputError(what + " nests deeper than " + std::to_string(deepest) + " levels");
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
}

}  // namespace steps::runtime
