// Unrolls matrix jobs marked `unroll = true` into one job per leg at compile
// time, so each leg's outputs stay its own: GitHub would keep only the last
// leg's. A job that reads an unrolled job's outputs must itself be unrolled
// over the same matrix; its legs are then wired leg to leg.
#include "unroll.h"

#include <algorithm>
#include <functional>
#include <map>

#include "render_expr.h"

namespace pipec {
namespace {

struct Leg {
  std::string suffix;                              // _3_11_release_2_7
  std::vector<std::pair<std::string, ValuePtr>> values;  // matrix key -> value
};

std::string sanitize(const std::string& s) {
  std::string out;
  for (char c : s) {
    bool ok = std::isalnum(static_cast<unsigned char>(c));
    if (ok) out += c;
    else if (!out.empty() && out.back() != '_') out += '_';
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

// A leg's value as its job id spells it (a list or an object as written).
std::string leg_text(const Value& v) { return v.kind == Value::Kind::String ? v.text : describe(v); }

// The legs of a static matrix (lists of known values, plus include rows).
bool legs_of(const Value& matrix, std::vector<Leg>& legs, Diagnostics& diags) {
  if (matrix.kind != Value::Kind::Object) {
    diags.error(matrix.pos, "unroll", "unroll needs a matrix known at compile time, not " + describe(matrix));
    return false;
  }
  legs = {Leg{}};
  for (const auto& f : matrix.fields) {
    if (f.key == "exclude" || f.key == "include") continue;
    if (f.value->kind != Value::Kind::List) {
      diags.error(f.value->pos, "unroll", "unroll needs matrix." + f.key + " to be a list known at compile time");
      return false;
    }
    std::vector<Leg> next;
    for (const auto& leg : legs) {
      for (const auto& v : f.value->items) {
        if (v->kind == Value::Kind::Runtime || v->is_runtime_string() || v->kind == Value::Kind::List ||
            v->kind == Value::Kind::Object) {
          diags.error(v->pos, "unroll", "unroll needs scalar matrix values known at compile time");
          return false;
        }
        Leg l = leg;
        l.values.push_back({f.key, v});
        l.suffix += "_" + sanitize(leg_text(*v));
        next.push_back(l);
      }
    }
    legs = next;
  }
  if (matrix.get("include") || matrix.get("exclude")) {
    diags.error(matrix.pos, "unroll", "unroll does not take include or exclude; list the values instead");
    return false;
  }
  return true;
}

ExprPtr literal(const Value& v, const Pos& pos) {
  auto e = to_expr(v);
  auto copy = std::make_shared<Expr>(*e);
  copy->pos = pos;
  return copy;
}

// Rewrites matrix.K to its value and needs.J to needs.<J's leg>.
ExprPtr rewrite(const ExprPtr& e, const std::function<ExprPtr(const Expr&)>& f) {
  if (auto r = f(*e)) return r;
  auto copy = std::make_shared<Expr>(*e);
  for (auto& o : copy->operands) o = rewrite(o, f);
  for (auto& p : copy->parts) {
    if (p.expr) p.expr = rewrite(p.expr, f);
  }
  return copy;
}

ValuePtr rewrite_value(const ValuePtr& v, const std::function<ExprPtr(const Expr&)>& f) {
  auto copy = std::make_shared<Value>(*v);
  if (copy->expr) copy->expr = rewrite(copy->expr, f);
  for (auto& p : copy->parts) {
    if (p.expr) p.expr = rewrite(p.expr, f);
  }
  for (auto& i : copy->items) i = rewrite_value(i, f);
  for (auto& fl : copy->fields) fl.value = rewrite_value(fl.value, f);
  return copy;
}

bool is_literal(const Expr& e) {
  return e.kind == Expr::Kind::Number || e.kind == Expr::Kind::Bool ||
         (e.kind == Expr::Kind::String && e.parts.size() == 1 && !e.parts[0].expr);
}

std::string literal_text(const Expr& e) {
  if (e.kind == Expr::Kind::Bool) return e.boolean ? "true" : "false";
  if (e.kind == Expr::Kind::Number) return e.text;
  return e.parts[0].text;
}

// After substitution, a ${{ }} that is now a plain value becomes text again.
ValuePtr fold_literals(const ValuePtr& v) {
  if (v->kind == Value::Kind::Runtime && is_literal(*v->expr)) {
    const Expr& e = *v->expr;
    if (e.kind == Expr::Kind::Bool) return make_bool(e.boolean, v->pos);
    if (e.kind == Expr::Kind::Number) return make_number(e.text, v->pos);
    return make_string(literal_text(e), v->pos);
  }
  auto copy = std::make_shared<Value>(*v);
  if (!copy->parts.empty()) {
    std::vector<StringPart> parts;
    for (const auto& p : copy->parts) {
      std::string text = p.expr ? (is_literal(*p.expr) ? literal_text(*p.expr) : "") : p.text;
      bool literal = !p.expr || is_literal(*p.expr);
      if (literal && !parts.empty() && !parts.back().expr) parts.back().text += text;
      else if (literal) parts.push_back({text, nullptr});
      else parts.push_back(p);
    }
    if (parts.size() == 1 && !parts[0].expr) {
      copy->text = parts[0].text;
      parts.clear();
    }
    copy->parts = parts;
  }
  for (auto& i : copy->items) i = fold_literals(i);
  for (auto& f : copy->fields) f.value = fold_literals(f.value);
  return copy;
}

const Value* matrix_of(const Value& job) {
  const Value* s = job.get("strategy");
  return s ? s->get("matrix") : nullptr;
}

bool unrolled(const Value& job) {
  const Value* u = job.get("unroll");
  return u && u->kind == Value::Kind::Bool && u->boolean;
}

}  // namespace

void unroll_matrices(WorkflowModel& wf, Diagnostics& diags) {
  const Value* jobs = wf.body->get("jobs");
  if (!jobs) return;
  std::map<std::string, std::vector<Leg>> unrolled_legs;
  for (const auto& f : jobs->fields) {
    if (!f.value->get("unroll")) continue;
    if (!unrolled(*f.value)) {
      if (f.value->get("unroll")->kind != Value::Kind::Bool)
        diags.error(f.value->field("unroll")->key_pos, "unroll", "unroll must be true or false");
      continue;
    }
    const Value* m = matrix_of(*f.value);
    if (!m) {
      diags.error(f.value->field("unroll")->key_pos, "unroll", "job \"" + f.key + "\" has no matrix to unroll");
      continue;
    }
    std::vector<Leg> legs;
    if (legs_of(*m, legs, diags)) unrolled_legs[f.key] = legs;
  }
  if (unrolled_legs.empty()) return;

  auto out_jobs = std::make_shared<Value>(*jobs);
  out_jobs->fields.clear();
  for (const auto& f : jobs->fields) {
    auto own = unrolled_legs.find(f.key);
    std::vector<Leg> legs = own != unrolled_legs.end() ? own->second : std::vector<Leg>{Leg{}};
    std::vector<std::string> own_keys;
    for (const auto& [k, v] : legs.front().values) own_keys.push_back(k);
    for (const auto& leg : legs) {
      // The leg of an unrolled dependency that matches this leg, when this
      // job is unrolled over the same matrix keys.
      auto matching = [&](const std::string& dep) -> std::string {
        const auto& dep_legs = unrolled_legs.at(dep);
        std::vector<std::string> dep_keys;
        for (const auto& [k, v] : dep_legs.front().values) dep_keys.push_back(k);
        if (own == unrolled_legs.end() || dep_keys != own_keys) return "";
        for (const auto& dl : dep_legs) {
          if (dl.suffix == leg.suffix) return dep + dl.suffix;
        }
        return "";
      };
      auto fn = [&](const Expr& e) -> ExprPtr {
        if (e.kind == Expr::Kind::Member && e.operands[0]->kind == Expr::Kind::Name) {
          const std::string& root = e.operands[0]->text;
          if (root == "matrix" && own != unrolled_legs.end()) {
            for (const auto& [k, v] : leg.values) {
              if (k == e.text) return literal(*v, e.pos);
            }
          }
          if (root == "needs" && unrolled_legs.count(e.text)) {
            std::string target = matching(e.text);
            if (target.empty()) {
              diags.error(e.pos, "matrix-output",
                          "job \"" + f.key + "\" reads needs." + e.text + ", which is unrolled into one job per leg; "
                          "unroll \"" + f.key + "\" over the same matrix so each leg reads its own");
              return nullptr;
            }
            auto copy = std::make_shared<Expr>(e);
            copy->text = target;
            return copy;
          }
        }
        return nullptr;
      };
      auto job = std::make_shared<Value>(*fold_literals(rewrite_value(f.value, fn)));
      // needs lists: an unrolled dependency becomes its matching leg, or all legs.
      if (const Field* needs = job->field("needs")) {
        auto list = std::make_shared<Value>(*needs->value);
        list->items.clear();
        for (const auto& n : needs->value->items) {
          if (!n->is_string() || !unrolled_legs.count(n->text)) {
            list->items.push_back(n);
            continue;
          }
          std::string target = matching(n->text);
          if (!target.empty()) {
            list->items.push_back(make_string(target, n->pos));
          } else {
            for (const auto& dl : unrolled_legs.at(n->text)) list->items.push_back(make_string(n->text + dl.suffix, n->pos));
          }
        }
        for (auto& fl : job->fields) {
          if (fl.key == "needs") fl.value = list;
        }
      }
      if (own != unrolled_legs.end()) {
        job->fields.erase(std::remove_if(job->fields.begin(), job->fields.end(),
                                         [](const Field& x) { return x.key == "unroll"; }),
                          job->fields.end());
        for (auto& fl : job->fields) {
          if (fl.key != "strategy") continue;
          auto s = std::make_shared<Value>(*fl.value);
          s->fields.erase(std::remove_if(s->fields.begin(), s->fields.end(),
                                         [](const Field& x) { return x.key == "matrix"; }),
                          s->fields.end());
          fl.value = s;
        }
        job->fields.erase(std::remove_if(job->fields.begin(), job->fields.end(),
                                         [](const Field& x) {
                                           return x.key == "strategy" &&
                                                  std::all_of(x.value->fields.begin(), x.value->fields.end(), [](const Field& y) {
                                                    return y.key == "fail-fast" || y.key == "max-parallel";
                                                  });
                                         }),
                          job->fields.end());
      }
      out_jobs->fields.push_back({f.key + leg.suffix, f.key_pos, job});
    }
  }
  auto body = std::make_shared<Value>(*wf.body);
  for (auto& fl : body->fields) {
    if (fl.key == "jobs") fl.value = out_jobs;
  }
  // Workflow outputs cannot pick a leg either.
  if (const Value* outs = body->get("outputs")) {
    rewrite_value(std::make_shared<Value>(*outs), [&](const Expr& e) -> ExprPtr {
      if (e.kind == Expr::Kind::Member && e.operands[0]->kind == Expr::Kind::Name && e.operands[0]->text == "jobs" &&
          unrolled_legs.count(e.text))
        diags.error(e.pos, "matrix-output", "jobs." + e.text + " is unrolled into one job per leg; a workflow output must name one leg's job");
      return nullptr;
    });
  }
  wf.body = body;
}

}  // namespace pipec
