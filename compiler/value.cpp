#include "value.h"

#include <algorithm>
#include <unordered_map>

#include "escape.h"
#include "render_expr.h"

namespace pipec {

const Field* Value::field(const std::string& key) const {
  for (const auto& f : fields) {
    if (f.key == key) return &f;
  }
  return nullptr;
}

const Value* Value::get(const std::string& key) const {
  const Field* f = field(key);
  return f ? f->value.get() : nullptr;
}

ValuePtr make_null(const Pos& pos) {
  auto v = std::make_shared<Value>();
  v->pos = pos;
  return v;
}

ValuePtr make_bool(bool b, const Pos& pos) {
  auto v = std::make_shared<Value>();
  v->kind = Value::Kind::Bool;
  v->boolean = b;
  v->pos = pos;
  return v;
}

ValuePtr make_string(std::string s, const Pos& pos) {
  auto v = std::make_shared<Value>();
  v->kind = Value::Kind::String;
  v->text = std::move(s);
  v->weight = v->text.size();
  v->pos = pos;
  return v;
}

ValuePtr make_number(std::string text, const Pos& pos) {
  auto v = std::make_shared<Value>();
  v->kind = Value::Kind::Number;
  v->text = std::move(text);
  v->pos = pos;
  return v;
}

ValuePtr make_error(const Pos& pos) {
  auto v = std::make_shared<Value>();
  v->pos = pos;
  v->tag = "<error>";
  return v;
}

ValuePtr make_pass(const Pos& pos) {
  auto v = std::make_shared<Value>();
  v->pos = pos;
  v->tag = "<pass>";
  return v;
}

ValuePtr make_runtime(ExprPtr e) {
  auto v = std::make_shared<Value>();
  v->kind = Value::Kind::Runtime;
  v->pos = expr_start(*e);  // a dotted name from its first, as written
  v->weight = e->weight;
  v->expr = std::move(e);
  return v;
}

std::string kind_name(const Value& v) {
  switch (v.kind) {
    case Value::Kind::Null: return "null";
    case Value::Kind::Bool: return "boolean";
    case Value::Kind::Number: return "number";
    case Value::Kind::String: return "string";
    case Value::Kind::List: return "list";
    case Value::Kind::Object: return v.tag.empty() ? "object" : v.tag;
    case Value::Kind::Runtime: return "runtime expression";
    case Value::Kind::Template: return "template";
  }
  return "value";
}

std::string with_article(const std::string& word) {
  return (!word.empty() && std::string("aeiou").find(word[0]) != std::string::npos ? "an " : "a ") +
         word;
}

std::string a_kind(const Value& v) {
  std::string k = kind_name(v);
  if (v.kind == Value::Kind::Null) return k;
  return with_article(k);
}

std::string scalar_text(const Value& v) {
  switch (v.kind) {
    case Value::Kind::Bool: return v.boolean ? "true" : "false";
    case Value::Kind::Number:
    case Value::Kind::String: return v.text;
    default: return "";
  }
}

std::string text_of(const Value& v) {
  if (v.kind == Value::Kind::Runtime) return "${{ " + render_expr(*v.expr) + " }}";
  if (v.parts.empty()) return v.text;
  std::string out;
  for (const auto& p : v.parts) out += p.expr ? "${{ " + render_expr(*p.expr) + " }}" : p.text;
  return out;
}

std::string describe(const Value& v) {
  switch (v.kind) {
    case Value::Kind::Null: return "null";
    case Value::Kind::Bool: return v.boolean ? "true" : "false";
    case Value::Kind::Number: return v.text;
    case Value::Kind::String: {
      // As a .pipe string spells it: a report or a generated file's header
      // shows a newline as \n, not as a line break.
      if (v.parts.empty()) return "\"" + c_escape(v.text) + "\"";
      std::string out = "\"";
      for (const auto& p : v.parts) out += p.expr ? "${{ " + render_expr(*p.expr) + " }}" : c_escape(p.text);
      return out + "\"";
    }
    case Value::Kind::List: {
      std::string out = "[";
      for (size_t i = 0; i < v.items.size(); ++i) out += (i ? ", " : "") + describe(*v.items[i]);
      return out + "]";
    }
    case Value::Kind::Object: {
      // A declaration (action, profile, tool, ...) by its kind and name.
      const Value* name = v.tag.empty() ? nullptr : v.get("name");
      if (name && name->is_string() && name->parts.empty())
        return v.tag + " \"" + name->text + "\"";
      std::string out = "{";
      for (size_t i = 0; i < v.fields.size(); ++i)
        out += (i ? ", " : "") + v.fields[i].key + ": " + describe(*v.fields[i].value);
      return out + "}";
    }
    case Value::Kind::Runtime: return "${{ " + render_expr(*v.expr) + " }}";
    case Value::Kind::Template: return "template";
  }
  return "";
}

ExprPtr to_expr(const Value& v) {
  auto e = std::make_shared<Expr>();
  e->pos = v.pos;
  switch (v.kind) {
    case Value::Kind::Runtime: return v.expr;
    case Value::Kind::Bool: e->kind = Expr::Kind::Bool; e->boolean = v.boolean; break;
    case Value::Kind::Number: e->kind = Expr::Kind::Number; e->text = v.text; break;
    case Value::Kind::String:
      e->kind = Expr::Kind::String;
      e->parts = v.parts.empty() ? std::vector<StringPart>{{v.text, nullptr}} : v.parts;
      e->weight = v.weight;
      break;
    default: e->kind = Expr::Kind::Null; break;
  }
  return e;
}

bool same(const Value& a, const Value& b) { return describe(a) == describe(b) && a.tag == b.tag; }

namespace {

// value_depth's walk: the depth below each node met, by address. A path is
// followed to cap + 1 nodes and no further: a depth read short there is
// already over cap, which is all the caller asks.
struct DepthWalk {
  size_t cap;
  std::unordered_map<const void*, size_t> seen;

