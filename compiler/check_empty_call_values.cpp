#include "check_empty_call_values.h"

#include <algorithm>

#include "expr_chain.h"
#include "external_workflows.h"

namespace pipec {
namespace {

// The caller's input a with value is exactly (${{ inputs.NAME }}), or null;
// `at` is where it is written.
const InputDecl* given_input(const WorkflowModel& wf, const Value& v, Pos& at) {
  const Expr* e = nullptr;
  if (v.kind == Value::Kind::Runtime) e = v.expr.get();
  else if (v.is_runtime_string() && v.parts.size() == 1) e = v.parts[0].expr.get();
  if (!e) return nullptr;
  const Chain c = chain(*e);
  if (c.size() != 2 || c[0].first != "inputs") return nullptr;
  at = c[0].second;
  auto in = std::find_if(wf.inputs.begin(), wf.inputs.end(), [&](const InputDecl& d) { return d.name == c[1].first; });
  return in == wf.inputs.end() ? nullptr : &*in;
}

// Whether a run can leave a string input empty: not required, and its
// default empty, or absent where a dispatch form shows it.
bool can_be_empty(const WorkflowModel& wf, const InputDecl& in) {
  // (A choice input's form shows its first option.)
  if (in.required || in.type != "string") return false;
  // Without a default, a call must give it (check_calls).
  if (!in.default_value || in.default_value->kind == Value::Kind::Null)
    return in.only != "call" && has_trigger(wf, "dispatch");
  return in.default_value->is_string() && in.default_value->text.empty();
}

}  // namespace

void check_empty_call_values(const WorkflowModel& wf, const Program& program, Diagnostics& diags) {
  for (const auto& j : jobs_of(*wf.body)) {
    const Value* with = j.value->get("with");
    if (!with || with->kind != Value::Kind::Object) continue;
    const std::vector<InputDecl>* inputs = nullptr;
    std::string callee;
    if (const WorkflowModel* called = called_workflow(program, *j.value)) {
      inputs = &called->inputs;
      callee = called->instance;
    } else if (const ExternalWorkflow* ext = external_callee(program, wf, *j.value)) {
      inputs = &ext->inputs;
      callee = file_name(ext->path);
    }
    if (!inputs) continue;
    for (const auto& f : with->fields) {
      auto to = std::find_if(inputs->begin(), inputs->end(),
                             [&](const InputDecl& d) { return d.name == f.key && d.only != "dispatch"; });
      // (A choice input of a called workflow is text to its callers.)
      if (to == inputs->end() || to->required || (to->type != "string" && to->type != "choice") || !to->default_value ||
          !to->default_value->is_string() || to->default_value->text.empty())
        continue;
      Pos at = f.value->pos;
      const InputDecl* from = given_input(wf, *f.value, at);
      if (!from || !can_be_empty(wf, *from)) continue;
      const std::string read = "inputs." + from->name;
      const std::string fallback = describe(*to->default_value);
      diags.error(at, "call-empty",
                  read + " is empty in a run that does not give it" +
                      (from->default_value ? " (its default is \"\")" : " (it has no default)") + ", and then input \"" +
                      f.key + "\" of " + callee + " is \"\", not its default " + fallback +
                      ": GitHub fills that only where a call leaves the input out; give " + read + " || " + fallback +
                      ", or " + read + " the same default");
    }
  }
}

}  // namespace pipec
