#include "check_called_events.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "ascii.h"
#include "event_fields.h"
#include "expr_chain.h"
#include "render_expr.h"

namespace pipec {
namespace {

// What starts the runs of a workflow: the triggers of the workflows a chain
// of calls begins with, those workflows' files, and the inputs of their
// manual-run forms.
struct Starts {
  std::set<std::string> triggers;
  std::set<std::string> files;
  std::set<std::string> form;
  // Some chain of calls begins outside the program, with a workflow that
  // has `on { call }` and that no workflow here calls: its events are not
  // known.
  bool unknown = false;
};

class CalledEvents {
 public:
  CalledEvents(const Program& program, Diagnostics& diags) : program_(program), diags_(diags) {
    for (const auto& wf : program_.workflows) {
      for (const auto& j : jobs_of(*wf->body)) {
        const WorkflowModel* callee = called_workflow(program_, *j.value);
        if (callee && !contains(callers_[callee], wf.get())) callers_[callee].push_back(wf.get());
      }
    }
  }

  void run() {
    for (const auto& wf : program_.workflows) {
      if (has_trigger(*wf, "call")) check(*wf, starts(*wf));
    }
  }

 private:
  static bool contains(const std::vector<const WorkflowModel*>& v, const WorkflowModel* w) {
    return std::find(v.begin(), v.end(), w) != v.end();
  }

  const Starts& starts(const WorkflowModel& wf) {
    if (auto it = known_.find(&wf); it != known_.end()) return it->second;
    Starts s;
    known_[&wf] = s;  // a call cycle adds nothing
    const Value* on = wf.body->get("on");
    bool started = false;  // by a trigger of its own
    if (on && on->kind == Value::Kind::Object) {
      for (const auto& t : on->fields) {
        if (t.key == "call" || t.key == "workflow_call") continue;
        s.triggers.insert(t.key);
        started = true;
      }
    }
    if (started) s.files.insert(file_name(wf.file));
    if (has_trigger(wf, "dispatch")) {
      for (const auto& in : wf.inputs) {
        if (in.only != "call") s.form.insert(in.name);
      }
    }
    if (has_trigger(wf, "call")) {
      if (callers_[&wf].empty()) s.unknown = true;
      for (const WorkflowModel* caller : callers_[&wf]) {
        const Starts& c = starts(*caller);
        s.triggers.insert(c.triggers.begin(), c.triggers.end());
        s.files.insert(c.files.begin(), c.files.end());
        s.form.insert(c.form.begin(), c.form.end());
        s.unknown = s.unknown || c.unknown;
      }
    }
    return known_[&wf] = s;
  }

  void check(const WorkflowModel& wf, const Starts& s) {
    if (s.unknown || s.files.empty()) return;  // s.files: only a cycle of calls reaches it
    const std::vector<std::string> files(s.files.begin(), s.files.end());
    const std::vector<std::string> form(s.form.begin(), s.form.end());
    const std::string started = "the runs that reach it start from " + spoken_list(files);
    std::string triggers;
    for (const auto& t : s.triggers) triggers += (triggers.empty() ? "" : ", ") + t;
    // Said without the files, so that the instances of a template whose
    // callers differ but whose triggers do not make one report.
    const std::string reach =
        "a called run has its caller's event, and none of the triggers of the runs that reach it";
    std::set<std::string> reported;  // positions of the chains' first names
    each_runtime(*wf.body, [&](const Expr& e) {
      const Chain c = chain(e);
      const EventField* f = event_field(c);
      if (!f) return;
      const std::string at = to_string(c[0].second);
      if (reported.count(at)) return;
      bool set = std::any_of(f->triggers.begin(), f->triggers.end(),
                             [&](const std::string& t) { return s.triggers.count(t) > 0; });
      if (!set) {
        reported.insert(at);
        std::vector<std::string> setters;
        for (const auto& t : f->triggers) {
          if (t != "dispatch") setters.push_back(t);
        }
        diags_.error(c[0].second, "event-field",
                     field_name(*f) + " is empty in every run of " + file_name(wf.file) + ": " +
                         reach + " (" + triggers + ") sets it, only " + spoken_list(setters, "or") +
                         " does");
        return;
      }
      // github.event.inputs.NAME, where the workflow has no form of its own
      // (check_refs holds a name to that one) and NAME is none of its call
      // inputs (check_caller_event_inputs says what was meant there).
      if (c.size() < 4 || c[1].first != "event" || c[2].first != "inputs" ||
          has_trigger(wf, "dispatch") || s.form.count(c[3].first) ||
          std::any_of(wf.inputs.begin(), wf.inputs.end(),
                      [&](const InputDecl& in) { return in.name == c[3].first; }))
        return;
      reported.insert(at);
      diags_.error(c[3].second, "unknown-input",
                   "github.event.inputs." + c[3].first + " is null in every run of " +
                       file_name(wf.file) + ": a called run has its caller's event, " + started +
                       ", and no manual-run form of " + (files.size() == 1 ? "it" : "theirs") +
                       " has input \"" + c[3].first + "\"" + did_you_mean(c[3].first, form));
    });
    // github.event_name is the starting event's name too: compared with a
    // GitHub event none of those triggers is, it never holds (names that
    // are no event, and workflow_call, are check_event_names').
    each_runtime(*wf.body, [&](const Expr& e) {
      TextComparison c;
      if (!text_comparison(e, c) || c.chain.size() != 2 || c.chain[0].first != "github" ||
          c.chain[1].first != "event_name")
        return;
      const std::string event = lower(c.text);  // GitHub compares text without case
      if (!github_event(event) || event == "workflow_call") return;
      if (std::any_of(s.triggers.begin(), s.triggers.end(),
                      [&](const std::string& t) { return event_of(t) == event; }))
        return;
      diags_.error(e.pos, "event-name",
                   "github.event_name is never \"" + c.text + "\" in " + file_name(wf.file) + ": " +
                       reach + " (" + triggers + ") is that event; " + render_expr(e) +
                       " is always " + (e.text == "==" ? "false" : "true"));
    });
  }

  const Program& program_;
  Diagnostics& diags_;
  std::map<const WorkflowModel*, std::vector<const WorkflowModel*>> callers_;
  std::map<const WorkflowModel*, Starts> known_;
};

}  // namespace

void check_called_events(const Program& program, Diagnostics& diags) {
  CalledEvents(program, diags).run();
}

}  // namespace pipec