  size_t of(const Expr& e, size_t above) {
    if (above > cap + 1) return 0;
    if (auto it = seen.find(&e); it != seen.end()) return it->second;
    size_t below = 0;
    for (const auto& o : e.operands) below = std::max(below, of(*o, above + 1));
    for (const auto& p : e.parts) {
      if (p.expr) below = std::max(below, of(*p.expr, above + 1));
    }
    for (const auto& f : e.fields) {
      if (f.value) below = std::max(below, of(*f.value, above + 1));
    }
    return seen[&e] = below + 1;
  }

  size_t of(const Value& v, size_t above) {
    if (above > cap + 1) return 0;
    if (auto it = seen.find(&v); it != seen.end()) return it->second;
    size_t below = 0;
    if (v.expr) below = of(*v.expr, above + 1);
    for (const auto& p : v.parts) {
      if (p.expr) below = std::max(below, of(*p.expr, above + 1));
    }
    for (const auto& i : v.items) below = std::max(below, of(*i, above + 1));
    for (const auto& f : v.fields) below = std::max(below, of(*f.value, above + 1));
    return seen[&v] = below + 1;
  }
};

}  // namespace

size_t value_depth(const Value& v, size_t cap) { return DepthWalk{cap, {}}.of(v, 1); }

void each_expr(const Expr& e, const std::function<void(const Expr&)>& f) {
  f(e);
  for (const auto& o : e.operands) each_expr(*o, f);
  for (const auto& p : e.parts) {
    if (p.expr) each_expr(*p.expr, f);
  }
  for (const auto& field : e.fields) {
    if (field.value) each_expr(*field.value, f);
  }
}

const Expr* whole_expr(const Value& v) {
  if (v.kind == Value::Kind::Runtime) return v.expr.get();
  if (v.kind == Value::Kind::String && v.parts.size() == 1) return v.parts[0].expr.get();
  return nullptr;
}

void each_top_expr(const Value& v, const std::function<void(const Expr&)>& f) {
  if (v.kind == Value::Kind::Runtime) f(*v.expr);
  for (const auto& p : v.parts) {
    if (p.expr) f(*p.expr);
  }
  for (const auto& i : v.items) each_top_expr(*i, f);
  for (const auto& fl : v.fields) each_top_expr(*fl.value, f);
}

void each_runtime(const Value& v, const std::function<void(const Expr&)>& f) {
  each_top_expr(v, [&](const Expr& e) { each_expr(e, f); });
}

bool reads_only(const Value& v, const std::vector<std::string>& contexts) {
  bool only = true;
  each_runtime(v, [&](const Expr& e) {
    if (e.kind == Expr::Kind::Name)
      only = only && std::find(contexts.begin(), contexts.end(), e.text) != contexts.end();
  });
  return only;
}

bool hidden_expression(const Value& v) {
  if (v.kind != Value::Kind::String) return false;
  bool hidden = v.text.find("${{") != std::string::npos;
  for (const auto& p : v.parts) hidden = hidden || (!p.expr && p.text.find("${{") != std::string::npos);
  return hidden;
}

}  // namespace pipec
