#include "check_workflow_run_chains.h"

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace pipec {
namespace {

constexpr int kMaxLevels = 3;
constexpr int kNever = std::numeric_limits<int>::max();

// The names in a workflow's on.workflow_run.workflows.
std::vector<const Value*> entries_of(const WorkflowModel& wf) {
  std::vector<const Value*> out;
  const Value* on = wf.body->get("on");
  const Value* trigger = on ? on->get("workflow_run") : nullptr;
  const Value* names = trigger ? trigger->get("workflows") : nullptr;
  if (!names) return out;
  if (names->kind != Value::Kind::List) {
    if (names->is_string()) out.push_back(names);
    return out;
  }
  for (const auto& n : names->items)
    if (n->is_string()) out.push_back(n.get());
  return out;
}

// Whether a workflow has a trigger that starts a run of its own: any but
// workflow_run (which starts it a level down) and call (which runs it
// inside its caller's run).
bool starts_itself(const WorkflowModel& wf) {
  const Value* on = wf.body->get("on");
  if (!on || on->kind != Value::Kind::Object) return false;
  for (const auto& t : on->fields)
    if (t.key != "workflow_run" && !is_trigger(t.key, "call")) return true;
  return false;
}

bool called_only(const WorkflowModel& wf) {
  const Value* on = wf.body->get("on");
  return on && on->kind == Value::Kind::Object && on->fields.size() == 1 &&
         is_trigger(on->fields[0].key, "call");
}

// Each workflow's earliest level: 0 for one that starts itself, else one
// below the earliest workflow its entries name; kNever for none. `via`
// keeps the name each level came from, to show the chain.
struct Levels {
  std::vector<int> level;
  std::vector<std::string> via;
};

int index_of(const Program& program, const std::string& name) {
  for (std::size_t i = 0; i < program.workflows.size(); ++i)
    if (github_name(*program.workflows[i]) == name) return static_cast<int>(i);
  return -1;
}

Levels earliest_levels(const Program& program) {
  const std::size_t n = program.workflows.size();
  Levels l{std::vector<int>(n, kNever), std::vector<std::string>(n)};
  for (std::size_t i = 0; i < n; ++i)
    if (starts_itself(*program.workflows[i])) l.level[i] = 0;
  // At most n rounds: each round settles at least one more level.
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < n; ++i) {
      for (const Value* e : entries_of(*program.workflows[i])) {
        const int from = index_of(program, e->text);
        const int before = from < 0 ? 0 : l.level[from];
        if (before == kNever || before + 1 >= l.level[i]) continue;
        l.level[i] = before + 1;
        l.via[i] = e->text;
        changed = true;
      }
    }
  }
  return l;
}

// "A" -> "B" -> "C": the earliest chain that starts a workflow.
std::string chain_to(const Program& program, const Levels& l, int i) {
  std::string chain = "\"" + github_name(*program.workflows[i]) + "\"";
  for (int at = i; at >= 0 && l.level[at] > 0;) {
    chain = "\"" + l.via[at] + "\" -> " + chain;
    at = index_of(program, l.via[at]);
  }
  return chain;
}

}  // namespace

void check_workflow_run_chains(const Program& program, Diagnostics& diags) {
  const Levels l = earliest_levels(program);
  for (std::size_t i = 0; i < program.workflows.size(); ++i) {
    const auto& wf = program.workflows[i];
    const std::vector<const Value*> entries = entries_of(*wf);
    bool reported = false;
    for (const Value* e : entries) {
      const int from = index_of(program, e->text);
      if (from < 0) continue;
      const WorkflowModel& named = *program.workflows[from];
      const std::string where =
          "on.workflow_run in " + file_name(wf->file) + " names \"" + e->text + "\"";
      if (called_only(named)) {
        reported = true;
        diags.error(e->pos, "workflow-run",
                    where +
                        ", which only runs when a workflow calls it: a called workflow runs "
                        "inside its caller's run, so workflow_run never sees it end and this "
                        "entry never starts the run; name the workflow that calls it");
      } else if (l.level[from] != kNever && l.level[from] >= kMaxLevels) {
        diags.error(e->pos, "workflow-run",
                    where + ", which puts this workflow " + std::to_string(l.level[from] + 1) +
                        " levels of workflow_run below the first one (" +
                        chain_to(program, l, from) + " -> \"" + github_name(*wf) +
                        "\"): GitHub starts none more than three levels down, so this entry "
                        "never starts the run; wait for a workflow fewer levels down, or start "
                        "this one from another event");
      }
    }
    // Every workflow it waits for is made here and waits in turn, round a
    // loop, for workflows that start no run of their own. (A workflow that
    // is also called runs in its callers' runs.)
    if (reported || entries.empty() || l.level[i] != kNever || has_trigger(*wf, "call")) continue;
    std::vector<std::string> names;
    for (const Value* e : entries) names.push_back("\"" + e->text + "\"");
    diags.error(entries.front()->pos, "workflow-run",
                "on.workflow_run in " + file_name(wf->file) + " waits only for " +
                    join(names, ", ") + ", which " + (names.size() == 1 ? "waits" : "wait") +
                    " in turn, round a loop, for workflows with no trigger of their "
                    "own: none of them ever runs, nor does this one; give one of them another "
                    "trigger, such as push or dispatch");
  }
}

}  // namespace pipec
