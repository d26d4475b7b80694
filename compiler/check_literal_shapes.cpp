#include "check_literal_shapes.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ascii.h"
#include "expr_chain.h"
#include "github_eval.h"
#include "matrix_legs.h"
#include "render_expr.h"

namespace pipec {
namespace {

// A value's type as actionlint gives it (expr_type.go), where it knows more
// than "any": a scalar's kind, an object's fields (all of them: a strict
// object), an array's items (all of one shape, merged) and whether a filter
// made it.
struct Shape {
  enum class Kind { Any, Null, Number, Bool, String, Object, Array };
  Kind kind = Kind::Any;
  std::vector<std::pair<std::string, Shape>> fields;  // an object's
  std::vector<Shape> item;                            // an array's, one
  bool filtered = false;

  const Shape* field(const std::string& name) const {
    for (const auto& [k, v] : fields) {
      if (k == name) return &v;
    }
    return nullptr;
  }
};

Shape any() { return {}; }

Shape boolean() {
  Shape s;
  s.kind = Shape::Kind::Bool;
  return s;
}

bool is_matrix(const Expr& e) { return e.kind == Expr::Kind::Name && lower(e.text) == "matrix"; }

Shape array_of(Shape item, bool filtered) {
  Shape s;
  s.kind = Shape::Kind::Array;
  s.item.push_back(std::move(item));
  s.filtered = filtered;
  return s;
}

// "a number", "an object with fields a, b", "an array", for messages; for
// the items of an array (`items`), "numbers", "objects with fields a, b".
std::string described(const Shape& s, bool items = false) {
  auto word = [&](const char* one, const char* many) { return std::string(items ? many : one); };
  switch (s.kind) {
    case Shape::Kind::Null:
      return "null";
    case Shape::Kind::Number:
      return word("a number", "numbers");
    case Shape::Kind::Bool:
      return word("a boolean", "booleans");
    case Shape::Kind::String:
      return "text";
    case Shape::Kind::Array:
      return word("an array", "arrays");
    case Shape::Kind::Object: {
      std::string names;
      for (const auto& [k, v] : s.fields) names += (names.empty() ? "" : ", ") + k;
      return word("an object", "objects") +
             (names.empty() ? " with no fields" : " with fields " + names);
    }
    default:
      return word("a value", "values");
  }
}

// actionlint's Merge: one shape for two values one place may hold.
Shape merged(const Shape& a, const Shape& b) {
  using K = Shape::Kind;
  auto scalar = [](K k) { return k == K::Number || k == K::Bool || k == K::String; };
  if (a.kind == K::Any || b.kind == K::Any) return any();
  if (a.kind == b.kind && a.kind != K::Object && a.kind != K::Array) return a;
  if (scalar(a.kind) && scalar(b.kind) && (a.kind == K::String || b.kind == K::String)) {
    Shape s;
    s.kind = K::String;
    return s;
  }
  if (a.kind == K::Object && b.kind == K::Object) {
    Shape s = a;
    for (const auto& [k, v] : b.fields) {
      bool found = false;
      for (auto& [k2, v2] : s.fields) {
        if (k2 != k) continue;
        v2 = merged(v2, v);
        found = true;
      }
      if (!found) s.fields.push_back({k, v});
    }
    return s;
  }
  if (a.kind == K::Array && b.kind == K::Array) {
    if (a.item[0].kind == K::Any) return a;
    if (b.item[0].kind == K::Any) return b;
    return array_of(merged(a.item[0], b.item[0]), false);
  }
  return any();
}

// typeOfJSONValue; a matrix's values have their keys in lower case, as
// actionlint reads a workflow's. Past kMaxDepth levels a value is any, so
// that JSON nested deep cannot exhaust the stack.
constexpr int kMaxDepth = 32;

Shape of_json(const nlohmann::json& v, bool lower_keys, int depth = 0) {
  Shape s;
  if (depth > kMaxDepth) return s;
  using K = Shape::Kind;
  if (v.is_null())
    s.kind = K::Null;
  else if (v.is_boolean())
    s.kind = K::Bool;
  else if (v.is_number())
    s.kind = K::Number;
  else if (v.is_string())
    s.kind = K::String;
  else if (v.is_object()) {
    s.kind = K::Object;
    for (const auto& [k, x] : v.items())
      s.fields.push_back({lower_keys ? lower(k) : k, of_json(x, lower_keys, depth + 1)});
  } else if (v.is_array()) {
    std::optional<Shape> item;
    for (const auto& x : v)
      item = item ? merged(*item, of_json(x, lower_keys, depth + 1))
                  : of_json(x, lower_keys, depth + 1);
    return array_of(item ? *item : any(), false);
  }
  return s;  // a value not known here is any
}

class ShapeChecker {
 public:
  ShapeChecker(const Value* job, Diagnostics& diags) : job_(job), diags_(diags) {}

