#include "event_reach.h"

#include <algorithm>

#include "expr_chain.h"

namespace pipec {
namespace {

class Reaches {
 public:
  explicit Reaches(const Program& program) {
    for (const auto& wf : program.workflows) {
      for (const auto& j : jobs_of(*wf->body)) {
        const WorkflowModel* callee = called_workflow(program, *j.value);
        if (!callee) continue;
        auto& callers = callers_[callee];
        if (std::find(callers.begin(), callers.end(), wf.get()) == callers.end())
          callers.push_back(wf.get());
      }
    }
    for (const auto& wf : program.workflows) reach(*wf);
  }

  std::map<const WorkflowModel*, EventReach> take() {
    std::map<const WorkflowModel*, EventReach> out;
    for (auto& [wf, r] : done_) {
      r.known = r.known && !outside_[wf] && !r.files.empty();
      out[wf] = std::move(r);
    }
    return out;
  }

 private:
  const EventReach& reach(const WorkflowModel& wf) {
    if (auto it = done_.find(&wf); it != done_.end()) return it->second;
    EventReach r;
    done_[&wf] = r;  // a call cycle adds nothing
    const Value* on = wf.body->get("on");
    r.known = on && on->kind == Value::Kind::Object;
    if (r.known) {
      for (const auto& t : on->fields) {
        if (is_trigger(t.key, "call"))
          r.called = true;
        else
          r.triggers.push_back(t.key);
        // A misspelt trigger is reported where the workflow is written out;
        // until then, what starts its runs is not known.
        const auto& names = trigger_names();
        if (t.key != "call" && t.key != "dispatch" &&
            std::find(names.begin(), names.end(), t.key) == names.end())
          r.known = false;
      }
    }
    r.own = !r.triggers.empty();
    if (r.own) r.files.insert(file_name(wf.file));
    if (has_trigger(wf, "dispatch")) {
      for (const auto& in : wf.inputs) {
        if (in.only != "call") r.form.insert(in.name);
      }
    }
    bool outside = r.called && callers_[&wf].empty();
    if (r.called) {
      std::set<std::string> triggers(r.triggers.begin(), r.triggers.end());
      for (const WorkflowModel* caller : callers_[&wf]) {
        const EventReach& c = reach(*caller);
        r.known = r.known && c.known;
        triggers.insert(c.triggers.begin(), c.triggers.end());
        r.files.insert(c.files.begin(), c.files.end());
        r.form.insert(c.form.begin(), c.form.end());
        outside = outside || outside_[caller];
      }
      r.triggers.assign(triggers.begin(), triggers.end());
    }
    outside_[&wf] = outside;
    return done_[&wf] = r;
  }

  std::map<const WorkflowModel*, std::vector<const WorkflowModel*>> callers_;
  std::map<const WorkflowModel*, EventReach> done_;
  std::map<const WorkflowModel*, bool> outside_;
};

}  // namespace

const std::vector<std::string>& trigger_names() {
  static const std::vector<std::string> names = {
      "push",          "pull_request",  "pull_request_target",
      "merge_group",   "schedule",      "workflow_dispatch",
      "workflow_call", "workflow_run",  "release",
      "issues",        "issue_comment", "discussion",
      "discussion_comment", "repository_dispatch"};
  return names;
}

std::map<const WorkflowModel*, EventReach> event_reaches(const Program& program) {
  return Reaches(program).take();
}

}  // namespace pipec
