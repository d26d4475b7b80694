#include "check_unread_inputs.h"

#include <algorithm>
#include <deque>
#include <set>
#include <string>
#include <vector>

#include "ascii.h"
#include "expr_chain.h"
#include "external_workflows.h"
#include "tool_lookup.h"

namespace pipec {
namespace {

// What reads every input of the manual form, not the others: the whole
// github context or event (a called run's event is its caller's).
const char* const kWholeEvent = "@event";

// The inputs an expression reads, in lower case; "*" for all of them,
// kWholeEvent for those of the manual form. With `event_only`, only those
// of github.event (a called workflow's inputs.X are its own).
void read(const Expr& e, bool event_only, std::set<std::string>& out) {
  each_chain(e, [&](const Chain& c, const Expr&) {
    const std::string head = lower(c[0].first), field = c.size() >= 2 ? lower(c[1].first) : "";
    if (head == "github" && (c.size() == 1 || (c.size() == 2 && field == "event") || field == "event_path")) {
      out.insert(kWholeEvent);  // the whole context or event, or the event file
    } else if (std::string input = input_read(c); !input.empty() && !(event_only && head == "inputs")) {
      out.insert(input == "*" && head != "inputs" ? kWholeEvent : input);
    }
  });
}

// Whether a value's literal text (a string's, its items' or fields')
// holds `word`.
bool text_holds(const Value& v, const std::string& word) {
  if (v.text.find(word) != std::string::npos) return true;
  for (const auto& p : v.parts) {
    if (!p.expr && p.text.find(word) != std::string::npos) return true;
  }
  for (const auto& i : v.items) {
    if (text_holds(*i, word)) return true;
  }
  for (const auto& f : v.fields) {
    if (f.value && text_holds(*f.value, word)) return true;
  }
  return false;
}

// Whether a step reads the event file, which holds every input of the
// manual form: a script or action input that names it (GITHUB_EVENT_PATH,
// github-script's context.payload), or a step tool that reads it.
bool reads_event_file(const Value& step, const Program& program) {
  for (const char* key : {"run", "with"}) {
    const Value* v = step.get(key);
    if (v && (text_holds(*v, "GITHUB_EVENT_PATH") || text_holds(*v, "context.payload"))) return true;
  }
  const Field* t = step.field("tool");
  const ToolDecl* tool = t ? find_tool(program, *t->value) : nullptr;
  return tool && std::any_of(tool->envs.begin(), tool->envs.end(),
                             [](const ToolParam& p) { return p.name == "GITHUB_EVENT_PATH"; });
}

// The inputs of the manual form that what a workflow runs may read as
// github.event.inputs (a called run's event is its caller's), into `out`:
// those of the whole tree under it, generated or hand-written, walked with
// a worklist (a chain of files may be long). What pipec cannot read may
// read any (kWholeEvent): a workflow of another repository, a file that is
// missing, a step that reads the event file.
class RunReads {
 public:
  RunReads(const Program& program, std::set<std::string>& out) : program_(program), out_(out) {}

  // What `top`, the workflow whose inputs are weighed, runs (its own steps
  // too).
  void under(const WorkflowModel& top) {
    seen_.insert(top.file);
    runs(top);
    while (!work_.empty()) {
      const std::string path = work_.front();
      work_.pop_front();
      by_path(path);
    }
  }

 private:
  void runs(const WorkflowModel& wf) {
    for (const auto& j : jobs_of(*wf.body)) {
      if (j.value->get("uses")) {
        if (const WorkflowModel* callee = called_workflow(program_, *j.value)) visit(callee->file);
        else if (const std::optional<std::string> path = called_path(wf, *j.value)) visit(*path);
        else out_.insert(kWholeEvent);  // another repository's
      }
      for (const auto& s : steps_of(*j.value)) {
        if (reads_event_file(*s, program_)) out_.insert(kWholeEvent);
        const Value* uses = s->get("uses");
        if (!uses || !uses->is_string() || uses->text.rfind("./", 0) != 0) continue;
        if (const std::optional<std::string> action = local_action(wf, *s)) visit(*action);
        else out_.insert(kWholeEvent);
      }
    }
  }

  void visit(const std::string& path) {
    if (seen_.insert(path).second) work_.push_back(path);
  }

