#include "check_unread_inputs.h"

#include <set>
#include <string>

#include "ascii.h"
#include "expr_chain.h"
#include "external_workflows.h"

namespace pipec {
namespace {

// The inputs an expression reads, in lower case; "*" for all of them.
// With `event_only`, only those of github.event.inputs (a called
// workflow's inputs.X are its own).
void read(const Expr& e, bool event_only, std::set<std::string>& out) {
  const Chain c = chain(e);
  if (c.empty()) {
    for (const auto& o : e.operands) read(*o, event_only, out);
    for (const auto& p : e.parts) {
      if (p.expr) read(*p.expr, event_only, out);
    }
    for (const auto& f : e.fields) {
      if (f.value) read(*f.value, event_only, out);
    }
    return;
  }
  const std::string head = lower(c[0].first);
  if (head == "github" && (c.size() == 1 || (c.size() == 2 && lower(c[1].first) == "event"))) {
    out.insert("*");  // the whole context or event
  } else if (std::string input = input_read(c); !input.empty() && !(event_only && head == "inputs")) {
    out.insert(input);
  }
}

// Whether a string's literal text holds `word`.
bool text_holds(const Value& v, const std::string& word) {
  if (v.text.find(word) != std::string::npos) return true;
  for (const auto& p : v.parts) {
    if (!p.expr && p.text.find(word) != std::string::npos) return true;
  }
  return false;
}

// The inputs of a manual run that the workflows and actions a workflow
// runs may read as github.event.inputs (a called run's event is its
// caller's), into `out`: those of the whole tree under it, generated or
// hand-written. What pipec cannot read may read any ("*"): a workflow of
// another repository, a file that is missing, a script that names
// GITHUB_EVENT_PATH (the event file holds the inputs).
class RunReads {
 public:
  RunReads(const Program& program, std::set<std::string>& out) : program_(program), out_(out) {}

  // What `top`, the workflow whose inputs are weighed, runs.
  void under(const WorkflowModel& top) {
    seen_.insert(top.file);
    runs(top);
  }

 private:
  // A generated workflow called: what it reads of its caller's event, and
  // what it runs.
  void generated(const WorkflowModel& wf) {
    if (!seen_.insert(wf.file).second) return;
    for (const auto& f : wf.body->fields) {
      if (f.value) each_top_expr(*f.value, [&](const Expr& e) { read(e, true, out_); });
    }
    runs(wf);
  }

  void runs(const WorkflowModel& wf) {
    for (const auto& j : jobs_of(*wf.body)) {
      if (j.value->get("uses")) {
        if (const WorkflowModel* callee = called_workflow(program_, *j.value)) generated(*callee);
        else if (const std::optional<std::string> path = called_path(wf, *j.value)) by_path(*path);
        else out_.insert("*");  // another repository's
      }
      for (const auto& s : steps_of(*j.value)) {
        const Value* uses = s->get("uses");
        const Value* run = s->get("run");
        if (run && run->kind == Value::Kind::String && text_holds(*run, "GITHUB_EVENT_PATH")) out_.insert("*");
        if (!uses || !uses->is_string() || uses->text.rfind("./", 0) != 0) continue;
        if (const std::optional<std::string> action = local_action(wf, *s)) by_path(*action);
        else out_.insert("*");
      }
    }
  }

  // A workflow or action of the repository run by path: a generated
  // workflow, or a file beside them; "*" for one pipec could not read.
  void by_path(const std::string& path) {
    for (const auto& wf : program_.workflows) {
      if (wf->file == path) return generated(*wf);
    }
    if (!seen_.insert(path).second) return;
    const EventInputReads* r = nullptr;
    if (const auto w = program_.external_workflows.find(path); w != program_.external_workflows.end()) r = &w->second.event_inputs;
    if (const auto a = program_.local_actions.find(path); a != program_.local_actions.end()) r = &a->second;
    if (!r) return void(out_.insert("*"));
    out_.insert(r->inputs.begin(), r->inputs.end());
    for (const auto& run : r->runs) by_path(run);
  }

  const Program& program_;
  std::set<std::string>& out_;
  std::set<std::string> seen_;  // by file or folder
};

}  // namespace

std::set<std::string> unread_inputs(const Program& program, const WorkflowModel& wf) {
  if (wf.inputs.empty() || wf.body->kind != Value::Kind::Object) return {};
  std::set<std::string> own;
  for (const auto& f : wf.body->fields) {
    if (f.key != "concurrency" && f.value) each_top_expr(*f.value, [&](const Expr& e) { read(e, false, own); });
  }
  if (own.count("*")) return {};
  // What a manual run's inputs may reach beyond the workflow's own
  // expressions.
  std::set<std::string> manual;
  if (has_trigger(wf, "dispatch")) {
    RunReads(program, manual).under(wf);
  }
  std::set<std::string> unread;
  for (const auto& in : wf.inputs) {
    const std::string name = lower(in.name);
    if (!own.count(name) && (in.only == "call" || (!manual.count("*") && !manual.count(name)))) unread.insert(name);
  }
  return unread;
}

void check_unread_inputs(const Program& program, Diagnostics& diags) {
  for (const auto& wf : program.workflows) {
    const std::set<std::string> unread = unread_inputs(program, *wf);
    for (const auto& in : wf->inputs) {
      if (!unread.count(lower(in.name))) continue;
      diags.error(in.pos, "unused",
                  "input \"" + in.name + "\" of " + file_name(wf->file) +
                      " is read nowhere (its concurrency group aside), so its value changes nothing a run does; "
                      "read it, pass it on to the workflow that needs it, or remove it");
    }
  }
}

}  // namespace pipec
