#include "check_tools.h"

#include <algorithm>
#include <set>

#include "check_env_names.h"
#include "expr_chain.h"
#include "shell_quoting.h"
#include "tool_lookup.h"

namespace pipec {

void check_tool_steps(const WorkflowModel& wf, const Program& program, Diagnostics& diags) {
  std::set<const Field*> misnamed;  // env entries reported, once each
  for (const auto& j : jobs_of(*wf.body)) {
    const std::string job = "job \"" + j.key + "\" in " + file_name(wf.file);
    const auto& steps = steps_of(*j.value);
    bool built = false, listed = false;
    // The step_tools step and the conditions it runs under: a tool step that
    // runs without one of them finds no PIPEC_STEPS_BIN.
    const Value* builder_step = nullptr;
    std::vector<std::string> builder_when;
    // The tools the step_tools step builds (its builds list), and whether a
    // later step runs each.
    std::vector<std::pair<const ToolDecl*, const Value*>> builds;
    std::set<const ToolDecl*> run;
    Pos builds_at;
    for (const auto& st : steps) {
      const Value& step = *st;
      const auto from = step_uses(diags, step, wf.file);
      const Value* id = step.get("id");
      bool builder = id && id->is_string() && id->text == "step_tools";
      if (const Field* bf = step.field("builds")) {
        listed = true;
        builds_at = bf->value->pos;
        if (!builder)
          diags.error(bf->key_pos, "tool-step",
                      "builds is for the step with id \"step_tools\", which builds the step tools");
        if (bf->value->kind != Value::Kind::List && !is_error(*bf->value))
          diags.error(bf->value->pos, "type", "builds must be a list of tools, like [configure_ci]");
        for (const auto& b : bf->value->items) {
          // A tool's own position is its declaration's: point at the list.
          if (const ToolDecl* t = find_tool(program, *b)) builds.push_back({t, bf->value.get()});
          else if (!is_error(*b)) diags.error(b->pos, "type", "builds lists tools, not " + describe(*b));
        }
      } else if (builder) {
        diags.error(step.pos, "tool-step", "the step with id \"step_tools\" needs builds = [TOOL, ...]: the tools it builds");
      }
      if (builder) {
        built = true;
        builder_step = &step;
        builder_when = conjuncts(step.get("if"));
      }
      const Field* tf = step.field("tool");
      if (!tf) {
        if (const Field* a = step.field("args"))
          diags.error(a->key_pos, "tool-step", "args are for a step that runs a tool: add tool = NAME");
        continue;
      }
      const ToolDecl* tool = find_tool(program, *tf->value);
      if (!tool) {
        diags.error(tf->value->pos, "type", "tool must name a tool declaration, not " + describe(*tf->value));
        continue;
      }
      for (const char* k : {"run", "uses", "with"}) {
        if (const Field* f = step.field(k))
          diags.error(f->key_pos, "tool-step", std::string("a step that runs a tool has no ") + k +
                                                   "; pass values in args { }");
      }
      if (!built) {
        diags.error(tf->key_pos, "tool-step",
                    job + " runs tool " + tool->name +
                        " before building the step tools; put the step with id \"step_tools\" "
                        "(use build_step_tools(...)) before it");
      } else if (listed &&
                 std::none_of(builds.begin(), builds.end(), [&](const auto& b) { return b.first == tool; })) {
        diags.error(tf->key_pos, "tool-step",
                    job + " runs tool " + tool->name +
                        ", which the builds list of its step_tools step leaves out; add it there (" +
                        to_string(builds_at) + ")");
      } else {
        // The job's conditions hold for each of its steps.
        std::vector<std::string> when = conjuncts(j.value->get("if"));
        for (auto& c : conjuncts(step.get("if"))) when.push_back(std::move(c));
        std::vector<std::string> lacking;
        for (const auto& c : builder_when) {
          if (!contains(when, c)) lacking.push_back(c);
        }
        if (!lacking.empty()) {
          const std::string lack = builder_when.size() == 1 ? std::string("that condition")
                                   : (lacking.size() == 1 ? "the condition " : "the conditions ") +
                                         join(lacking, " && ");
          diags.error(tf->key_pos, "tool-step",
                      job + " runs tool " + tool->name + ", which " + step_label(*builder_step) +
                          " builds only if " + join(builder_when, " && ") + "; this step runs without " +
                          lack + ", and then PIPEC_STEPS_BIN is unset and the tool is not there: add " +
                          (lacking.size() == 1 ? "it" : "them") +
                          " to this step's if, or its job's (with && beside any other condition)");
        }
      }
      run.insert(tool);
      const std::vector<std::string> names = argument_names(*tool);
      const Value* args = step.get("args");
      // A misspelt flag is one slip: the one its "did you mean" names is not
      // reported missing as well.
      std::vector<std::string> misspelt;
      if (args) {
        for (const auto& a : args->fields) {
          if (std::find(names.begin(), names.end(), a.key) == names.end()) {
            diags.error(a.key_pos, "tool-step",
                        "tool " + tool->name + " has no flag or env \"" + a.key + "\"" +
                            did_you_mean(a.key, names) +
                            (names.empty() ? "" : "; expected one of " + join(names)));
            misspelt.push_back(nearest(a.key, names));
          }
        }
      }
      // An entry of the step's, job's or workflow's env the tool means to
      // read and cannot: its name is no variable's (BASE-REF), and the tool
      // reads it with _ (BASE_REF), which neither args nor env sets.
      const std::vector<const Value*> envs = {wf.body->get("env"), j.value->get("env"), step.get("env")};
      auto set_here = [&](const std::string& name) {
        if (args && args->get(name)) return true;
        return std::any_of(envs.begin(), envs.end(), [&](const Value* env) {
          return env && env->kind == Value::Kind::Object && env->get(name);
        });
      };
      for (const Value* env : envs) {
        if (!env || env->kind != Value::Kind::Object) continue;
        for (const auto& f : env->fields) {
          const std::string fixed = shell_name_for(f.key);
          if (shell_name(f.key) || set_here(fixed) || misnamed.count(&f)) continue;
          const bool declared = std::any_of(tool->envs.begin(), tool->envs.end(),
                                            [&](const auto& p) { return p.name == fixed; });
          if (declared && misnamed.insert(&f).second)
            diags.error(f.key_pos, "env-name",
                        "\"" + f.key + "\" is not the name tool " + tool->name + " reads: " + job +
                            " runs it, and it reads env " + fixed + ", which this entry does not set; name it " + fixed);
        }
      }
      for (const auto* list : {&tool->flags, &tool->envs}) {
        for (const auto& p : *list) {
          const Field* a = args ? args->field(p.name) : nullptr;
          if (!a) {
            if (p.required && !p.default_value && !github_default_variable(p.name) &&
                !contains(misspelt, p.name))
              diags.error(tf->key_pos, "tool-step",
                          "tool " + tool->name + " needs its required " + p.kind + " " + p.name + " in args { }");
            continue;
          }
          if (p.kind == "env" && github_default_variable(p.name)) {
            // The arg becomes the step's env, where GitHub drops it.
            diags.error(a->key_pos, "default-env",
                        "env " + p.name + " of tool " + tool->name +
                            " is one of GitHub's default variables, which a workflow cannot "
                            "change: GitHub drops the entry and the tool reads its own value; "
                            "leave it out, or give the tool a flag for the value");
            continue;
          }
          const Value& v = *a->value;
          if (v.kind == Value::Kind::Runtime || v.is_runtime_string() || is_error(v)) continue;
          std::string want = p.type == "choice" ? "string" : p.type;
          bool ok = (want == "string" && v.is_string()) || (want == "boolean" && v.kind == Value::Kind::Bool) ||
                    (want == "number" && v.kind == Value::Kind::Number);
          if (!ok) {
            diags.error(v.pos, "type",
                        p.kind + " " + p.name + " of tool " + tool->name + " is " +
                            with_article(p.type) + ", not " + describe(v));
          } else if (p.type == "choice" && std::find(p.options.begin(), p.options.end(), v.text) == p.options.end()) {
            diags.error(v.pos, "type", describe(v) + " is not an option of " + p.kind + " " + p.name + " of tool " +
                                           tool->name + "; expected one of " + join(p.options));
          }
        }
      }
    }
    for (const auto& [tool, at] : builds) {
      if (!run.count(tool))
        diags.error(at->pos, "tool-step",
                    job + " builds tool " + tool->name + " but runs no step with tool = " +
                        tool->name + "; take it out of builds");
    }
  }
}

}  // namespace pipec