  // A workflow or action of the repository run by path: a generated
  // workflow, or a file beside them; the whole event for one pipec could
  // not read.
  void by_path(const std::string& path) {
    for (const auto& wf : program_.workflows) {
      if (wf->file != path) continue;
      for (const auto& f : wf->body->fields) {
        if (f.value) each_top_expr(*f.value, [&](const Expr& e) { read(e, true, out_); });
      }
      return runs(*wf);
    }
    const EventInputReads* r = nullptr;
    if (const auto w = program_.external_workflows.find(path); w != program_.external_workflows.end()) r = &w->second.event_inputs;
    if (const auto a = program_.local_actions.find(path); a != program_.local_actions.end()) r = &a->second;
    if (!r) return void(out_.insert(kWholeEvent));
    for (const auto& name : r->inputs) out_.insert(name == "*" ? kWholeEvent : name);
    for (const auto& run : r->runs) visit(run);
  }

  const Program& program_;
  std::set<std::string>& out_;
  std::set<std::string> seen_;  // by file or folder
  std::deque<std::string> work_;
};

// The inputs a workflow's own expressions read, outside its concurrency
// group (which only keeps runs apart; its cancel-in-progress decides).
std::set<std::string> own_reads(const WorkflowModel& wf) {
  std::set<std::string> reads;
  auto add = [&](const Value& v) { each_top_expr(v, [&](const Expr& e) { read(e, false, reads); }); };
  for (const auto& f : wf.body->fields) {
    if (!f.value) continue;
    if (f.key != "concurrency") add(*f.value);
    else if (f.value->kind == Value::Kind::Object)
      for (const auto& c : f.value->fields) {
        if (c.key != "group" && c.value) add(*c.value);
      }
  }
  return reads;
}

}  // namespace

std::set<std::string> unread_inputs(const Program& program, const WorkflowModel& wf) {
  if (wf.inputs.empty() || wf.body->kind != Value::Kind::Object) return {};
  const std::set<std::string> own = own_reads(wf);
  std::set<std::string> reads = own;
  if (reads.count("*")) return {};
  // What a manual run's inputs may reach beyond the workflow's own
  // expressions.
  const bool manual = has_trigger(wf, "dispatch");
  if (manual) RunReads(program, reads).under(wf);
  std::set<std::string> unread;
  for (const auto& in : wf.inputs) {
    const std::string name = lower(in.name);
    const bool of_form = manual && in.only != "call";
    if (!reads.count(name) && !(of_form && reads.count(kWholeEvent))) unread.insert(name);
  }
  if (unread.empty()) return unread;
  // A read of no input in the workflow's own expressions, a slip for one
  // (inputs.build_varaint), which [unknown-input] reports with that input
  // as its did-you-mean: the input is meant to be read, and is not
  // reported unread as well. (What a called workflow reads of the event
  // is its own to name.)
  std::vector<std::string> declared;
  for (const auto& in : wf.inputs) declared.push_back(lower(in.name));
  for (const auto& r : own) {
    if (r == kWholeEvent || std::find(declared.begin(), declared.end(), r) != declared.end()) continue;
    unread.erase(nearest(r, declared));
  }
  return unread;
}

void check_unread_inputs(const Program& program, Diagnostics& diags) {
  std::map<const WorkflowModel*, std::set<std::string>> unread;
  // The inputs some instance of each template reads.
  std::map<std::string, std::set<std::string>> read_by_template;
  for (const auto& wf : program.workflows) {
    std::set<std::string>& mine = unread[wf.get()] = unread_inputs(program, *wf);
    for (const auto& in : wf->inputs) {
      if (!mine.count(lower(in.name))) read_by_template[wf->template_name].insert(lower(in.name));
    }
  }
  for (const auto& wf : program.workflows) {
    for (const auto& in : wf->inputs) {
      const std::string name = lower(in.name);
      if (!unread[wf.get()].count(name)) continue;
      // Another instance of the template reads it: the input belongs in a
      // when that leaves it out of this one.
      const bool read_elsewhere = read_by_template[wf->template_name].count(name) > 0;
      diags.error(in.pos, "unused",
                  "input \"" + in.name + "\" of " + file_name(wf->file) +
                      " is read nowhere (its concurrency group aside), so its value changes nothing a run does; " +
                      (read_elsewhere ? "other instances of " + wf->template_name +
                                            " read it: declare it in a when that leaves it out of this one"
                                      : "read it, pass it on to the workflow that needs it, or remove it"));
    }
  }
}

}  // namespace pipec