  // The shape of e, reporting the reads actionlint refuses; any where it
  // is not known.
  Shape shape(const Expr& e);

 private:
  Shape matrix() const;
  void refuse(const Expr& e, const std::string& why) {
    diags_.error(expr_start(e), "type-mismatch", why + ", which actionlint refuses");
  }

  const Value* job_;
  Diagnostics& diags_;
  std::optional<Shape> matrix_;  // the job's, once read
};

Shape ShapeChecker::matrix() const {
  const Value* strategy = job_ ? job_->get("strategy") : nullptr;
  const Value* m = strategy ? strategy->get("matrix") : nullptr;
  if (!m || m->kind != Value::Kind::Object) return any();
  Shape s;
  s.kind = Shape::Kind::Object;
  std::vector<std::string> keys;
  for (const auto& f : m->fields) {
    if (f.key != "include" && f.key != "exclude") keys.push_back(f.key);
  }
  if (const Value* include = m->get("include")) {
    if (include->kind != Value::Kind::List) return any();  // from an expression
    for (const auto& entry : include->items) {
      if (entry->kind != Value::Kind::Object) return any();
      for (const auto& f : entry->fields) {
        if (std::find(keys.begin(), keys.end(), f.key) == keys.end()) keys.push_back(f.key);
      }
    }
  }
  for (const auto& key : keys) {
    std::vector<const Value*> values;
    if (!matrix_key_values(*m, key, values)) values.clear();  // an axis from an expression
    std::optional<Shape> value;
    for (const Value* v : values) {
      const Shape one = of_json(value_json(*v, nullptr), true);
      value = value ? merged(*value, one) : one;
    }
    s.fields.push_back({lower(key), value ? *value : any()});
  }
  return s;
}

Shape ShapeChecker::shape(const Expr& e) {
  using K = Shape::Kind;
  switch (e.kind) {
    case Expr::Kind::Call: {
      std::string text;
      if (lower(e.text) == "join" && !e.operands.empty()) {
        // join(array<string>, string): an array's items must be text or
        // numbers (actionlint's StringType.Assignable) to be joined.
        const Expr& list = *e.operands[0];
        const Shape s = shape(list);
        for (size_t i = 1; i < e.operands.size(); ++i) shape(*e.operands[i]);
        const K item = s.kind == K::Array ? s.item[0].kind : K::Any;
        if (item != K::Any && item != K::String && item != K::Number)
          refuse(list, "join() takes an array of text or numbers, and " + render_expr(list) +
                           " is an array of " + described(s.item[0], true));
        return any();
      }
      if (lower(e.text) != "fromjson" || e.operands.size() != 1 ||
          !plain_text(*e.operands[0], text))
        break;
      const nlohmann::json v = github_from_json(text);
      return v.is_discarded() ? any() : of_json(v, false);
    }
    case Expr::Kind::Name:
      if (lower(e.text) != "matrix") return any();
      if (!matrix_) matrix_ = matrix();
      return *matrix_;
    case Expr::Kind::Member: {
      const Shape base = shape(*e.operands[0]);
      if (e.text == "*" && e.operands[0]->kind == Expr::Kind::Name) {
        // Contexts actionlint types with no object among their fields
        // (BuiltinGlobalVariableTypes): inputs and runner hold scalars,
        // env, vars and secrets map names to text.
        const std::string context = lower(e.operands[0]->text);
        if (context == "inputs" || context == "runner") {
          refuse(e, "`" + render_expr(e) + "` filters the " + context +
                        " context, none of whose fields is an object");
          return any();
        }
        if (context == "env" || context == "vars" || context == "secrets") {
          refuse(e, "`" + render_expr(e) + "` filters the " + context +
                        " context, whose values are text, not objects");
          return any();
        }
      }
      if (e.text == "*") {  // checkArrayDeref
        if (base.kind == K::Any) return array_of(any(), true);
        if (base.kind == K::Array) {
          Shape s = base;
          s.filtered = true;
          return s;
        }
        if (base.kind == K::Object) {
          for (const auto& [k, v] : base.fields) {
            if (v.kind == K::Object) return array_of(any(), true);
          }
          refuse(e, "`" + render_expr(e) + "` filters " + described(base) +
                        ", none of which is an object");
          return any();
        }
        refuse(e, "`" + render_expr(e) + "` filters " + described(base) +
                      ": a filter reads an array's items or an object's fields");
        return any();
      }
      // checkObjectDeref: the name as actionlint reads it, in lower case.
      // A matrix key that is not there is check_refs' to report.
      const std::string name = lower(e.text);
      if (base.kind == K::Object) {
        if (const Shape* f = base.field(name)) return *f;
        if (is_matrix(*e.operands[0])) return any();
        // A key written in another case: actionlint reads the name after
        // the dot in lower case and compares it with the key as written.
        std::string key;
        for (const auto& [k, v] : base.fields) {
          if (lower(k) == name) key = k;
        }
        refuse(e,
               render_expr(*e.operands[0]) + " is " + described(base) + ": `" + render_expr(e) +
                   "` reads no field of it" +
                   (key.empty()
                        ? ""
                        : " (actionlint reads the name after a dot in lower case, \"" + name +
                              "\", and the JSON's keys as written; read it as [\"" + key + "\"])"));
        return any();
      }
      if (base.kind == K::Array && base.filtered) {
        const Shape& item = base.item[0];
        if (item.kind == K::Any) return base;
        if (item.kind == K::Object) {
          if (const Shape* f = item.field(name)) return array_of(*f, true);
          refuse(e, "the items of " + render_expr(*e.operands[0]) + " are " +
                        described(item, true) + ": `" + render_expr(e) +
                        "` reads no field of them");
          return array_of(any(), true);
        }
        refuse(e, "the items of " + render_expr(*e.operands[0]) + " are " + described(item, true) +
                      ", not objects: `" + render_expr(e) + "` reads no field of them");
        return any();
      }
      return any();  // an array read by name, a scalar's field: check_types'
    }
    case Expr::Kind::Index: {
      const Shape base = shape(*e.operands[0]);
      shape(*e.operands[1]);
      const Expr& index = *e.operands[1];
      if (base.kind == K::Array) return base.item[0];
      std::string name;
      if (base.kind == K::Object && plain_text(index, name)) {
        // The text in [] is compared with the keys as actionlint has them:
        // a JSON literal's as written, a matrix's in lower case.
        if (const Shape* f = base.field(name)) return *f;
        std::string key;
        for (const auto& [k, v] : base.fields) {
          if (lower(k) == lower(name)) key = k;
        }
        if (is_matrix(*e.operands[0]) && key.empty()) return any();  // check_refs'
        refuse(e, render_expr(*e.operands[0]) + " is " + described(base) + ": `" + render_expr(e) +
                      "` reads no field of it" +
                      (key.empty()
                           ? ""
                           : " (actionlint compares the text in [] with the key as it has it, \"" +
                                 key + "\")"));
      }
      return any();
    }
    case Expr::Kind::Not:
      shape(*e.operands[0]);
      return boolean();
    case Expr::Kind::Binary:
      for (const auto& o : e.operands) shape(*o);
      // A comparison is a boolean (&& and || give an operand).
      return e.text == "&&" || e.text == "||" ? any() : boolean();
    default:
      break;
  }
  for (const auto& o : e.operands) shape(*o);
  for (const auto& p : e.parts) {
    if (p.expr) shape(*p.expr);
  }
  return any();
}

}  // namespace

void check_literal_shapes(const WorkflowModel& wf, Diagnostics& diags) {
  const Value& body = *wf.body;
  for (const auto& f : body.fields) {
    if (f.key == "jobs") continue;
    ShapeChecker checker(nullptr, diags);
    each_top_expr(*f.value, [&](const Expr& e) { checker.shape(e); });
  }
  for (const auto& j : jobs_of(body)) {
    ShapeChecker checker(j.value.get(), diags);
    each_top_expr(*j.value, [&](const Expr& e) { checker.shape(e); });
  }
}

}  // namespace pipec
