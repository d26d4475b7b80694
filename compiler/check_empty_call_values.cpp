#include "check_empty_call_values.h"

#include <algorithm>
#include <map>
#include <utility>

#include "expr_chain.h"
#include "external_workflows.h"

namespace pipec {
namespace {

bool is_text(const InputDecl& in) { return in.type == "string" || in.type == "choice"; }

// The caller's input a with value is exactly (${{ inputs.NAME }}), or null;
// `at` is where it is written.
const InputDecl* given_input(const WorkflowModel& wf, const Value& v, Pos& at) {
  const Expr* e = whole_expr(v);
  if (!e) return nullptr;
  const Chain c = chain(*e);
  if (c.size() != 2 || c[0].first != "inputs") return nullptr;
  auto in = std::find_if(wf.inputs.begin(), wf.inputs.end(), [&](const InputDecl& d) { return d.name == c[1].first; });
  if (in == wf.inputs.end()) return nullptr;
  at = c[0].second;
  return &*in;
}

// Why an input can be empty; `own` when the input itself is the cause
// (then giving it the callee's default is a way out).
struct Why {
  std::string text;
  bool own = false;
};

// Why a run can leave a string input empty on its own (empty text when it
// cannot): not required, and its default empty, or absent where a dispatch
// form shows it or a trigger starts runs without inputs, or given to the
// other of call and dispatch alone (default_for). (A choice input's
// form shows its first option; one without a default that only calls give,
// a call must give: check_calls.)
Why empty_by_itself(const WorkflowModel& wf, const InputDecl& in) {
  if (in.required || in.type != "string") return {};
  if (!in.default_value || in.default_value->kind == Value::Kind::Null) {
    if (in.only != "call" && has_trigger(wf, "dispatch")) return {"it has no default, so the dispatch form starts it empty", true};
    // (A default would not reach these runs.)
    const std::string runs = runs_without(wf, in.only);
    return runs.empty() ? Why{} : Why{"it is empty in the " + runs + " runs of " + file_name(wf.file), false};
  }
  if (in.default_value->is_string() && in.default_value->text.empty()) return {"its default is \"\"", true};
  // (Another default would not reach these runs either.)
  if (in.default_for == "call" && has_trigger(wf, "dispatch"))
    return {"its default is the callers' alone, so the dispatch form starts it empty", false};
  if (in.default_for == "dispatch" && has_trigger(wf, "call"))
    return {"its default is the dispatch form's alone, so a call that leaves it out starts it empty", false};
  return {};
}

using InputKey = std::pair<const WorkflowModel*, std::string>;

// Whether a job's if reads inputs.NAME: a call it guards (if = inputs.ref
// != "") is taken to be made only when that input says so.
bool guarded(const Value& job, const std::string& name) {
  const Value* cond = job.get("if");
  bool reads = false;
  if (cond)
    each_runtime(*cond, [&](const Expr& e) {
      const Chain c = chain(e);
      reads = reads || (c.size() == 2 && c[0].first == "inputs" && c[1].first == name);
    });
  return reads;
}

// A call of a workflow pipec makes, or of one beside it that it reads.
struct Call {
  const WorkflowModel* caller;
  const Value* job;
  const Field* with_field;
  const InputDecl* to;
  const WorkflowModel* callee;  // null for a file pipec does not make
  std::string callee_name;
};

std::vector<Call> calls(const Program& program) {
  std::vector<Call> out;
  for (const auto& wf : program.workflows) {
    for (const auto& j : jobs_of(*wf->body)) {
      const Value* with = j.value->get("with");
      if (!with || with->kind != Value::Kind::Object) continue;
      const std::vector<InputDecl>* inputs = nullptr;
      const WorkflowModel* called = called_workflow(program, *j.value);
      std::string name;
      if (called) {
        inputs = &called->inputs;
        name = called->instance;
      } else if (const ExternalWorkflow* ext = external_callee(program, *wf, *j.value)) {
        inputs = &ext->inputs;
        name = file_name(ext->path);
      }
      if (!inputs) continue;
      for (const auto& f : with->fields) {
        auto to = std::find_if(inputs->begin(), inputs->end(),
                               [&](const InputDecl& d) { return d.name == f.key && d.only != "dispatch"; });
        if (to != inputs->end() && is_text(*to)) out.push_back({wf.get(), j.value.get(), &f, &*to, called, name});
      }
    }
  }
  return out;
}

}  // namespace

void check_empty_call_values(const Program& program, Diagnostics& diags) {
  // Which inputs can be empty, and why: on their own, then through the
  // calls that give them "" or such an input, until nothing changes.
  std::map<InputKey, Why> why;
  for (const auto& wf : program.workflows) {
    for (const auto& in : wf->inputs) {
      if (Why w = empty_by_itself(*wf, in); !w.text.empty()) why[{wf.get(), in.name}] = w;
    }
  }
  const std::vector<Call> all = calls(program);
  for (bool changed = true; changed;) {
    changed = false;
    for (const Call& c : all) {
      if (!c.callee || why.count({c.callee, c.to->name})) continue;
      const Value& v = *c.with_field->value;
      Pos at;
      const InputDecl* from = given_input(*c.caller, v, at);
      if (from && guarded(*c.job, from->name)) continue;
      std::string w;
      if (v.is_string() && v.text.empty()) w = c.caller->instance + " gives it \"\"";
      else if (from && why.count({c.caller, from->name}))
        w = c.caller->instance + " gives it inputs." + from->name + ", which can be";
      if (w.empty()) continue;
      why[{c.callee, c.to->name}] = {w, false};
      changed = true;
    }
  }
  for (const Call& c : all) {
    const InputDecl& to = *c.to;
    // (A callee whose calls have no default reads "" either way.)
    const Value* to_default = default_in(to, true);
    if (to.required || !to_default || !to_default->is_string() || to_default->text.empty()) continue;
    Pos at = c.with_field->value->pos;
    const InputDecl* from = given_input(*c.caller, *c.with_field->value, at);
    if (!from || guarded(*c.job, from->name)) continue;
    auto w = why.find({c.caller, from->name});
    if (w == why.end()) continue;
    const std::string read = "inputs." + from->name;
    const std::string fallback = describe(*to_default);
    diags.error(at, "call-empty",
                read + " can be empty (" + w->second.text + "), and then input \"" + to.name + "\" of " + c.callee_name +
                    " is \"\", not its default " + fallback +
                    ": GitHub fills that only where a call leaves the input out; give " + read + " || " + fallback +
                    (w->second.own ? ", or " + read + " the same default" : ""));
  }
}

}  // namespace pipec
