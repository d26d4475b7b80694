// Unrolls matrix jobs marked `unroll = true` into one job per leg at compile
// time, so each leg's outputs stay its own: GitHub would keep only the last
// leg's. A job that reads an unrolled job's outputs must itself be unrolled
// over the same matrix, or one with more keys; each of its legs is then
// wired to the leg whose keys and values it has. The legs are
// the runner's (matrix_legs), include and exclude entries with them.
#include "unroll.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "ascii.h"
#include "check_key_types.h"
#include "check_refs.h"
#include "expr_chain.h"
#include "github_eval.h"
#include "matrix_legs.h"
#include "render_expr.h"

namespace pipec {
namespace {

struct Leg {
  std::string suffix;                                        // _3_11_release_2_7
  std::vector<std::pair<std::string, const Value*>> values;  // matrix key -> value as written
  nlohmann::json matrix;                                     // the leg's matrix context
  std::vector<std::string> shown;  // what GitHub's name for the leg shows: (3.11, release/2.7)
  std::string text;                // the leg's matrix as JSON, its keys in the runner's order
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

// A leg as a message names it: {python: "3.11", os: "linux"}.
std::string leg_label(const Leg& leg) {
  std::string out;
  for (const auto& [k, v] : leg.values) out += (out.empty() ? "" : ", ") + k + ": " + describe(*v);
  return "{" + out + "}";
}

// Whether a matrix value can become a leg's literal: a scalar known here.
bool scalar_known(const Value& v, Diagnostics& diags) {
  if (v.kind == Value::Kind::Runtime || v.is_runtime_string() || v.kind == Value::Kind::List ||
      v.kind == Value::Kind::Object) {
    diags.error(v.pos, "unroll", "unroll needs scalar matrix values known at compile time");
    return false;
  }
  return true;
}

// The legs of a matrix known at compile time, as the runner makes them
// (matrix_legs: the combinations of the axes, less the exclude entries,
// with the include entries), each value the one written in the source.
bool legs_of(const Value& matrix, std::vector<Leg>& legs, Diagnostics& diags) {
  if (matrix.kind != Value::Kind::Object) {
    diags.error(matrix.pos, "unroll", "unroll needs a matrix known at compile time, not " + describe(matrix));
    return false;
  }
  // The keys of a leg in the order its job id spells them: the axes as
  // written, then the keys only include entries give.
  std::vector<std::string> keys;
  auto add_key = [&](const std::string& k) {
    if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
  };
  for (const auto& f : matrix.fields) {
    const bool entries = f.key == "include" || f.key == "exclude";
    if (f.value->kind != Value::Kind::List) {
      diags.error(f.value->pos, "unroll", "unroll needs matrix." + f.key + " to be a list known at compile time");
      return false;
    }
    if (!entries) add_key(f.key);
    for (const auto& v : f.value->items) {
      if (!entries) {
        if (!scalar_known(*v, diags)) return false;
        continue;
      }
      if (v->kind != Value::Kind::Object) {
        diags.error(
            v->pos, "unroll",
            "unroll needs each matrix." + f.key + " entry to be an object known at compile time");
        return false;
      }
      for (const auto& e : v->fields) {
        if (!scalar_known(*e.value, diags)) return false;
      }
    }
  }
  if (const Value* include = matrix.get("include")) {
    for (const auto& entry : include->items) {
      for (const auto& e : entry->fields) add_key(e.key);
    }
  }
  std::vector<nlohmann::json> made;
  std::vector<LegSource> sources;
  const nlohmann::json whole = value_json(matrix, nullptr);
  if (!matrix_legs(whole, made, written_order(matrix), &sources)) {
    diags.error(matrix.pos, "unroll",
                "unroll makes one job per leg, and this matrix has more than 4096 legs");
    return false;
  }
  if (made.empty()) {
    diags.error(matrix.pos, "unroll",
                "this matrix has no legs (exclude removes them all), so unroll would leave no job");
    return false;
  }
  // A leg's name shows what leg_layout says, and its matrix context keeps
  // the runner's key order.
  legs.clear();
  for (size_t i = 0; i < made.size(); ++i) {
    const nlohmann::json& m = made[i];
    Leg leg{"", {}, m, {}, ""};
    const LegLayout layout = leg_layout(whole, m, sources[i], &matrix);
    leg.shown = layout.shown;
    nlohmann::ordered_json ordered = nlohmann::ordered_json::object();
    for (const auto& key : layout.keys) {
      const nlohmann::json v = m.value(key, nlohmann::json());
      // A number as the runner writes it (3, not 3.0): values from a
      // .pipe file are finite, so its text is JSON.
      ordered[key] = nlohmann::ordered_json::parse(
          v.is_number() ? github_number_text(v.get<double>()) : v.dump());
    }
    leg.text = ordered.dump();
    for (const auto& k : keys) {
      if (!m.contains(k)) continue;
      std::vector<const Value*> written;
      matrix_key_values(matrix, k, written);
      // The value as written: the first whose JSON is the leg's.
      const auto it = std::find_if(written.begin(), written.end(),
                                   [&](const Value* v) { return value_json(*v, nullptr) == m[k]; });
      if (it == written.end()) continue;
      leg.values.push_back({k, *it});
      // Empty text and null spell nothing, as in GitHub's names for legs.
      if (!m[k].is_null() && m[k] != "") leg.suffix += "_" + sanitize(leg_text(**it));
    }
    legs.push_back(leg);
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

// Whether an expression reads nothing but literals, once a leg's values
// replace matrix.*: its value is then known here. Of the functions, those
// whose value is text or a boolean; toJSON and fromJSON stay as written.
bool constant(const Expr& e) {
  static const std::vector<std::string> folded = {"format", "contains", "startswith", "endswith"};
  switch (e.kind) {
    case Expr::Kind::Number:
    case Expr::Kind::Bool:
    case Expr::Kind::Null:
      return true;
    case Expr::Kind::String:
      return std::none_of(e.parts.begin(), e.parts.end(),
                          [](const StringPart& p) { return p.expr != nullptr; });
    case Expr::Kind::Call: {
      if (!contains(folded, lower(e.text))) return false;
      // A format whose text fails the run stays, to fail it.
      std::string text;
      if (lower(e.text) == "format" && (e.operands.empty() || !plain_text(*e.operands[0], text) ||
                                        !read_format(text).error.empty()))
        return false;
      [[fallthrough]];
    }
    case Expr::Kind::Not:
    case Expr::Kind::Binary:
    case Expr::Kind::Cond:
      return std::all_of(e.operands.begin(), e.operands.end(),
                         [](const ExprPtr& o) { return constant(*o); });
    default:
      return false;
  }
}

// After substitution, a ${{ }} whose value is now known becomes that value,
// as GitHub would evaluate it: a number as its value (3.10 is 3.1), null
// as empty text. An `if` that is false in this leg stays an expression:
// `if = false` would drop the step or job, and the other legs' references
// to it with it.
ValuePtr fold_literals(const ValuePtr& v, bool condition = false) {
  if (v->kind == Value::Kind::Runtime && constant(*v->expr)) {
    const nlohmann::json r = github_eval(*v->expr, EvalContext{});
    if (condition)
      return github_truthy(r) ? make_bool(true, v->pos)
                              : make_runtime(to_expr(*make_bool(false, v->pos)));
    if (r.is_boolean()) return make_bool(r.get<bool>(), v->pos);
    if (r.is_number()) return make_number(github_to_string(r), v->pos);
    if (r.is_string()) return make_string(r.get<std::string>(), v->pos);
    if (r.is_null()) return make_string("", v->pos);  // as GitHub writes ${{ null }}
  }
  auto copy = std::make_shared<Value>(*v);
  if (!copy->parts.empty()) {
    std::vector<StringPart> parts;
    for (const auto& p : copy->parts) {
      const bool literal = !p.expr || constant(*p.expr);
      const std::string text = !p.expr   ? p.text
                               : literal ? github_to_string(github_eval(*p.expr, EvalContext{}))
                                         : "";
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
  for (auto& f : copy->fields) f.value = fold_literals(f.value, f.key == "if");
  return copy;
}

void report_hidden(const Value& v, Diagnostics& diags) {
  if (hidden_expression(v)) diags.error(v.pos, "hidden-expression", kHiddenExpression);
  for (const auto& i : v.items) report_hidden(*i, diags);
  for (const auto& f : v.fields) report_hidden(*f.value, diags);
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

void unroll_matrices(WorkflowModel& wf, const Program& program, Diagnostics& diags) {
  const Value* jobs = wf.body->get("jobs");
  if (!jobs) return;
  const size_t errors = diags.items().size();
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
    // Legs unrolled are jobs side by side: a failing one cancels no other,
    // and no limit holds them back.
    const Value* strategy = f.value->get("strategy");
    if (const Field* mp = strategy->field("max-parallel"))
      diags.error(mp->key_pos, "unroll",
                  "max-parallel limits the legs of one matrix job, and unroll makes each leg a job "
                  "of its own; leave it out, or chain the jobs with needs");
    if (const Field* ff = strategy->field("fail-fast");
        ff && !(ff->value->kind == Value::Kind::Bool && !ff->value->boolean))
      diags.error(ff->key_pos, "unroll",
                  "fail-fast cancels the other legs of one matrix job, and unroll makes each leg a "
                  "job of its own, which a failing leg does not cancel; write fail-fast = false, or "
                  "leave it out");
    // The matrix as GitHub would take it, checked here: the lowered tree
    // that check_key_types reads will not have it.
    const size_t before = diags.items().size();
    check_matrix(*strategy->field("matrix"), file_name(wf.file), program, diags);
    std::vector<Leg> legs;
    if (diags.items().size() != before || !legs_of(*m, legs, diags)) continue;
    // Each leg is a copy of the job: stopped before the copies are made.
    if (written_size(*f.value, kMaxOutputBytes / legs.size()) > kMaxOutputBytes / legs.size()) {
      diags.error(f.key_pos, "too-large",
                  "unroll would write this job " + std::to_string(legs.size()) + " times, over " +
                      std::to_string(kMaxOutputBytes) + " bytes (16 MiB) in all, the most pipec writes into one file");
      continue;
    }
    unrolled_legs[f.key] = legs;
  }
  // Each job id once, as GitHub reads ids (without case): two legs whose
  // values spell the same in an id ("a.b", "a_b", "A_b"), or a leg's id that
  // another job has. And each one GitHub takes (refused_id).
  std::map<std::string, std::pair<std::string, std::string>> ids;  // lower(id) -> id, what makes it
  for (const auto& f : jobs->fields) {
    if (!unrolled_legs.count(f.key))
      ids.emplace(lower(f.key), std::pair{f.key, "job \"" + f.key + "\""});
  }
  for (const auto& [job, legs] : unrolled_legs) {
    const Pos& at = jobs->field(job)->key_pos;
    for (const auto& leg : legs) {
      const std::string what = "the leg " + leg_label(leg) + " of job \"" + job + "\"";
      const std::string id = job + leg.suffix;
      if (const std::string why = refused_id(id); !why.empty()) {
        diags.error(at, "unroll", what + " would be job \"" + id + "\", which " + why);
        continue;
      }
      auto [it, added] = ids.emplace(lower(id), std::pair{id, what});
      if (added) continue;
      const auto& [other_id, other] = it->second;
      const bool leg_made = other.rfind("the leg", 0) == 0;
      diags.error(
          at, "unroll",
          what + " would be job \"" + id + "\", which " +
              (other_id == id ? "is already the id of "
                              : "GitHub takes for \"" + other_id +
                                    "\" (it reads job ids without case), the id of ") +
              other +
              (!leg_made ? "; rename one of them"
               : std::none_of(leg.values.begin(), leg.values.end(),
                              [](const auto& kv) {
                                return kv.second->kind == Value::Kind::Null ||
                                       (kv.second->is_string() && kv.second->text.empty());
                              })
                   ? "; a job id keeps only the ASCII letters and digits of the matrix values"
                   : "; a job id keeps only the ASCII letters and digits of the matrix values, and "
                     "no empty text or null"));
    }
  }
  if (diags.items().size() != errors) return;
  if (unrolled_legs.empty()) return;

  std::set<std::string> unknown_keys;  // matrix.K of no leg, reported once for all legs
  std::set<std::string> unmatched;     // needs.J with no one leg to read, reported once
  auto out_jobs = std::make_shared<Value>(*jobs);
  out_jobs->fields.clear();
  for (const auto& f : jobs->fields) {
    auto own = unrolled_legs.find(f.key);
    std::vector<Leg> legs = own != unrolled_legs.end() ? own->second : std::vector<Leg>{Leg{}};
    for (size_t index = 0; index < legs.size(); ++index) {
      const Leg& leg = legs[index];
      // The legs of an unrolled dependency that this leg's values match:
      // each key of the dependency's leg is this leg's, with its value. One,
      // when this job is unrolled over the same matrix or one with more keys.
      auto candidates = [&](const std::string& dep) {
        std::vector<const Leg*> out;
        if (own == unrolled_legs.end()) return out;
        for (const auto& dl : unrolled_legs.at(dep)) {
          if (std::all_of(dl.matrix.items().begin(), dl.matrix.items().end(), [&](const auto& kv) {
                return leg.matrix.contains(kv.key()) && leg.matrix[kv.key()] == kv.value();
              }))
            out.push_back(&dl);
        }
        return out;
      };
      auto matching = [&](const std::string& dep) -> std::string {
        const auto c = candidates(dep);
        return c.size() == 1 ? dep + c[0]->suffix : "";
      };
      auto fn = [&](const Expr& e) -> ExprPtr {
        // The whole matrix (toJSON(matrix), matrix[key]): the leg's object.
        if (e.kind == Expr::Kind::Name && e.text == "matrix" && own != unrolled_legs.end()) {
          auto call = std::make_shared<Expr>(e);
          call->kind = Expr::Kind::Call;
          call->text = "fromJSON";
          call->operands = {literal(*make_string(leg.text, e.pos), e.pos)};
          return call;
        }
        // matrix.K, or matrix['K'] as the same.
        std::string key;
        const bool field = e.kind == Expr::Kind::Member  ? (key = e.text, true)
                           : e.kind == Expr::Kind::Index ? plain_text(*e.operands[1], key)
                                                         : false;
        const Pos& at = e.kind == Expr::Kind::Index ? e.operands[1]->pos : e.pos;
        if (field && e.operands[0]->kind == Expr::Kind::Name) {
          const std::string& root = e.operands[0]->text;
          // The leg's place among the legs, as the matrix job had it.
          if (root == "strategy" && own != unrolled_legs.end() &&
              (key == "job-index" || key == "job-total"))
            return literal(
                *make_number(std::to_string(key == "job-index" ? index : legs.size()), e.pos),
                e.pos);
          if (root == "matrix" && own != unrolled_legs.end()) {
            for (const auto& [k, v] : leg.values) {
              if (k == key) return literal(*v, e.pos);
            }
            // A key other legs have (from include) is null in this one.
            if (std::any_of(legs.begin(), legs.end(),
                            [&](const Leg& l) { return l.matrix.contains(key); }))
              return literal(*make_null(e.pos), e.pos);
            if (unknown_keys.insert(to_string(e.pos)).second) {
              std::vector<std::string> keys;
              for (const auto& l : legs)
                for (const auto& [k, v] : l.values)
                  if (!contains(keys, k)) keys.push_back(k);
              unknown_matrix_key(at, f.key, key, keys, diags);
            }
            return nullptr;
          }
          if (root == "needs" && unrolled_legs.count(key)) {
            std::string target = matching(key);
            if (target.empty()) {
              if (!unmatched.insert(to_string(at)).second) return nullptr;  // once, not per leg
              const size_t n = candidates(key).size();
              if (own == unrolled_legs.end())
                diags.error(at, "matrix-output",
                            "job \"" + f.key + "\" reads needs." + key +
                                ", which is unrolled into one job per leg; unroll \"" + f.key +
                                "\" over the same matrix (or one with more keys) so each leg reads "
                                "its own");
              else if (n == 0) {
                std::vector<std::string> keys;
                for (const auto& dl : unrolled_legs.at(key))
                  for (const auto& [k, v] : dl.values)
                    if (!contains(keys, k)) keys.push_back(k);
                diags.error(at, "matrix-output",
                            "the leg " + leg_label(leg) + " of job \"" + f.key + "\" reads needs." +
                                key + ", but no leg of \"" + key +
                                "\" matches it; one matches when each of its matrix keys (" +
                                join(keys) + ") is this leg's, with the same value");
              } else {
                std::vector<std::string> ids;
                for (const Leg* dl : candidates(key)) ids.push_back(key + dl->suffix);
                diags.error(at, "matrix-output",
                            "the leg " + leg_label(leg) + " of job \"" + f.key + "\" reads needs." +
                                key + ", but " + std::to_string(n) + " legs of \"" + key +
                                "\" match it (" + join(ids) +
                                "): each of their keys is this leg's, with the same value; give "
                                "every leg of \"" +
                                key + "\" the same keys, so one matches");
              }
              return nullptr;
            }
            auto copy = std::make_shared<Expr>(e);
            copy->kind = Expr::Kind::Member;
            copy->operands.resize(1);
            copy->text = target;
            return copy;
          }
        }
        return nullptr;
      };
      auto job = std::make_shared<Value>(*fold_literals(rewrite_value(f.value, fn)));
      // A leg's values folded into text can join into "${{" too.
      report_hidden(*job, diags);
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
        // No unroll key and no strategy: its matrix is the legs, and
        // fail-fast (false, or an error above) says nothing for them.
        job->fields.erase(
            std::remove_if(job->fields.begin(), job->fields.end(),
                           [](const Field& x) { return x.key == "unroll" || x.key == "strategy"; }),
            job->fields.end());
        // Named as GitHub names the matrix job's leg, so required checks
        // keep their names (leg_name): "build (linux, 3.12)", or a name
        // with ${{ }} as its value alone, unless that is empty.
        const Value* written = f.value->get("name");
        const bool plain = plain_name(written);
        const Value* evaluated = job->get("name");
        if (plain || (evaluated && evaluated->kind == Value::Kind::String && evaluated->parts.empty() &&
                      evaluated->text.empty())) {
          const std::string name = leg_name(f.key, plain ? written : nullptr, leg.shown);
          auto n = std::find_if(job->fields.begin(), job->fields.end(),
                                [](const Field& x) { return x.key == "name"; });
          if (n != job->fields.end())
            n->value = make_string(name, n->value->pos);
          else
            job->fields.push_back({"name", f.key_pos, make_string(name, f.key_pos)});
        }
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
      const Chain c = chain(e);
      if (c.size() == 2 && c[0].first == "jobs" && unrolled_legs.count(c[1].first))
        diags.error(
            c[1].second, "matrix-output",
            "jobs." + c[1].first +
                " is unrolled into one job per leg; a workflow output must name one leg's job");
      return nullptr;
    });
  }
  wf.body = body;
}

}  // namespace pipec
