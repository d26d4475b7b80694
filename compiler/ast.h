// pipec's own syntax tree. Built from ANTLR's parse tree by parse.cpp (the only
// file that sees ANTLR types); every node keeps its source position, and so do
// the values that later passes derive from it.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "diag.h"

namespace pipec {

// The kinds of block a file holds at its top (`workflow NAME { ... }`).
inline const std::vector<std::string> kTopKinds = {"action",  "boundary", "image", "job",  "profile",
                                                   "runners", "steps",    "table", "tool", "workflow"};

struct Expr;
using ExprPtr = std::shared_ptr<const Expr>;

// A piece of a string literal: either text or an interpolated `${{ expr }}`.
struct StringPart {
  std::string text;  // when expr is null
  ExprPtr expr;
  int line_breaks = 0;  // in the source of a ${{ }} part
};

struct ObjField {
  std::string key;
  Pos pos;
  ExprPtr value;
};

struct Expr {
  enum class Kind {
    String,   // parts (interpolated string; a plain one has one text part)
    Number,   // text
    Bool,     // boolean
    Null,
    Name,     // text
    Member,   // operands[0] . text
    Index,    // operands[0] [ operands[1] ]
    Call,     // text ( operands... )
    List,     // operands
    Object,   // fields
    Not,      // ! operands[0]
    Binary,   // operands[0] text operands[1]  (== != < <= > >= && ||)
    Cond,     // operands[0] ? operands[1] : operands[2]
  };
  Kind kind;
  Pos pos;
  std::string text;
  bool boolean = false;
  bool raw = false;  // a triple-quoted string
  std::vector<StringPart> parts;
  std::vector<ExprPtr> operands;
  std::vector<ObjField> fields;  // Object; Call: the arguments given by name
  // Nodes once written out, a shared operand counted each time: set where
  // pipec builds an expression from others (parsed ones are bounded by
  // their source and count 1).
  size_t weight = 1;
};

struct Stmt;
using StmtPtr = std::shared_ptr<const Stmt>;
using Body = std::vector<StmtPtr>;

struct TypeRef {
  std::string name;  // string, boolean, number, choice, list, object, any
  Pos pos;
  std::vector<ExprPtr> args;  // choice["a", "b"] or choice[table.column]
  // list[choice["a", "b"]]: the items' type, where it has options (a name
  // alone, list[tool], is args[0]).
  std::shared_ptr<TypeRef> item;
};

struct Param {
  std::string name;
  Pos pos;
  TypeRef type;
  ExprPtr default_value;  // may be null
};

// An argument of a use or a call: by position when name is empty.
struct Arg {
  std::string name;
  Pos pos;
  ExprPtr value;
};

// Byte offsets into the file's text, end exclusive (for the formatter, which
// rewrites layout and keeps every token). Zero for statements not read from
// a file.
struct Span {
  size_t begin = 0, end = 0;
};

struct Stmt {
  enum class Kind { Import, Let, Use, When, Attr, Typed, Block, Flag };
  Kind kind;
  Pos pos;
  std::string kind_word;  // Block/Typed/Flag: the leading word (job, step, input...)
  std::string name;       // Attr key, Let/Use name, Block/Typed name (may be empty)
  Pos name_pos;
  ExprPtr value;          // Attr/Let value, Typed default, When condition
  std::optional<TypeRef> type;    // Typed
  bool has_params = false;        // Block: `(...)` was written
  std::vector<Param> params;      // Block
  std::vector<Arg> args;          // Use: by position (no name), then by name
  std::optional<Body> body;       // Block, Typed (optional), When
  std::optional<Body> else_body;  // When (an else-when is one When stmt inside)
  std::string import_path;        // Import
  Span span;         // the whole statement
  Span head;         // what precedes the body: `job x(p: t)`, `key = value`, `use t(a = 1)`, ...
  Span body_braces;  // `{ ... }` of the body, braces included
  Span else_braces;  // `{ ... }` of a plain else (an else-when is a When in else_body)
  // The comment lines right above it, each on its own line, with no blank
  // line between them and it: "# ...", as YAML writes a comment.
  std::vector<std::string> lead;
  // Block: the comment lines right above its name (`call` then a comment
  // then `dispatch { }` is one named block), which the name's key carries.
  std::vector<std::string> name_lead;
};

struct File {
  std::string path;  // as given, relative to the repository root
  Body stmts;
};

// Calls f on each statement of `stmts` and of the bodies under them (a
// block's, a when's and its else's), in order, however deep.
inline void each_stmt(const Body& stmts, const std::function<void(const Stmt&)>& f) {
  for (const auto& st : stmts) {
    f(*st);
    if (st->body) each_stmt(*st->body, f);
    if (st->else_body) each_stmt(*st->else_body, f);
  }
}

}  // namespace pipec
