#include "check_concurrency.h"

#include <set>
#include <string>
#include <vector>

#include "expr_chain.h"
#include "matrix_legs.h"

namespace pipec {
namespace {

// A group a run holds while what is inside it runs.
struct Held {
  std::string text;
  Pos pos;
  std::string where;  // "ci.yml's concurrency", "job \"call\" in ci.yml"
  const WorkflowModel* owner;
};

// The group a workflow or job asks for: concurrency, or its group; null
// when there is none.
const Value* group_of(const Value& body) {
  const Value* c = concurrency_group(body);
  // An empty group is an error of its own (check_key_types).
  return c && !c->is_blank() ? c : nullptr;
}

// Whether every value the group reads is the same for both places: github
// (but github.job) and vars always; inputs too inside one workflow.
bool same_value(const Value& group, bool one_workflow) {
  bool job = false;
  each_runtime(group, [&](const Expr& e) {
    const Chain c = chain(e);
    job = job || (c.size() == 2 && c[0].first == "github" && c[1].first == "job");
  });
  return !job &&
         reads_only(group, one_workflow ? std::vector<std::string>{"github", "vars", "inputs"}
                                        : std::vector<std::string>{"github", "vars"});
}

// A job whose matrix legs may run side by side: more than one leg (where
// that is known here), and no max-parallel of 1.
bool legs_run_together(const Value& job) {
  if (!many_legs(job)) return false;
  const Value* max = job.get("strategy")->get("max-parallel");
  return !(max && max->kind == Value::Kind::Number && max->text == "1");
}

class Groups {
 public:
  Groups(const Program& program, Diagnostics& diags) : program_(program), diags_(diags) {}

  void run() {
    for (const auto& w : program_.workflows) visit(*w, {}, "", file_name(w->file), 0);
  }

 private:
  // The groups of wf, reached by `path` while the run holds `held`; legs
  // names the matrix job whose every leg runs wf, if one does.
  void visit(const WorkflowModel& wf, std::vector<Held> held, const std::string& legs,
             const std::string& path, int depth) {
    // check_limits refuses deeper calls; this only stops a cycle.
    if (depth > 10) return;
    const std::string file = file_name(wf.file);
    if (const Value* g = group_of(*wf.body)) {
      ask(*g, wf, held, path);
      if (!legs.empty() && same_value(*g, false)) one_for_all_legs(*g, legs, path);
      held.push_back({text_of(*g), g->pos, file + "'s concurrency", &wf});
    }
    for (const auto& j : jobs_of(*wf.body)) {
      const std::string job = "job \"" + j.key + "\" in " + file;
      const bool matrix = legs.empty() && legs_run_together(*j.value);
      std::vector<Held> inner = held;
      if (const Value* g = group_of(*j.value)) {
        ask(*g, wf, held, path);
        if (!legs.empty() && same_value(*g, false)) one_for_all_legs(*g, legs, path);
        if (matrix && same_value(*g, true)) one_for_all_legs(*g, job, path);
        inner.push_back({text_of(*g), g->pos, job, &wf});
      }
      if (const WorkflowModel* callee = called_workflow(program_, *j.value))
        visit(*callee, inner, matrix ? job : legs, path + " -> " + file_name(callee->file),
              depth + 1);
    }
  }

  // A group every leg of a matrix asks for: one leg runs, one waits, and
  // GitHub cancels a waiting one whenever another asks.
  void one_for_all_legs(const Value& group, const std::string& legs, const std::string& path) {
    if (!reported_.insert({to_string(group.pos), legs}).second) return;
    diags_.error(group.pos, "concurrency-legs",
                 "concurrency group \"" + text_of(group) + "\" in " + path +
                     " is the same for every leg of the matrix of " + legs +
                     ": GitHub runs one leg, keeps one waiting and cancels the others; put a "
                     "matrix value in the group (through an input in a called workflow), or set "
                     "max-parallel = 1");
  }

  // A group asked for in wf, while the run holds `held`.
  void ask(const Value& group, const WorkflowModel& wf, const std::vector<Held>& held,
           const std::string& path) {
    const std::string text = text_of(group);
    for (const Held& h : held) {
      if (h.text != text || !same_value(group, h.owner == &wf)) continue;
      if (!reported_.insert({to_string(group.pos), to_string(h.pos)}).second) continue;
      std::string why = "the run already holds it (" + h.where + ", " + to_string(h.pos) +
                        ") while this one waits for it, so GitHub cancels the run as a deadlock";
      if (h.owner != &wf && text.find("github.workflow") != std::string::npos)
        why +=
            " (in a called workflow, github.workflow is the name of the workflow the run started "
            "with)";
      diags_.error(group.pos, "concurrency-deadlock",
                   "concurrency group \"" + text + "\" in " + path + ": " + why +
                       "; give one of them a text of its own");
      return;
    }
  }

  const Program& program_;
  Diagnostics& diags_;
  std::set<std::pair<std::string, std::string>> reported_;
};

}  // namespace

void check_concurrency(const Program& program, Diagnostics& diags) { Groups(program, diags).run(); }

}  // namespace pipec
