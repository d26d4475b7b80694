// Partial evaluation of expressions: what is known at compile time is folded,
// what GitHub decides at run time stays an expression.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "ascii.h"
#include "linter.h"
#include "ordinal_case.h"
#include "expand.h"
#include "expr_chain.h"
#include "github_eval.h"
#include "render_expr.h"

namespace pipec {

ValuePtr Scope::lookup(const std::string& name) const {
  auto it = names_.find(name);
  if (it != names_.end()) {
    if (reads_) reads_->insert(name);
    return it->second;
  }
  return parent_ ? parent_->lookup(name) : nullptr;
}

ValuePtr Scope::peek(const std::string& name) const {
  auto it = names_.find(name);
  if (it != names_.end()) return it->second;
  return parent_ ? parent_->peek(name) : nullptr;
}

std::vector<std::string> Scope::all_names() const {
  std::vector<std::string> out = parent_ ? parent_->all_names() : std::vector<std::string>{};
  for (const auto& [k, v] : names_) out.push_back(k);
  return out;
}

const std::vector<std::string>& runtime_roots() {
  static const std::vector<std::string> roots = {"env",    "github", "inputs",  "job",
                                                 "jobs",   "matrix", "needs",   "runner",
                                                 "secrets", "steps", "strategy", "vars"};
  return roots;
}

namespace {

// format()'s text against its values, read as GitHub's runner reads it
// (read_format). A text the runner fails on, or a placeholder past the
// values, fails the run; a value no placeholder reads is a mistake
// (actionlint refuses it). Returns the error's kind and message, or empty
// ones.
std::pair<std::string, std::string> format_placeholders(const std::string& text, size_t values) {
  const std::string shown = "format's text \"" + text + "\"";
  FormatText fmt = read_format(text);
  if (!fmt.error.empty()) return {"format", shown + " " + fmt.error};
  std::set<size_t> read;
  for (const auto& p : fmt.pieces) {
    if (p.index >= 0) read.insert(static_cast<size_t>(p.index));
  }
  for (size_t n : read) {
    if (n >= values)
      return {"arity", shown + " reads {" + std::to_string(n) + "}, but format() is given " + std::to_string(values) +
             (values == 1 ? " value" : " values") + " after it"};
  }
  for (size_t n = 0; n < values; ++n) {
    if (!read.count(n)) return {"arity", shown + " has no {" + std::to_string(n) + "}, so value " + std::to_string(n) + " is unused"};
  }
  return {};
}

const std::vector<std::string>& github_functions() {
  static const std::vector<std::string> f = {
      "always",  "cancelled", "contains", "endsWith", "failure", "format",
      "fromJSON", "hashFiles", "join",    "startsWith", "success", "toJSON"};
  return f;
}

const std::vector<std::string>& pipec_functions() {
  static const std::vector<std::string> f = {"sorted", "unique", "unless_failed", "where"};
  return f;
}

bool known_scalar(const Value& v) {
  return v.kind == Value::Kind::Bool || v.kind == Value::Kind::Number ||
         v.kind == Value::Kind::Null || v.is_string();
}

// A value known now all through: a scalar, or a list of them. (Not an
// object: value_json would sort its keys, which toJSON writes in order.)
bool known_data(const Value& v) {
  if (known_scalar(v)) return true;
  return v.kind == Value::Kind::List &&
         std::all_of(v.items.begin(), v.items.end(), [](const ValuePtr& i) { return known_data(*i); });
}

// Whether a value is known only at run time, or holds one that is.
bool holds_runtime(const Value& v) {
  if (v.kind == Value::Kind::Runtime || v.is_runtime_string()) return true;
  const auto held = [](const ValuePtr& i) { return holds_runtime(*i); };
  const auto field = [](const Field& f) { return holds_runtime(*f.value); };
  return std::any_of(v.items.begin(), v.items.end(), held) || std::any_of(v.fields.begin(), v.fields.end(), field);
}

bool truthy(const Value& v) {
  switch (v.kind) {
    case Value::Kind::Bool: return v.boolean;
    case Value::Kind::Number: return v.text != "0" && v.text != "0.0" && v.text != "-0";
    case Value::Kind::String: return !v.text.empty();
    case Value::Kind::Null: return false;
    default: return true;
  }
}


ExprPtr rebuild(const Expr& shape, std::vector<ExprPtr> operands) {
  auto e = std::make_shared<Expr>(shape);
  e->operands = std::move(operands);
  e->weight = 1;
  for (const auto& o : e->operands) e->weight = add_weight(e->weight, o->weight);
  return e;
}

}  // namespace

ValuePtr Expander::eval(const ExprPtr& ep, const ScopePtr& scope) {
  auto v = eval_node(ep, scope);
  if (v->weight > kMaxWeight) {
    bool literal = ep->kind == Expr::Kind::String &&
                   std::none_of(ep->parts.begin(), ep->parts.end(), [](const StringPart& p) { return p.expr != nullptr; });
    diags_.error(ep->pos, "too-large",
                 "this value is over " + std::to_string(kMaxWeight) + " characters once written out" +
                     (literal ? "" : "; does a let use another twice, many levels deep?"));
    return make_error(ep->pos);
  }
  return v;
}

std::vector<std::string> Expander::hint_candidates(const ScopePtr& scope,
                                                   const std::function<bool(const Value&)>& keep) {
  std::vector<std::string> out;
  if (!spelling_hints_left()) return out;
  const auto names = scope->all_names();
  charge_spelling_hints(names.size());
  for (const auto& n : names) {
    if (auto v = scope->lookup(n); v && keep(*v)) out.push_back(n);
  }
  return out;
}

ValuePtr Expander::unknown_name(const Expr& e, const ScopePtr& scope, bool may_be_text) {
  const auto note = unknown_note(e.text, e.pos);
  if (!note) return make_error(e.pos);
  const auto& roots = runtime_roots();
  std::vector<std::string> names = hint_candidates(scope, [](const Value&) { return true; });
  if (!names.empty()) names.insert(names.end(), roots.begin(), roots.end());
  // With no name like it, it may be text written as YAML writes it; not
  // one whose field is read.
  const std::string like = did_you_mean(e.text, names);
  diags_.error(e.pos, "unknown-name",
               "unknown name \"" + e.text + "\"" +
                   (!note->empty()  ? *note
                    : !like.empty() ? like
                    : e.text == "True" || e.text == "False" || e.text == "TRUE" || e.text == "FALSE"
                        ? "; true and false are written in lower case" +
                              (may_be_text ? std::string(", and text in quotes: \"") + e.text + "\"" : std::string(""))
                    : may_be_text ? "; if it is text, write it in quotes: \"" + e.text + "\""
                                    : ": nothing of that name is declared in this file or the files it imports"));
  return make_error(e.pos);
}

ValuePtr Expander::eval_node(const ExprPtr& ep, const ScopePtr& scope) {
  if (!ep) return make_null({});
  const Expr& e = *ep;
  using K = Expr::Kind;
  switch (e.kind) {
    case K::String: return string(e, scope);
    case K::Number: return make_number(e.text, e.pos);
    case K::Bool: return make_bool(e.boolean, e.pos);
    case K::Null: return make_null(e.pos);
    case K::Name: {
      if (auto v = scope->lookup(e.text)) return v;
      const auto& roots = runtime_roots();
      if (std::find(roots.begin(), roots.end(), e.text) != roots.end()) return make_runtime(ep);
      return unknown_name(e, scope, true);
    }
    case K::Member: {
      const Expr& base = *e.operands[0];
      const auto& roots = runtime_roots();
      if (base.kind == K::Name && !scope->lookup(base.text) &&
          std::find(roots.begin(), roots.end(), base.text) == roots.end())
        return unknown_name(base, scope, false);
      return member(e, eval(e.operands[0], scope));
    }
    case K::Index: {
      auto base = eval(e.operands[0], scope);
      auto idx = eval(e.operands[1], scope);
      if (is_error(*base)) return base;
      if (is_error(*idx)) return idx;
      if (base->kind == Value::Kind::Runtime || idx->kind == Value::Kind::Runtime) {
        if (!known_scalar(*idx) && idx->kind != Value::Kind::Runtime) {
          diags_.error(idx->pos, "type", "an index must be a string or number");
          return make_error(e.pos);
        }
        if (base->kind != Value::Kind::Runtime) {
          diags_.error(e.pos, "type", "cannot index a compile-time " + kind_name(*base) +
                                          " with a runtime value");
          return make_error(e.pos);
        }
        return make_runtime(rebuild(e, {base->expr, to_expr(*idx)}));
      }
      if (base->kind == Value::Kind::Object && idx->is_string()) {
        if (base->tag == "profile") profile_reads_.insert(idx->text);
        if (auto v = base->field(idx->text)) return v->value;
        std::vector<std::string> keys;
        for (const auto& f : base->fields) keys.push_back(f.key);
        diags_.error(idx->pos, "unknown-field",
                     "no field \"" + idx->text + "\"; expected one of " + join(keys));
        return make_error(e.pos);
      }
      if (base->kind == Value::Kind::List && idx->kind == Value::Kind::Number) {
        size_t i = 0;
        try {
          i = std::stoul(idx->text);
        } catch (...) {
          i = base->items.size();
        }
        if (i < base->items.size()) return base->items[i];
        diags_.error(idx->pos, "index", "index " + idx->text + " is out of range (the list has " +
                                            std::to_string(base->items.size()) + " items)");
        return make_error(e.pos);
      }
      diags_.error(e.pos, "type", "cannot index " + a_kind(*base) + " with " + a_kind(*idx));
      return make_error(e.pos);
    }
    case K::Call: return call(e, scope);
    case K::List: {
      auto v = std::make_shared<Value>();
      v->kind = Value::Kind::List;
      v->pos = e.pos;
      for (const auto& x : e.operands) {
        v->items.push_back(eval(x, scope));
        v->weight = add_weight(v->weight, v->items.back()->weight);
      }
      return v;
    }
    case K::Object: {
      auto v = std::make_shared<Value>();
      v->kind = Value::Kind::Object;
      v->pos = e.pos;
      for (const auto& f : e.fields) {
        if (v->field(f.key)) diags_.error(f.pos, "duplicate", "field \"" + f.key + "\" given twice");
        v->fields.push_back({f.key, f.pos, eval(f.value, scope)});
        v->weight = add_weight(v->weight, add_weight(f.key.size(), v->fields.back().value->weight));
      }
      return v;
    }
    case K::Not: {
      auto v = eval(e.operands[0], scope);
      if (is_error(*v)) return v;
      if (v->kind == Value::Kind::Runtime) return make_runtime(rebuild(e, {v->expr}));
      if (known_scalar(*v)) return make_bool(!truthy(*v), e.pos);
      diags_.error(e.pos, "type", "! needs a boolean, not " + a_kind(*v));
      return make_error(e.pos);
    }
    case K::Binary: return binary(e, scope);
    case K::Cond: {
      auto c = eval(e.operands[0], scope);
      if (is_error(*c)) return c;
      if (c->kind != Value::Kind::Runtime) {
        if (!known_scalar(*c)) {
          // At the condition as written here, not where its value was made
          // (a let's list, lines away).
          diags_.error(chain_head(*e.operands[0]).pos, "type", "the condition of ?: must be a boolean, not " + a_kind(*c));
          return make_error(e.pos);
        }
        return eval(e.operands[truthy(*c) ? 1 : 2], scope);
      }
      auto a = eval(e.operands[1], scope);
      auto b = eval(e.operands[2], scope);
      if (is_error(*a)) return a;
      if (is_error(*b)) return b;
      if (!(known_scalar(*a) && truthy(*a))) {
        // At the branch as written here (inputs in inputs.x), not where its
        // value was made.
        diags_.error(chain_head(*e.operands[1]).pos, "cond-falsy",
                     "GitHub has no ?: operator; `c ? a : b` becomes `c && a || b`, which is "
                     "only right when a is a known non-empty value (here: " + describe(*a) +
                         "); swap the branches or use a compile-time condition");
        return make_error(e.pos);
      }
      if (!known_scalar(*b) && b->kind != Value::Kind::Runtime && !b->is_runtime_string()) {
        diags_.error(chain_head(*e.operands[2]).pos, "type", "?: needs scalar branches, not " + a_kind(*b));
        return make_error(e.pos);
      }
      return make_runtime(rebuild(e, {c->expr, to_expr(*a), to_expr(*b)}));
    }
  }
  return make_error(e.pos);
}

ValuePtr Expander::no_hidden_expression(ValuePtr made, const Pos& at) {
  if (!hidden_expression(*made)) return made;
  diags_.error(at, "hidden-expression", kHiddenExpression);
  return make_error(at);
}

ValuePtr Expander::string(const Expr& e, const ScopePtr& scope) {
  auto v = std::make_shared<Value>();
  v->kind = Value::Kind::String;
  v->pos = e.pos;
  v->block_text = e.raw;
  std::string text;
  size_t weight = 0;
  for (const auto& p : e.parts) {
    if (!p.expr) {
      text += p.text;
      weight = add_weight(weight, p.text.size());
      continue;
    }
    auto x = eval(p.expr, scope);
    if (is_error(*x)) return x;
    weight = add_weight(weight, x->weight);
    if (weight > kMaxWeight) {
      v->weight = weight;  // reported by eval
      return v;
    }
    if (known_scalar(*x)) {
      // As GitHub writes a value into text: a number with 15 significant
      // digits (0.30000000000000004 is 0.3), as join() and format() do.
      text += x->kind == Value::Kind::Number ? github_to_string(value_json(*x, nullptr)) : scalar_text(*x);
    } else if (x->is_runtime_string()) {
      for (const auto& q : x->parts) {
        if (q.expr) {
          if (!text.empty()) v->parts.push_back({text, nullptr});
          text.clear();
          v->parts.push_back(q);
        } else {
          text += q.text;
        }
      }
    } else if (x->kind == Value::Kind::Runtime) {
      if (!text.empty()) v->parts.push_back({text, nullptr});
      text.clear();
      v->parts.push_back({"", x->expr});
    } else {
      diags_.error(p.expr->pos, "type",
                   "cannot put " + a_kind(*x) + " inside a string; ${{ }} takes a scalar");
    }
  }
  if (v->parts.empty()) {
    v->text = text;
  } else if (!text.empty()) {
    v->parts.push_back({text, nullptr});
  }
  v->weight = weight;
  return no_hidden_expression(v, e.pos);
}

ValuePtr Expander::member(const Expr& e, const ValuePtr& base) {
  if (is_error(*base)) return base;
  // x.*, GitHub's object filter, of a value known now: an object's values,
  // or a list's items.
  if (e.text == "*" && base->kind == Value::Kind::Object && base->tag.empty()) {
    auto out = std::make_shared<Value>();
    out->kind = Value::Kind::List;
    out->pos = e.pos;
    for (const auto& f : base->fields) out->items.push_back(f.value);
    return out;
  }
  if (e.text == "*" && base->kind == Value::Kind::List) return base;
  switch (base->kind) {
    case Value::Kind::Runtime: {
      auto x = std::make_shared<Expr>(e);
      x->operands = {base->expr};
      return make_runtime(x);
    }
    case Value::Kind::Object: {
      if (base->tag == "profile") profile_reads_.insert(e.text);
      if (auto f = base->field(e.text)) return f->value;
      std::vector<std::string> keys;
      for (const auto& f : base->fields) keys.push_back(f.key);
      // A template read with several profiles reports a misspelt field of
      // theirs once: the field meant, with no list (each profile's differs).
      const std::string like = did_you_mean(e.text, keys);
      const bool list = !keys.empty() && (base->tag != "profile" || like.empty());
      // A field another profile sets: this one lacks it.
      if (base->tag == "profile" && base->get("name")) {
        for (const auto& other : program_.profiles) {
          const Field* f = other->field(e.text);
          if (!f || other.get() == base.get() || !other->get("name")) continue;
          diags_.error(e.pos, "unknown-field",
                       "no field \"" + e.text + "\" in profile " + base->get("name")->text + ", which profile " +
                           other->get("name")->text + " sets (" + to_string(f->key_pos) + "); set it in " +
                           base->get("name")->text + " too, or in a profile both extend");
          return make_error(e.pos);
        }
      }
      diags_.error(e.pos, "unknown-field",
                   "no field \"" + e.text + "\" in " + kind_name(*base) + like + (list ? "; it has " + join(keys) : ""));
      return make_error(e.pos);
    }
    case Value::Kind::List: {
      // list.field: that field of every object in the list (like GitHub's *.field).
      auto out = std::make_shared<Value>();
      out->kind = Value::Kind::List;
      out->pos = e.pos;
      for (const auto& item : base->items) {
        auto v = member(e, item);
        if (v->kind == Value::Kind::Null && item->kind != Value::Kind::Object) return v;
        out->items.push_back(v);
      }
      return out;
    }
    default:
      diags_.error(e.pos, "type", a_kind(*base) + " has no field \"" + e.text + "\"");
      return make_error(e.pos);
  }
}

// Whether an expression gives true or false whatever it reads: a
// comparison, a negation, a status or text test, or && and || of those.
static bool gives_boolean(const Expr& e) {
  switch (e.kind) {
    case Expr::Kind::Bool:
    case Expr::Kind::Not: return true;
    case Expr::Kind::Binary:
      if (e.text == "&&" || e.text == "||") return gives_boolean(*e.operands[0]) && gives_boolean(*e.operands[1]);
      return true;  // == != < <= > >=
    case Expr::Kind::Call: return gives_boolean_function(e.text);
    default: return false;
  }
}

ValuePtr Expander::binary(const Expr& e, const ScopePtr& scope) {
  const std::string& op = e.text;
  auto l = eval(e.operands[0], scope);
  if (is_error(*l)) return l;
  // A value's position is where it was written (a profile: its declaration);
  // a wrong use is reported where the operand is.
  auto runtime_of = [&](const ValuePtr& a, const ValuePtr& b) -> ValuePtr {
    for (size_t i : {0, 1}) {
      const Value* v = (i ? b : a).get();
      if (!known_scalar(*v) && v->kind != Value::Kind::Runtime && !v->is_runtime_string()) {
        diags_.error(e.operands[i]->pos, "type",
                     "operator " + op + " needs scalars, not " + a_kind(*v));
        return make_error(e.pos);
      }
    }
    return make_runtime(rebuild(e, {to_expr(*a), to_expr(*b)}));
  };
  if (op == "&&" || op == "||") {
    bool is_and = op == "&&";
    if (known_scalar(*l)) {
      if (truthy(*l) != is_and) return l;  // false && x, true || x
      return eval(e.operands[1], scope);
    }
    auto r = eval(e.operands[1], scope);
    if (is_error(*r)) return r;
    // x && true and x || false are x only when x is true or false: GitHub
    // gives an operand, not a boolean ('a' && true is true, '' || false is
    // false), which a text or a with value shows.
    if (r->kind == Value::Kind::Bool && r->boolean == is_and && l->kind == Value::Kind::Runtime && l->expr &&
        gives_boolean(*l->expr))
      return l;
    return runtime_of(l, r);
  }
  auto r = eval(e.operands[1], scope);
  if (is_error(*r)) return r;
  if (op == "+") {
    // Lists pipec knows, joined here: GitHub's expressions have no +.
    for (size_t i : {0, 1}) {
      const Value& v = i ? *r : *l;
      if (v.kind == Value::Kind::List) continue;
      const bool runtime = v.kind == Value::Kind::Runtime || v.is_runtime_string();
      diags_.error(e.operands[i]->pos, "type",
                   "+ joins two lists pipec knows when it compiles, not " +
                       (runtime ? std::string("a value known only at run time (GitHub's expressions have no +)")
                                : a_kind(v)) +
                       (v.kind == Value::Kind::String ? "; text is joined inside one string: \"${{ a }}${{ b }}\""
                                                      : ""));
      return make_error(e.pos);
    }
    auto out = std::make_shared<Value>();
    out->kind = Value::Kind::List;
    out->pos = e.pos;
    // Weighed before the copy: a + a, doubled many levels deep, would fill
    // the memory before eval saw its size.
    out->weight = add_weight(l->weight, r->weight);
    if (out->weight > kMaxWeight) return out;  // reported by eval
    out->items = l->items;
    out->items.insert(out->items.end(), r->items.begin(), r->items.end());
    return out;
  }
  if (known_scalar(*l) && known_scalar(*r)) {
    if (op == "==" || op == "!=") {
      bool eq;
      if (l->kind == Value::Kind::String && r->kind == Value::Kind::String) {
        eq = ordinal_equal(l->text, r->text);  // GitHub compares strings ignoring case
      } else if (l->kind != r->kind) {
        // GitHub would turn both into numbers (null and false 0, true 1,
        // text its number or NaN), which is seldom what was meant.
        diags_.error(e.pos, "type",
                     "`" + render_expr(e) + "` compares " + a_kind(*l) + " with " + a_kind(*r) +
                         ", which GitHub turns into numbers first; compare values of one type");
        return make_error(e.pos);
      } else {
        eq = scalar_text(*l) == scalar_text(*r);
      }
      return make_bool(op == "==" ? eq : !eq, e.pos);
    }
    if (l->kind == Value::Kind::Number && r->kind == Value::Kind::Number) {
      // strtod, not stod: a number too large for a double is infinity, not an exception.
      double a = std::strtod(l->text.c_str(), nullptr), b = std::strtod(r->text.c_str(), nullptr);
      bool res = op == "<" ? a < b : op == "<=" ? a <= b : op == ">" ? a > b : a >= b;
      return make_bool(res, e.pos);
    }
    const std::string lk = a_kind(*l), rk = a_kind(*r);
    const std::string both =
        lk == rk ? "two " + (lk.rfind("a ", 0) == 0 ? lk.substr(2) : lk) + "s" : lk + " and " + rk;
    diags_.error(e.pos, "type",
                 "`" + render_expr(e) + "` orders " + both +
                     ", known at compile time, where pipec orders numbers only");
    return make_error(e.pos);
  }
  return runtime_of(l, r);
}

ValuePtr Expander::call(const Expr& e, const ScopePtr& scope) {
  const std::string& f = e.text;
  if (auto t = scope->lookup(f); t && t->kind == Value::Kind::Template) {
    if (t->tmpl->kind != "workflow") {
      diags_.error(e.pos, "template-kind",
                   "\"" + f + "\" is a " + t->tmpl->kind + " template; write `use " + f +
                       "(...)` inside a " + (t->tmpl->kind == "tool" ? "tool" : "job") +
                       (t->tmpl->kind == "job" ? " (job NAME { use " + f + "(...) })" : ""));
      return make_error(e.pos);
    }
    std::vector<Arg> args;
    for (const auto& a : e.operands) args.push_back({"", a->pos, a});
    for (const auto& f : e.fields) args.push_back({f.key, f.pos, f.value});
    return instantiate_workflow(*t->tmpl, args, e.pos, scope);
  }
  // A function pipec or GitHub knows, given a name: an unknown one, or one
  // spelt in another case, is said so below.
  const auto known = [&](const std::vector<std::string>& names) {
    return std::find(names.begin(), names.end(), f) != names.end();
  };
  if (!e.fields.empty() && (known(github_functions()) || known(pipec_functions()))) {
    diags_.error(e.fields.front().pos, "syntax",
                 f + "() takes its arguments in order, not by name (only a template's are named)");
    return make_error(e.pos);
  }
  std::vector<ValuePtr> args;
  for (const auto& a : e.operands) {
    args.push_back(eval(a, scope));
    if (is_error(*args.back())) return args.back();
  }
  auto want = [&](size_t lo, size_t hi) {
    if (args.size() >= lo && args.size() <= hi) return true;
    std::string n = lo == hi ? std::to_string(lo)
                    : hi == SIZE_MAX ? "at least " + std::to_string(lo)
                                     : std::to_string(lo) + " to " + std::to_string(hi);
    diags_.error(e.pos, "arity", f + "() takes " + n + (n == "1" || n == "at least 1" ? " argument" : " arguments") + ", not " +
                                     std::to_string(args.size()));
    return false;
  };
  auto list_arg = [&](size_t i) -> const Value* {
    if (args[i]->kind == Value::Kind::List) return args[i].get();
    diags_.error(e.operands[i]->pos, "type", f + "() needs a list, not " + a_kind(*args[i]));
    return nullptr;
  };
  if (f == "unless_failed") {
    if (!want(0, 0)) return make_error(e.pos);
    // Runs when nothing before failed or was cancelled, even if needed jobs
    // were skipped: !failure() && !cancelled().
    auto mk = [&](const char* name) {
      auto c = std::make_shared<Expr>();
      c->kind = Expr::Kind::Call;
      c->pos = e.pos;
      c->text = name;
      auto n = std::make_shared<Expr>();
      n->kind = Expr::Kind::Not;
      n->pos = e.pos;
      n->operands = {c};
      return n;
    };
    auto a = std::make_shared<Expr>();
    a->kind = Expr::Kind::Binary;
    a->pos = e.pos;
    a->text = "&&";
    a->operands = {mk("failure"), mk("cancelled")};
    return make_runtime(a);
  }
  if (f == "sorted" || f == "unique") {
    if (!want(1, 1)) return make_error(e.pos);
    const Value* l = list_arg(0);
    if (!l) return make_error(e.pos);
    auto out = std::make_shared<Value>(*l);
    out->pos = e.pos;
    for (const auto& item : out->items) {
      if (!known_scalar(*item)) {
        diags_.error(item->pos, "type", f + "() needs a list of scalars");
        return make_error(e.pos);
      }
    }
    if (f == "sorted") {
      std::stable_sort(out->items.begin(), out->items.end(), [](const ValuePtr& a, const ValuePtr& b) {
        return scalar_text(*a) < scalar_text(*b);
      });
    } else {
      std::vector<ValuePtr> kept;
      for (const auto& item : out->items) {
        bool seen = std::any_of(kept.begin(), kept.end(), [&](const ValuePtr& k) {
          return scalar_text(*k) == scalar_text(*item);
        });
        if (!seen) kept.push_back(item);
      }
      out->items = kept;
    }
    return out;
  }
  if (f == "where") {
    // where(list, "field", value): the objects whose field equals value.
    if (!want(3, 3)) return make_error(e.pos);
    const Value* l = list_arg(0);
    if (!l || !args[1]->is_string()) {
      if (l) diags_.error(e.operands[1]->pos, "type", "where() needs a field name string");
      return make_error(e.pos);
    }
    auto out = std::make_shared<Value>();
    out->kind = Value::Kind::List;
    out->pos = e.pos;
    for (const auto& item : l->items) {
      const Value* fv = item->get(args[1]->text);
      if (!fv) {
        std::vector<std::string> fields;
        for (const auto& f : item->fields) fields.push_back(f.key);
        diags_.error(e.operands[1]->pos, "unknown-field",
                     "no field \"" + args[1]->text + "\" in the rows" + did_you_mean(args[1]->text, fields) +
                         (fields.empty() ? "" : "; they have " + join(fields)));
        return make_error(e.pos);
      }
      // A value reported already (a row that copies another): what the
      // rows hold is not known, and what reads the result says no more.
      if (is_error(*fv)) return make_error(e.pos);
      if (same(*fv, *args[2])) out->items.push_back(item);
    }
    return out;
  }
  if (f == "join" && !args.empty() && args[0]->kind == Value::Kind::List &&
      (args.size() == 1 || args[1]->is_string())) {
    // GitHub's join() over a list known at compile time: folded here.
    if (!want(1, 2)) return make_error(e.pos);
    std::string sep = args.size() == 2 ? args[1]->text : ",", text;
    for (size_t i = 0; i < args[0]->items.size(); ++i) {
      const Value& item = *args[0]->items[i];
      if (!known_scalar(item)) {
        // GitHub has no list literal: pipec folds join() over a list it
        // knows, and cannot write one that holds a run-time value.
        const bool runtime = item.kind == Value::Kind::Runtime || item.is_runtime_string();
        diags_.error(item.pos, "type",
                     runtime ? "join() of a list that holds a value known only at run time, which pipec cannot "
                               "write (GitHub has no list literal); join the items with format('{0},{1}', ...)"
                             : "join() needs a list of scalars");
        return make_error(e.pos);
      }
      // As the runner writes it: a number with 15 significant digits.
      text += (i ? sep : "") + github_to_string(value_json(item, nullptr));
      if (text.size() > kMaxWeight) break;  // reported by eval
    }
    return no_hidden_expression(make_string(text, e.pos), e.pos);
  }
  const auto& gh = github_functions();
  if (std::find(gh.begin(), gh.end(), f) != gh.end()) {
    // GitHub's arities (format's and hashFiles' first argument is required).
    static const std::map<std::string, std::pair<size_t, size_t>> arity = {
        {"always", {0, 0}},     {"cancelled", {0, 0}},       {"failure", {0, 0}},        {"success", {0, 0}},
        {"contains", {2, 2}},   {"startsWith", {2, 2}},      {"endsWith", {2, 2}},       {"fromJSON", {1, 1}},
        {"toJSON", {1, 1}},     {"join", {1, 2}},            {"format", {1, SIZE_MAX}},  {"hashFiles", {1, SIZE_MAX}}};
    if (auto a = arity.find(f); a != arity.end() && !want(a->second.first, a->second.second)) return make_error(e.pos);
    if (f == "fromJSON" && args[0]->is_string() && github_from_json(args[0]->text).is_discarded()) {
      const std::string overflow = json_number_overflow(args[0]->text);
      diags_.error(args[0]->pos, "type",
                   nlohmann::json::accept(args[0]->text)
                       ? "fromJSON() is given JSON nested deeper than 64 levels, which the runner "
                         "refuses to read (Json.NET's MaxDepth)"
                   : !overflow.empty()
                       ? "fromJSON() is given the number " + overflow +
                             ", beyond a double's range (GitHub's numbers are doubles); write it within ±1.7e308"
                       : "fromJSON() is given text that is no JSON: " + describe(*args[0]));
      return make_error(e.pos);
    }
    if (f == "format" && args[0]->is_string()) {
      if (auto [kind, why] = format_placeholders(args[0]->text, args.size() - 1); !why.empty()) {
        diags_.error(e.pos, kind, why);
        return make_error(e.pos);
      }
    }
    // Over values known now, contains, startsWith, endsWith, format and
    // toJSON are folded, as the runner computes them, but only over the
    // types they take (actionlint's), so that check_types still reports
    // the others. Beside a value known only at run time, a known list
    // reaches contains as fromJSON('<its JSON>').
    auto text = [&](size_t i) { return args[i]->is_string(); };
    const bool foldable =
        std::all_of(args.begin(), args.end(), [](const ValuePtr& a) { return known_data(*a); }) &&
        ((f == "startsWith" || f == "endsWith") ? text(0) && text(1)
         : f == "contains" ? (text(0) && text(1)) || (args[0]->kind == Value::Kind::List && known_scalar(*args[1]) &&
                                                      args[1]->kind != Value::Kind::Null)
         : f == "format"   ? text(0) && std::all_of(args.begin() + 1, args.end(), [](const ValuePtr& a) {
                               return known_scalar(*a) && a->kind != Value::Kind::Null;
                             })
                           : f == "toJSON");
    if (foldable) {
      EvalContext ctx;
      auto folded = std::make_shared<Expr>(e);
      folded->operands.clear();
      for (size_t i = 0; i < args.size(); ++i) {
        auto name = std::make_shared<Expr>();
        name->kind = Expr::Kind::Name;
        name->text = "a" + std::to_string(i);
        ctx.contexts[name->text] = value_json(*args[i], nullptr);
        folded->operands.push_back(name);
      }
      const nlohmann::json r = github_eval(*folded, ctx);
      if (r.is_boolean()) return make_bool(r.get<bool>(), e.pos);
      if (r.is_string()) return no_hidden_expression(make_string(r.get<std::string>(), e.pos), e.pos);
    }
    std::vector<ExprPtr> ops;
    for (size_t i = 0; i < args.size(); ++i) {
      const auto& a = args[i];
      if (f == "contains" && i == 0 && a->kind == Value::Kind::List && known_data(*a)) {
        auto from = std::make_shared<Expr>();
        from->kind = Expr::Kind::Call;
        from->text = "fromJSON";
        from->pos = a->pos;
        const std::string json = value_json(*a, nullptr).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        from->operands.push_back(to_expr(*make_string(json, a->pos)));
        ops.push_back(from);
        continue;
      }
      if (f == "contains" && i == 0 && a->kind == Value::Kind::List && holds_runtime(*a)) {
        diags_.error(e.operands[i]->pos, "type",
                     "contains() of a list that holds a value known only at run time, which pipec cannot write "
                     "(GitHub has no list literal); compare with each item: x == a || x == b");
        return make_error(e.pos);
      }
      if (!known_scalar(*a) && a->kind != Value::Kind::Runtime && !a->is_runtime_string()) {
        diags_.error(e.operands[i]->pos, "type",
                     f + "() takes scalars here, not " + a_kind(*a) +
                         (f == "toJSON" && a_kind(*a) == "an object"
                              ? " (pipec writes toJSON of known scalars and lists, not yet of an object, whose keys "
                                "it would not keep in order)"
                              : ""));
        return make_error(e.pos);
      }
      ops.push_back(to_expr(*a));
    }
    return make_runtime(rebuild(e, ops));
  }
  // GitHub added case() in January 2026; actionlint, which every file pipec
  // writes must pass, reports it as undefined until 1.7.11 (tools/ pins 1.7.7).
  if (lower(f) == "case") {
    diags_.error(e.pos, "unknown-function",
                 std::string("case() is GitHub's, but newer than ") + kLinter +
                     ", which refuses it; write c ? a : b (pipec writes c && a || b, and says when that would be wrong)");
    return make_error(e.pos);
  }
  // GitHub reads function names in any case; pipec takes each in the one
  // spelling GitHub documents, so that one name is written one way.
  for (const auto& g : gh) {
    if (lower(g) == lower(f)) {
      diags_.error(e.pos, "unknown-function",
                   "write \"" + g + "\", not \"" + f +
                       "\": GitHub reads function names in any case, and pipec takes each as GitHub documents it");
      return make_error(e.pos);
    }
  }
  const auto note = unknown_note(f, e.pos);
  if (!note) return make_error(e.pos);
  std::vector<std::string> all = gh;
  all.insert(all.end(), pipec_functions().begin(), pipec_functions().end());
  for (const auto& n : hint_candidates(scope, [](const Value& v) { return v.kind == Value::Kind::Template; }))
    all.push_back(n);
  diags_.error(e.pos, "unknown-function",
               "unknown function \"" + f + "\"" + (note->empty() ? did_you_mean(f, all) : *note));
  return make_error(e.pos);
}

}  // namespace pipec
