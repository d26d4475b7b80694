#include "check_step_env.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "expr_chain.h"
#include "render_expr.h"
#include "shell_quoting.h"
#include "tool_lookup.h"

namespace pipec {
namespace {

void add_keys(const Value* block, std::vector<std::string>& names) {
  if (!block) return;
  for (const auto& f : block->fields) names.push_back(f.key);
}

// Whether an action's exports list every one of names.
bool exports_all(const Value& action, const std::vector<std::string>& names) {
  const Value* ex = action.get("exports");
  return ex && std::all_of(names.begin(), names.end(), [&](const std::string& n) {
           return std::any_of(ex->items.begin(), ex->items.end(),
                              [&](const ValuePtr& x) { return x->is_string() && x->text == n; });
         });
}

// The declared actions that export every one of names, as the fix to name
// (with the inputs that keep one from it).
std::vector<std::pair<std::string, std::string>> exporters(const Program& program,
                                                           const std::vector<std::string>& names) {
  std::vector<std::pair<std::string, std::string>> found;
  for (const auto& a : program.actions) {
    const Value* name = a->get("name");
    if (name && exports_all(*a, names)) found.push_back({name->text, exports_unless_text(*a)});
  }
  return found;
}

// Where a name comes from before a step: set for every run of the job (an
// env block, or a step that always runs), or by steps that run only under
// their conditions.
struct Source {
  bool always = false;
  struct By {
    const Value* step;
    std::vector<std::string> when;
  };
  std::vector<By> only;
};
using Sources = std::map<std::string, Source>;

// Whether a step whose if holds `when` has the name: some source runs
// whenever the step does, as its conditions are among the step's.
bool has(const Source& src, const std::vector<std::string>& when) {
  if (src.always) return true;
  return std::any_of(src.only.begin(), src.only.end(), [&](const Source::By& by) {
    return std::all_of(by.when.begin(), by.when.end(),
                       [&](const std::string& c) { return contains(when, c); });
  });
}

// A step that runs a tool: each env it declares exported must come from
// before the step, wherever the step runs (`when`).
// `quiet`: the steps before it of actions that would export, told not to.
void check_tool(const Value& step, const Field& t, const ToolDecl& tool,
                const std::vector<std::string>& when, const Sources& set,
                const std::vector<const Value*>& quiet, const std::string& job,
                const WorkflowModel& wf, const Program& program, Diagnostics& diags) {
  std::vector<std::string> own;
  add_keys(step.get("env"), own);
  add_keys(step.get("args"), own);
  std::vector<std::string> missing, sometimes;
  const Source::By* by = nullptr;
  for (const auto& p : tool.envs) {
    if (!p.exported || contains(own, p.name)) continue;
    auto it = set.find(p.name);
    if (it == set.end()) {
      missing.push_back(p.name);
    } else if (!has(it->second, when)) {
      sometimes.push_back(p.name);
      by = &it->second.only.back();
    }
  }
  if (missing.empty() && sometimes.empty()) return;
  const auto from = step_uses(diags, step, wf.file);
  const std::string where = "job \"" + job + "\" of " + file_name(wf.file);
  if (!missing.empty()) {
    const std::string them = missing.size() == 1 ? "it" : "them";
    const auto fix = exporters(program, missing);
    std::vector<std::string> actions;
    for (const auto& [name, unless] : fix) actions.push_back(name);
    // A step before it that would export them, told not to.
    const Value* told = nullptr;
    for (const Value* q : quiet) {
      if (!told && exports_all(*q->get("uses"), missing)) told = q;
    }
    const std::optional<ExportsOff> off =
        told ? exports_turned_off(*told->get("uses"), *told) : std::nullopt;
    const std::string how =
        off ? step_label(*told) + " would write " + them + ", but is given " + off->given +
                  ", which " + (off->certain ? "keeps" : "may keep") + " it from writing " + them +
                  ": give it another value, or set " + them + " in the env of this step"
        : fix.empty()     ? "add the step that writes " + them + ", with exports = [...]"
        : fix.size() == 1 ? "use a step of action " + fix[0].first + " (it exports " + them +
                                fix[0].second + ") before this one"
                          : "use a step of one of the actions " + spoken_list(actions) +
                                " (they export " + them + ") before this one";
    diags.error(t.key_pos, "tool-env",
                "tool " + tool.name + " reads " + spoken_list(missing) +
                    " (exported = true), and nothing before this step in " + where + " sets " +
                    them + ": no step exports " + them + " and no env block holds " + them +
                    ", so the tool runs without " + them + "; " + how);
  } else if (!sometimes.empty()) {
    const std::string them = sometimes.size() == 1 ? "it" : "them";
    std::vector<std::string> lacking;
    for (const auto& c : by->when) {
      if (!contains(when, c)) lacking.push_back(c);
    }
    const std::string lack =
        by->when.size() == 1
            ? std::string("that condition")
            : (lacking.size() == 1 ? "the condition " : "the conditions ") + join(lacking, " && ");
    diags.error(t.key_pos, "tool-env",
                "tool " + tool.name + " reads " + spoken_list(sometimes) +
                    " (exported = true), which " + step_label(*by->step) + " exports only if " +
                    join(by->when, " && ") + "; this step of " + where + " runs without " + lack +
                    ", and then the tool runs without " + them + ": add " +
                    (lacking.size() == 1 ? "it" : "them") +
                    " to this step's if, or its job's (with && beside any other condition)");
  }
}

}  // namespace

void check_exports(const Value& owner, const std::string& whose, Diagnostics& diags) {
  const Field* ex = owner.field("exports");
  if (!ex) return;
  const std::string how = whose +
                          "'s exports are a list of the environment variables it writes to "
                          "GITHUB_ENV: exports = [\"NAME\"]";
  if (ex->value->kind != Value::Kind::List) {
    if (!is_error(*ex->value))
      diags.error(ex->value->pos, "type", how + ", not " + describe(*ex->value));
    return;
  }
  std::vector<std::string> seen;
  for (const auto& x : ex->value->items) {
    if (is_error(*x)) continue;
    if (!x->is_string() || !x->parts.empty()) {
      diags.error(x->pos, "type", how + ", not " + describe(*x));
    } else if (!shell_name(x->text)) {
      diags.error(x->pos, "env-name",
                  "\"" + x->text +
                      "\" is not a name a shell reads as a variable (letters, digits and _, not "
                      "first a digit)");
    } else if (contains(seen, x->text)) {
      diags.error(x->pos, "duplicate", whose + " exports \"" + x->text + "\" twice");
    } else {
      seen.push_back(x->text);
    }
  }
}

void check_step_env(const WorkflowModel& wf, const Program& program, Diagnostics& diags) {
  Sources workflow_env;
  if (const Value* env = wf.body->get("env")) {
    for (const auto& f : env->fields) workflow_env[f.key].always = true;
  }
  for (const auto& j : jobs_of(*wf.body)) {
    // What every step of the job has: the workflow's and the job's env, and
    // the container's, which the processes of a step in it have.
    Sources set = workflow_env;
    auto always = [&](const Value* block) {
      if (!block) return;
      for (const auto& f : block->fields) set[f.key].always = true;
    };
    always(j.value->get("env"));
    if (const Value* c = j.value->get("container"); c && c->kind == Value::Kind::Object)
      always(c->get("env"));
    const std::vector<std::string> job_when = conjuncts(j.value->get("if"));
    std::vector<const Value*> quiet;
    for (const auto& st : steps_of(*j.value)) {
      const Value& step = *st;
      check_exports(step, "a step", diags);
      // A step with if = false is left out: it runs nothing, exports nothing.
      if (left_out(step)) continue;
      // The job's conditions hold for each of its steps.
      std::vector<std::string> when = job_when;
      for (auto& c : conjuncts(step.get("if"))) when.push_back(std::move(c));
      const Field* t = step.field("tool");
      if (const ToolDecl* tool = t ? find_tool(program, *t->value) : nullptr)
        check_tool(step, *t, *tool, when, set, quiet, j.key, wf, program, diags);
      if (const Value* uses = step.get("uses");
          uses && uses->tag == "action" && uses->get("exports") && exports_turned_off(*uses, step))
        quiet.push_back(&step);
      for (auto& x : exported_env(step, program)) {
        Source& src = set[x];
        if (when.empty())
          src.always = true;
        else
          src.only.push_back({&step, when});
      }
    }
  }
}

}  // namespace pipec
