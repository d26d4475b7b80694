#include "check_tool_env.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "check_tools.h"

namespace pipec {
namespace {

void add_keys(const Value* block, std::vector<std::string>& names) {
  if (!block) return;
  for (const auto& f : block->fields) names.push_back(f.key);
}

// The declared actions that export every one of names, as the fix to name.
std::vector<std::string> exporters(const Program& program, const std::vector<std::string>& names) {
  std::vector<std::string> found;
  for (const auto& a : program.actions) {
    const Value* ex = a->get("exports");
    const Value* name = a->get("name");
    if (!ex || !name) continue;
    bool all = std::all_of(names.begin(), names.end(), [&](const std::string& n) {
      return std::any_of(ex->items.begin(), ex->items.end(),
                         [&](const ValuePtr& x) { return x->is_string() && x->text == n; });
    });
    if (all) found.push_back(name->text);
  }
  return found;
}

}  // namespace

void check_tool_env(const WorkflowModel& wf, const Program& program, Diagnostics& diags) {
  std::vector<std::string> workflow_env;
  add_keys(wf.body->get("env"), workflow_env);
  for (const auto& j : jobs_of(*wf.body)) {
    // What every step of the job has: the workflow's and the job's env, and
    // the container's, which the processes of a step in it have.
    std::vector<std::string> set = workflow_env;
    add_keys(j.value->get("env"), set);
    if (const Value* c = j.value->get("container"); c && c->kind == Value::Kind::Object)
      add_keys(c->get("env"), set);
    for (const auto& st : steps_of(*j.value)) {
      const Value& step = *st;
      const Field* t = step.field("tool");
      if (const ToolDecl* tool = t ? find_tool(program, *t->value) : nullptr) {
        std::vector<std::string> here = set;
        add_keys(step.get("env"), here);
        add_keys(step.get("args"), here);
        std::vector<std::string> missing;
        for (const auto& p : tool->envs) {
          if (p.exported && std::find(here.begin(), here.end(), p.name) == here.end())
            missing.push_back(p.name);
        }
        if (!missing.empty()) {
          std::optional<Diagnostics::Context> from;
          if (step.via) from.emplace(diags, *step.via, file_name(wf.file));
          const std::string them = missing.size() == 1 ? "it" : "them";
          const std::vector<std::string> fix = exporters(program, missing);
          const std::string how =
              fix.empty() ? "add the step that writes " + them + ", with exports = [...]"
              : fix.size() == 1
                  ? "use a step of action " + fix[0] + " (it exports " + them + ") before this one"
                  : "use a step of one of the actions " + spoken_list(fix) + " (they export " +
                        them + ") before this one";
          diags.error(t->key_pos, "tool-env",
                      "tool " + tool->name + " reads " + spoken_list(missing) +
                          " (exported = true), and nothing before this step in job \"" + j.key +
                          "\" of " + file_name(wf.file) + " sets " + them + ": no step exports " +
                          them + " and no env block holds " + them + ", so the tool runs without " +
                          them + "; " + how);
        }
      }
      for (auto& x : exported_env(step, program)) set.push_back(std::move(x));
    }
  }
}

}  // namespace pipec
