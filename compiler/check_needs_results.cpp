#include "check_needs_results.h"

#include <string>

#include "ascii.h"
#include "expr_chain.h"
#include "render_expr.h"

namespace pipec {
namespace {

bool has_status_function(const Expr& e) {
  bool found = false;
  each_expr(e, [&](const Expr& x) {
    if (x.kind != Expr::Kind::Call) return;
    const std::string f = lower(x.text);
    found = found || f == "success" || f == "failure" || f == "always" || f == "cancelled";
  });
  return found;
}

// The text of a plain string literal; false for anything else.
bool literal(const Expr& e, std::string& text) {
  if (e.kind != Expr::Kind::String || e.parts.size() > 1 ||
      (e.parts.size() == 1 && e.parts[0].expr))
    return false;
  text = e.parts.empty() ? "" : e.parts[0].text;
  return true;
}

bool is_result(const Expr& e) {
  const Chain c = chain(e);
  return c.size() == 3 && c[0].first == "needs" && c[2].first == "result";
}

// Whether e is false whenever every job it reads the result of succeeded.
bool false_on_success(const Expr& e) {
  std::string text;
  if (e.kind == Expr::Kind::Binary && (e.text == "==" || e.text == "!=")) {
    const Expr& a = *e.operands[0];
    const Expr& b = *e.operands[1];
    const bool compared = (is_result(a) && literal(b, text)) || (is_result(b) && literal(a, text));
    return compared && ((lower(text) == "success") == (e.text == "!="));
  }
  if (e.kind == Expr::Kind::Call && lower(e.text) == "contains" && e.operands.size() == 2)
    return render_expr(*e.operands[0]) == "needs.*.result" && literal(*e.operands[1], text) &&
           lower(text) != "success";
  return false;
}

// Reports each part of e that must hold for e to, and never does here.
void conjuncts(const Expr& e, const std::string& job, const WorkflowModel& wf, Diagnostics& diags) {
  if (e.kind == Expr::Kind::Binary && e.text == "&&") {
    conjuncts(*e.operands[0], job, wf, diags);
    conjuncts(*e.operands[1], job, wf, diags);
    return;
  }
  if (!false_on_success(e)) return;
  diags.error(e.pos, "needs-result",
              "the condition of job \"" + job + "\" in " + file_name(wf.file) +
                  " is never true: with no status function in it, GitHub runs the job only when "
                  "every job in its needs succeeded, and " +
                  render_expr(e) +
                  " is false then; begin it with always() && (or !cancelled() &&)");
}

}  // namespace

void check_needs_results(const WorkflowModel& wf, Diagnostics& diags) {
  for (const auto& j : jobs_of(*wf.body)) {
    const Value* cond = j.value->get("if");
    // A job without needs reads no results (check_refs says so).
    if (!cond || cond->kind != Value::Kind::Runtime || !j.value->get("needs") ||
        has_status_function(*cond->expr))
      continue;
    conjuncts(*cond->expr, j.key, wf, diags);
  }
}

}  // namespace pipec
