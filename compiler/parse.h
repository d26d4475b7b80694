// Text -> pipec's AST. This is the only part of pipec that sees ANTLR.
#pragma once

#include <string>

#include "ast.h"
#include "diag.h"

namespace pipec {

// The deepest nesting of (), [] and {} a file may have; deeper input is
// reported, never parsed (so no input can exhaust the stack).
inline constexpr int kMaxNesting = 64;
// The most operators on the path from a statement to any point of its
// expression (a && b && ... builds a tree as deep as it is long), so no tree
// is deeper than kMaxNesting + kMaxOperators.
inline constexpr int kMaxOperators = 128;
// The most tokens one .pipe file may have (its ${{ }} text aside): parsing
// takes some hundreds of bytes for each. TheRock's largest has some 5,000.
inline constexpr size_t kMaxTokens = 200000;
// The most `else` branches on one path, counting an else-when chain's and
// those of the chains in its branches: each link of a chain is a level of
// the parser's and the expansion's recursion.
inline constexpr int kMaxElses = 256;

// A .pipe file's text as pipec reads it: a leading UTF-8 byte order mark is
// dropped and CRLF line ends become LF, so a checkout with Windows line
// endings compiles to the same bytes.
std::string normalize_source(const std::string& raw);

// Parses `text` (read from `path`, newlines normalized). Text that is not
// UTF-8 or holds a control character other than tab and newline is
// reported, never parsed. Syntax errors go to `diags`, and the File
// returned after one is empty.
File parse_file(const std::string& path, const std::string& text, Diagnostics& diags);

// Comments with their positions, for the formatter (their text as
// tokens_of gives it).
struct Comment {
  int line;
  int col;
  std::string text;
  size_t begin = 0, end = 0;  // byte offsets
};
std::vector<Comment> comments_of(const std::string& text);

// Every token of `text` as the grammar's lexer cuts it (whitespace dropped),
// with byte offsets, for the formatter.
struct Token {
  enum class Kind { Word, String, RawString, Punct, Comment };  // Word: names, keywords, numbers
  Kind kind;
  std::string text;
  size_t begin = 0, end = 0;
};
// A comment's text is without the spaces and tabs that end it, which
// fmt drops.
std::vector<Token> tokens_of(const std::string& text);

// The position (line, column in code points) of byte `at` of `text`.
Pos position_of(const std::string& path, const std::string& text, size_t at);

// The byte offset where the line holding byte `at` starts.
size_t line_start(const std::string& text, size_t at);

}  // namespace pipec
