#include "runner_shell.h"

#include "ascii.h"
#include "expr_chain.h"
#include "known_texts.h"
#include "render_expr.h"

namespace pipec {
namespace {

// The labels runs-on names: in a list, a { group labels } block or alone.
KnownTexts labels_of(const Value& v, const Value& job, const WorkflowModel* wf) {
  if (v.kind == Value::Kind::List) {
    // Several labels name one runner: the one that names a system says.
    KnownTexts out = std::vector<std::string>{};
    for (const auto& item : v.items) {
      KnownTexts more = labels_of(*item, job, wf);
      if (!more) return std::nullopt;
      out->insert(out->end(), more->begin(), more->end());
    }
    return out;
  }
  if (v.kind == Value::Kind::Object) {
    const Value* labels = v.get("labels");
    return labels ? labels_of(*labels, job, wf) : std::vector<std::string>{};
  }
  return known_texts(v, job, wf);
}

}  // namespace

std::string label_system(const std::string& label) {
  const std::string l = lower(label);
  if (l.find("ubuntu") != std::string::npos || l.find("linux") != std::string::npos) return "Linux";
  if (l.find("windows") != std::string::npos) return "Windows";
  if (l.find("macos") != std::string::npos) return "macOS";
  return "";
}

std::string default_shell(const Value& job, const WorkflowModel* wf) {
  const Value* runs_on = job.get("runs-on");
  if (!runs_on) return "bash";
  const KnownTexts labels = labels_of(*runs_on, job, wf);
  if (!labels) return "";
  // A list names one runner: any Windows label makes it Windows. Values of
  // an expression or a matrix name different runners, which must agree.
  if (runs_on->kind == Value::Kind::List || runs_on->kind == Value::Kind::Object) {
    for (const auto& l : *labels) {
      if (label_system(l) == "Windows") return "pwsh";
    }
    return "bash";
  }
  bool windows = false, other = false;
  for (const auto& l : *labels) (label_system(l) == "Windows" ? windows : other) = true;
  if (windows && other) return "";
  return windows ? "pwsh" : "bash";
}

std::string shell_of_condition(const Value* cond) {
  if (!cond || cond->kind != Value::Kind::Runtime || !cond->expr) return "";
  for (const Expr* e : and_operands(*cond->expr)) {
    if (e->kind != Expr::Kind::Binary || e->text != "==") continue;
    for (int side : {0, 1}) {
      const std::string system = lower(render_expr(*e->operands[1 - side]));
      if (render_expr(*e->operands[side]) != "runner.os") continue;
      if (system == "'windows'") return "pwsh";
      if (system == "'linux'" || system == "'macos'") return "bash";
    }
  }
  return "";
}

const Value* defaults_shell(const Value& job, const Value& workflow_body) {
  for (const Value* holder : {&job, &workflow_body}) {
    const Value* defaults = holder->get("defaults");
    const Value* run = defaults ? defaults->get("run") : nullptr;
    if (const Value* shell = run ? run->get("shell") : nullptr) return shell;
  }
  return nullptr;
}

std::string set_shell(const Value& step, const Value& job, const Value& workflow_body) {
  if (const Value* own = step.get("shell"); own && own->is_string()) return own->text;
  const Value* given = defaults_shell(job, workflow_body);
  return given && given->is_string() && !given->is_runtime_string() ? given->text : "";
}

}  // namespace pipec
