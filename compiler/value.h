// Values are what expressions evaluate to at compile time. A value is either
// fully known (a string, a list, an object, ...) or Runtime: a GitHub
// expression that can only be decided when the workflow runs (inputs.x,
// needs.j.outputs.o, ...). Strings may mix text with runtime parts.
// Every value keeps the position of the source that produced it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ast.h"

namespace pipec {

struct Value;
using ValuePtr = std::shared_ptr<const Value>;
struct Template;  // defined in program.h

struct Field {
  std::string key;
  Pos key_pos;
  ValuePtr value;
  // Where the emitted line's text was written, where that is not at the
  // key (which anchors the comments written above it): a declared
  // action's commit, written in the declaration and used by name.
  Pos text_pos{};
};

struct Value {
  enum class Kind { Null, Bool, Number, String, List, Object, Runtime, Template };
  Kind kind = Kind::Null;
  Pos pos;
  bool boolean = false;
  std::string text;                // Number text; String text when parts is empty
  std::vector<StringPart> parts;   // String with runtime parts (exprs are folded)
  bool block_text = false;         // a triple-quoted string: emit as a block literal
  // A long condition, laid out over lines and emitted as a folded block
  // (>-): the same text on one line, as reports show it; "" for any other.
  std::string one_line;
  std::vector<ValuePtr> items;     // List
  std::vector<Field> fields;       // Object, in source order
  std::string tag;                 // Object: declared kind (action, image, profile, tool, ...)
  std::string comment;             // emitted as a trailing YAML comment (action versions)
  ExprPtr expr;                    // Runtime
  const Template* tmpl = nullptr;  // Template
  // A step a steps or job template wrote: the uses that wrote it, outermost
  // first (the Diagnostics::Context of what is reported in it).
  std::shared_ptr<const std::vector<Pos>> via;
  // Its size once written out: text length, or 1 plus the weights of its
  // items, fields and runtime parts; kept by the operations that can grow a
  // value (string interpolation, join, list and object literals).
  size_t weight = 1;

  const Value* get(const std::string& key) const;
  const Field* field(const std::string& key) const;
  bool is_string() const { return kind == Kind::String && parts.empty(); }
  bool folded() const { return !one_line.empty(); }
  bool is_runtime_string() const { return kind == Kind::String && !parts.empty(); }
  // A string with no runtime parts and nothing but spaces, tabs and newlines.
  bool is_blank() const { return is_string() && text.find_first_not_of(" \t\n") == std::string::npos; }
};

ValuePtr make_null(const Pos& pos);
ValuePtr make_bool(bool b, const Pos& pos);
ValuePtr make_string(std::string s, const Pos& pos);
ValuePtr make_number(std::string text, const Pos& pos);
ValuePtr make_runtime(ExprPtr e);
// The value of an expression that already had an error reported: every
// operation on it yields it again, silently, so one mistake gives one message.
ValuePtr make_error(const Pos& pos);
inline bool is_error(const Value& v) { return v.kind == Value::Kind::Null && v.tag == "<error>"; }
// A bare name in a block of free keys (`with { artifact_group }`): the value
// of that name passed on, resolved by pass_through.cpp.
ValuePtr make_pass(const Pos& pos);
inline bool is_pass(const Value& v) { return v.kind == Value::Kind::Null && v.tag == "<pass>"; }

// a + b, saturating: weights only grow until a limit stops them.
inline size_t add_weight(size_t a, size_t b) { return a > SIZE_MAX - b ? SIZE_MAX : a + b; }

// The most bytes pipec writes into one generated file, and the most a
// value tree may come to once written out (written_size): a program that
// would write more, its uses and legs multiplying a large value, stops
// with an error before it is built.
inline constexpr size_t kMaxOutputBytes = size_t{16} << 20;

// About how many bytes a value comes to written out (its text, keys, the
// weight of its ${{ }} parts, and the indentation of each entry at
// `depth`), counted until it passes `limit`: then limit + 1. The same
// value used in several places counts each time, as it is written each
// time.
inline size_t written_size(const Value& v, size_t limit, size_t depth = 0) {
  size_t n = v.text.size() + 1;
  if (v.expr) n = add_weight(n, v.expr->weight);
  for (const auto& p : v.parts) n = add_weight(n, p.expr ? p.expr->weight : p.text.size());
  const size_t indent = 2 * depth + 2;
  for (const auto& f : v.fields) {
    if (n > limit) return limit + 1;
    n = add_weight(n, indent + f.key.size() + (f.value ? written_size(*f.value, limit - std::min(n, limit), depth + 1) : 0));
  }
  for (const auto& item : v.items) {
    if (n > limit) return limit + 1;
    n = add_weight(n, indent + (item ? written_size(*item, limit - std::min(n, limit), depth + 1) : 0));
  }
  return n > limit ? limit + 1 : n;
}

// "string", "list", ... for messages.
std::string kind_name(const Value& v);
// "a list", "an object": a word for a type or kind, with its article.
std::string with_article(const std::string& word);
// The kind as a sentence names it: "null", "a list", "an object".
std::string a_kind(const Value& v);
// A short rendering for messages and reports.
std::string describe(const Value& v);
// GitHub's string form of a scalar (true, 3, text); "" for anything else.
std::string scalar_text(const Value& v);
// A text value as GitHub reads it: the text, each runtime part as ${{ }};
// a Runtime value as one ${{ }}.
std::string text_of(const Value& v);
// Turns a known scalar value back into an expression (for folding it into a
// runtime expression).
ExprPtr to_expr(const Value& v);
// The most values and expressions on one path down from v (v counts one),
// read only as far as cap + 1: a let can make a value from another let's,
// so a chain of lets builds a tree deeper than any one statement can. Each
// value or expression shared by several paths is read once.
size_t value_depth(const Value& v, size_t cap);
// The deepest value a let may hold, counting its expressions (a statement
// alone reaches at most parse.h's kMaxNesting + kMaxOperators).
inline constexpr size_t kMaxValueDepth = 512;
// The deepest a generated workflow may nest (TheRock's nest some 10 levels).
inline constexpr size_t kMaxWrittenDepth = 100;
// Calls f on e and on every expression inside it: operands, then parts,
// then the values of an object's fields or a call's named arguments.
void each_expr(const Expr& e, const std::function<void(const Expr&)>& f);
// Calls each_expr on every runtime expression in v: a Runtime value, the
// ${{ }} parts of its strings, and those of its items and fields.
void each_runtime(const Value& v, const std::function<void(const Expr&)>& f);
// The expression v is, when it is one: a runtime value, or text that is one
// ${{ }} and nothing else, which GitHub evaluates to any type; else null.
const Expr* whole_expr(const Value& v);
// Calls f on the top of every runtime expression in v (not on the
// expressions inside them), in the same places.
void each_top_expr(const Value& v, const std::function<void(const Expr&)>& f);
// Whether every context v reads at run time is one of `contexts` (literal
// text reads none).
bool reads_only(const Value& v, const std::vector<std::string>& contexts);
// Whether the literal text of a string pipec joined (not its ${{ }}
// parts) holds "${{": GitHub would evaluate an expression there that
// pipec never read. kHiddenExpression is the report's words.
bool hidden_expression(const Value& v);
inline constexpr const char* kHiddenExpression =
    "the pieces of this text join into \"${{\", so GitHub would evaluate an expression here that pipec never "
    "read, and none of its checks would see it; write the expression itself";
// Deep equality of known values (runtime parts compare by rendered text).
bool same(const Value& a, const Value& b);

}  // namespace pipec
