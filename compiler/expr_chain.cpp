#include "expr_chain.h"

#include "ascii.h"
#include "diag.h"
#include "github_eval.h"
#include "render_expr.h"

namespace pipec {

Chain chain(const Expr& e) {
  if (e.kind == Expr::Kind::Name) return {{e.text, e.pos}};
  if (e.kind == Expr::Kind::Member) {
    auto base = chain(*e.operands[0]);
    if (base.empty()) return {};
    base.push_back({e.text, e.pos});
    return base;
  }
  if (e.kind == Expr::Kind::Index) {
    auto base = chain(*e.operands[0]);
    const Expr& i = *e.operands[1];
    if (base.empty() || i.kind != Expr::Kind::String || i.parts.size() != 1 || i.parts[0].expr)
      return {};
    base.push_back({i.parts[0].text, i.pos});
    return base;
  }
  return {};
}

std::string dotted(const Chain& c) {
  std::string out;
  for (const auto& [name, pos] : c) out += (out.empty() ? "" : ".") + name;
  return out;
}

size_t value_depth(const Chain& c) {
  static const std::vector<std::string> flat = {"inputs", "env",      "vars",  "secrets",
                                                "runner", "strategy", "github"};
  static const std::vector<std::string> results = {"result", "outcome", "conclusion"};
  if (c.size() < 2) return 0;
  const std::string& root = c[0].first;
  if (contains(flat, root)) return root == "github" && c[1].first == "event" ? 0 : 2;
  if (root == "job") {
    const std::string& f = c[1].first;
    if (f == "status" || f == "check_run_id") return 2;
    if (f == "container" && c.size() >= 3) return 3;
    if (f == "services" && c.size() >= 4) return c[3].first == "ports" ? 5 : 4;
    return 0;
  }
  if ((root == "needs" || root == "steps" || root == "jobs") && c.size() >= 3)
    return c[2].first == "outputs" ? 4 : contains(results, c[2].first) ? 3 : 0;
  return 0;
}

bool plain_text(const Expr& e, std::string& text) {
  if (e.kind != Expr::Kind::String || e.parts.size() > 1 ||
      (e.parts.size() == 1 && e.parts[0].expr))
    return false;
  text = e.parts.empty() ? "" : e.parts[0].text;
  return true;
}

bool text_comparison(const Expr& e, TextComparison& out) {
  if (e.kind != Expr::Kind::Binary || (e.text != "==" && e.text != "!=")) return false;
  const Expr& a = *e.operands[0];
  const Expr& b = *e.operands[1];
  if (plain_text(b, out.text)) {
    out.chain = chain(a);
  } else if (plain_text(a, out.text)) {
    out.chain = chain(b);
  } else {
    return false;
  }
  out.equal = e.text == "==";
  return !out.chain.empty();
}

bool result_contains(const Expr& e, std::string& text) {
  return e.kind == Expr::Kind::Call && lower(e.text) == "contains" && e.operands.size() == 2 &&
         render_expr(*e.operands[0]) == "needs.*.result" && plain_text(*e.operands[1], text);
}

std::vector<const Expr*> and_operands(const Expr& e) {
  std::vector<const Expr*> out;
  std::vector<const Expr*> todo = {&e};
  while (!todo.empty()) {
    const Expr* x = todo.back();
    todo.pop_back();
    if (x->kind == Expr::Kind::Binary && x->text == "&&") {
      todo.push_back(x->operands[1].get());
      todo.push_back(x->operands[0].get());
    } else {
      out.push_back(x);
    }
  }
  return out;
}

std::vector<std::string> conjuncts(const Value* cond) {
  std::vector<std::string> out;
  // A runtime value, or text that is one ${{ }} alone (if = "${{ ... }}").
  const Expr* whole = cond ? whole_expr(*cond) : nullptr;
  if (!whole) return out;
  for (const Expr* e : and_operands(*whole)) {
    const Expr* call = e->kind == Expr::Kind::Not ? e->operands[0].get() : e;
    if (call->kind == Expr::Kind::Call && call->operands.empty() && status_function(call->text)) continue;
    // Joined with && again in a report: an || binds less tightly.
    bool looser = (e->kind == Expr::Kind::Binary && e->text == "||") || e->kind == Expr::Kind::Cond;
    out.push_back(looser ? "(" + render_expr(*e) + ")" : render_expr(*e));
  }
  return out;
}

void each_chain(const Expr& e, const std::function<void(const Chain&, const Expr&)>& f) {
  const Chain c = chain(e);
  if (!c.empty()) return f(c, e);
  for (const auto& o : e.operands) each_chain(*o, f);
  for (const auto& p : e.parts) {
    if (p.expr) each_chain(*p.expr, f);
  }
  for (const auto& field : e.fields) {
    if (field.value) each_chain(*field.value, f);
  }
}

std::string input_read(const Chain& c) {
  size_t at = 0;
  if (!c.empty() && lower(c[0].first) == "inputs") at = 1;
  else if (c.size() >= 3 && lower(c[0].first) == "github" && lower(c[1].first) == "event" && lower(c[2].first) == "inputs")
    at = 3;
  if (at == 0) return "";
  return c.size() == at ? "*" : lower(c[at].first);
}

std::string secret_read(const Value& v) {
  std::string found;
  each_runtime(v, [&](const Expr& e) {
    if (!found.empty()) return;
    const Chain c = chain(e);
    if (c.size() >= 2 && c[0].first == "secrets" && lower(c[1].first) != "github_token")
      found = "secrets." + c[1].first;
    for (const auto& o : e.operands) {
      if (found.empty() && c.empty() && o->kind == Expr::Kind::Name && o->text == "secrets")
        found = "secrets";
    }
  });
  return found;
}

const Expr& chain_head(const Expr& e) {
  const Expr* head = &e;
  while ((head->kind == Expr::Kind::Member || head->kind == Expr::Kind::Index) && !head->operands.empty())
    head = head->operands[0].get();
  return *head;
}

}  // namespace pipec
