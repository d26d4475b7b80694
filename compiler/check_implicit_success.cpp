#include "check_implicit_success.h"

#include <functional>
#include <string>

#include "ascii.h"
#include "expr_chain.h"
#include "github_eval.h"
#include "render_expr.h"

namespace pipec {
namespace {

// Calls report on each part of e that must hold for e to.
void conjuncts(const Expr& e, const std::function<void(const Expr&)>& report) {
  for (const Expr* part : and_operands(e)) report(*part);
}

// A job's result other than success (another text is check_known_values'
// to report).
bool failed_result(const std::string& text) {
  const std::string r = lower(text);
  return r == "failure" || r == "cancelled" || r == "skipped";
}

// Whether e is false whenever every job it reads the result of succeeded.
bool false_on_success(const Expr& e) {
  std::string text;
  if (TextComparison c; text_comparison(e, c))
    return c.chain.size() == 3 && c.chain[0].first == "needs" && c.chain[2].first == "result" &&
           (c.equal ? failed_result(c.text) : lower(c.text) == "success");
  if (result_contains(e, text)) return failed_result(text);
  return false;
}

void check_job(const Field& job, const WorkflowModel& wf, Diagnostics& diags) {
  const Value* cond = job.value->get("if");
  // A job without needs reads no results (check_refs says so).
  if (!cond || cond->kind != Value::Kind::Runtime || !job.value->get("needs") ||
      has_status_function(*cond->expr))
    return;
  conjuncts(*cond->expr, [&](const Expr& e) {
    if (!false_on_success(e)) return;
    diags.error(e.pos, "needs-result",
                "the condition of job \"" + job.key + "\" in " + file_name(wf.file) +
                    " is never true: with no status function in it, GitHub runs the job only when "
                    "every job in its needs succeeded, and " +
                    render_expr(e) +
                    " is false then; begin it with always() && (or !cancelled() &&)");
  });
}

// The step before `before` in steps with this id; null when there is none
// (check_refs reports a step that reads a later or unknown one).
const Value* earlier_step(const std::vector<ValuePtr>& steps, size_t before,
                          const std::string& id) {
  for (size_t i = 0; i < before; ++i) {
    const Value* s = steps[i]->get("id");
    if (s && s->is_string() && s->text == id) return steps[i].get();
  }
  return nullptr;
}

// Whether a step's failure leaves its job failing: no continue-on-error, or
// one that is false as written.
bool fails_job(const Value& step) {
  const Value* c = step.get("continue-on-error");
  return !c || (c->kind == Value::Kind::Bool && !c->boolean);
}

void check_steps(const Field& job, const WorkflowModel& wf, Diagnostics& diags) {
  const auto& steps = steps_of(*job.value);
  for (size_t i = 0; i < steps.size(); ++i) {
    const Value* cond = steps[i]->get("if");
    if (!cond || cond->kind != Value::Kind::Runtime || has_status_function(*cond->expr)) continue;
    const std::string step = step_named(*steps[i]);
    conjuncts(*cond->expr, [&](const Expr& e) {
      TextComparison c;
      if (!text_comparison(e, c) || !c.equal) return;
      const std::string result = lower(c.text);
      if ((result != "failure" && result != "cancelled") || c.chain.size() != 3 ||
          c.chain[0].first != "steps")
        return;
      const Value* read = earlier_step(steps, i, c.chain[1].first);
      if (!read) return;
      const std::string& id = c.chain[1].first;
      const std::string& field = c.chain[2].first;
      if (field != "outcome" && field != "conclusion") return;
      // A cancelled step cancels its job, whatever continue-on-error says.
      std::string why;
      if (result == "failure" && field == "conclusion")
        why =
            ": a step that concludes \"failure\" has failed the job (with continue-on-error "
            "it concludes \"success\")";
      else if (result == "failure" && !fails_job(*read))
        return;  // its outcome may be failure while the job goes on
      else if (result == "failure")
        why = read->get("continue-on-error") ? ": step \"" + id +
                                                   "\" has continue-on-error = false, so its "
                                                   "failure fails the job"
                                             : ": step \"" + id +
                                                   "\" has no continue-on-error, so its failure "
                                                   "fails the job";
      diags.error(e.pos, "step-result",
                  "the condition of " + step + " of job \"" + job.key + "\" in " +
                      file_name(wf.file) +
                      " is never true: with no status function in it, GitHub runs the step only "
                      "while its job has neither failed nor been cancelled, so " +
                      render_expr(e) + " is false then" + why + "; begin it with " + result +
                      "() && (or always() &&)");
    });
  }
}

}  // namespace

void check_implicit_success(const WorkflowModel& wf, Diagnostics& diags) {
  for (const auto& j : jobs_of(*wf.body)) {
    check_job(j, wf, diags);
    check_steps(j, wf, diags);
  }
}

}  // namespace pipec
