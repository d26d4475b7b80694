#include "check_calls.h"

#include <algorithm>
#include <filesystem>

#include "external_workflows.h"
#include "github_eval.h"

namespace pipec {
namespace {

namespace fs = std::filesystem;

// A value known now (check_types checks those known at run time).
void check_value(const InputDecl& in, const Value& v, const std::string& callee, Diagnostics& diags) {
  std::string want = github_type(in);
  if (want.empty()) return;  // a type GitHub does not take, in a file pipec did not write
  bool runtime = v.kind == Value::Kind::Runtime || v.is_runtime_string();
  if (runtime) return;
  bool ok = (want == "string" && v.kind == Value::Kind::String) ||
            (want == "boolean" && v.kind == Value::Kind::Bool) ||
            (want == "number" && v.kind == Value::Kind::Number);
  if (!ok) {
    diags.error(v.pos, "call-type",
                "input \"" + in.name + "\" of " + callee + " is " + with_article(in.type) +
                    ", not " + describe(v));
    return;
  }
  if (in.type == "choice" && std::find(in.options.begin(), in.options.end(), v.text) == in.options.end()) {
    diags.error(v.pos, "call-choice", "\"" + v.text + "\" is not an option of input \"" + in.name + "\" of " +
                                          callee + "; expected one of " + join(in.options));
  }
}

// How a .pipe default spells what GitHub gives a workflow_call input of
// this type that a caller leaves out and that has no default.
std::string empty_literal(const std::string& github) {
  return github_to_json(github_unset_input(github));
}

}  // namespace

void check_call(const Field& j, const Pos& at, const Callee& c, Diagnostics& diags) {
  const std::string& name = c.name;
  if (!c.callable) {
    diags.error(at, "call", name + " cannot be called: it has no `call` trigger " + c.trigger);
    return;
  }
  std::vector<std::string> names;
  for (const auto& in : c.inputs) {
    if (in.only != "dispatch") names.push_back(in.name);
  }
  // A misspelt input or secret is one slip: the one its "did you mean"
  // names is not reported missing as well.
  std::vector<std::string> misspelt, misspelt_secrets;
  const Value* with = j.value->get("with");
  if (with) {
    for (const auto& f : with->fields) {
      auto in = std::find_if(c.inputs.begin(), c.inputs.end(), [&](const InputDecl& d) {
        return d.name == f.key && d.only != "dispatch";
      });
      if (in == c.inputs.end()) {
        const bool manual_only = std::any_of(c.inputs.begin(), c.inputs.end(), [&](const InputDecl& d) {
          return d.name == f.key && d.only == "dispatch";
        });
        diags.error(f.key_pos, "call-input",
                    manual_only ? name + "'s input \"" + f.key + "\" is for manual runs alone (only = \"dispatch\"), so a "
                                         "call cannot give it; leave out only to take it in calls too"
                                : name + " has no input \"" + f.key + "\"" + did_you_mean(f.key, names) +
                                      (names.empty() ? "" : "; it takes " + join(names)));
        if (!manual_only) misspelt.push_back(nearest(f.key, names));
        continue;
      }
      check_value(*in, *f.value, name, diags);
    }
  }
  // Secrets: GitHub refuses to start a run that passes a secret the callee
  // does not declare, or leaves out one it requires (secrets = "inherit"
  // passes them all).
  const Value* secrets = j.value->get("secrets");
  std::vector<std::string> secret_names;
  for (const auto& sec : c.secrets) secret_names.push_back(sec.name);
  if (secrets && secrets->kind == Value::Kind::Object) {
    for (const auto& f : secrets->fields) {
      if (std::find(secret_names.begin(), secret_names.end(), f.key) != secret_names.end())
        continue;
      diags.error(
          f.key_pos, "call-secret",
          name + " has no secret \"" + f.key + "\"" + did_you_mean(f.key, secret_names) +
              (secret_names.empty() ? "; it declares none" : "; it takes " + join(secret_names)));
      misspelt_secrets.push_back(nearest(f.key, secret_names));
    }
  }
  if (!secrets || secrets->kind == Value::Kind::Object) {
    for (const auto& sec : c.secrets) {
      if (sec.required && (!secrets || !secrets->field(sec.name)) &&
          !contains(misspelt_secrets, sec.name))
        diags.error(at, "call-missing",
                    "job \"" + j.key + "\" does not pass the required secret \"" + sec.name +
                        "\" of " + name + " (secrets { " + sec.name +
                        " }, or secrets = \"inherit\")");
    }
  }
  // An input with no default that a call leaves out is GitHub's empty
  // value in the callee ("", false or 0): a new input its callers were
  // not given yet. A default says that value is meant.
  // A required input's default fills only the manual-run form: GitHub
  // refuses a call that leaves it out.
  for (const auto& in : c.inputs) {
    if (in.only == "dispatch" || (in.default_value && !in.required)) continue;
    if ((with && with->field(in.name)) || contains(misspelt, in.name)) continue;
    // GitHub's empty value is no slip in a workflow pipec does not make.
    if (!in.required && !c.no_default_is_slip) continue;
    if (in.required)
      diags.error(at, "call-missing",
                  "job \"" + j.key + "\" does not give the required input \"" + in.name + "\" of " +
                      name +
                      (in.default_value
                           ? " (its default fills only the manual-run form; a call must give it)"
                           : ""));
    else
      diags.error(at, "call-missing",
                  "job \"" + j.key + "\" does not give input \"" + in.name + "\" of " + name +
                      ", which has no default, so there it is " +
                      (github_type(in) == "string" ? "empty" : empty_literal(github_type(in))) +
                      "; give it in with, or declare its default (= " +
                      empty_literal(github_type(in)) + ") if that is meant");
  }
}

void check_calls(const WorkflowModel& wf, const Program& program, Diagnostics& diags) {
  // The keys of a job that runs steps, which GitHub refuses in one that
  // calls a workflow (there: name, needs, if, permissions, strategy,
  // concurrency, with, secrets).
  static const std::vector<std::string> kStepsOnly = {"steps",     "runs-on",         "environment", "outputs",
                                                      "env",       "defaults",        "timeout-minutes",
                                                      "container", "services",        "continue-on-error"};
  for (const auto& j : jobs_of(*wf.body)) {
    const Value* uses = j.value->get("uses");
    for (const auto& f : j.value->fields) {
      if (!uses && (f.key == "with" || f.key == "secrets"))
        diags.error(f.key_pos, "call", "job \"" + j.key + "\" has " + f.key + " but calls no workflow");
      else if (uses && f.key == "steps")
        diags.error(f.key_pos, "call",
                    "job \"" + j.key + "\" calls a workflow, so it runs no step of its own; a step goes in a job "
                    "with runs-on, or in the workflow it calls");
      else if (uses && contains(kStepsOnly, f.key))
        diags.error(f.key_pos, "call",
                    "job \"" + j.key + "\" calls a workflow, and " + f.key +
                        " is for a job that runs steps; a calling job takes name, needs, if, permissions, strategy, "
                        "concurrency, with and secrets");
    }
    if (!uses) continue;
    const Pos at = j.value->field("uses")->key_pos;  // the instance is shared; point at this job
    if (const WorkflowModel* callee =
            uses->tag == "workflow_ref" ? called_workflow(program, *j.value) : nullptr) {
      Callee c{callee->instance, has_trigger(*callee, "call"),
               "(on { call })",  callee->inputs,
               callee->secrets,  true};
      check_call(j, at, c, diags);
      // The call is written ./.github/workflows/<name>: GitHub finds it in
      // the folder of the caller's own file, and only there.
      const fs::path folder = fs::path(wf.file).parent_path();
      if (fs::path(callee->file).parent_path() != folder)
        diags.error(at, "call-path",
                    "job \"" + j.key + "\" calls " + callee->instance + ", written to " + callee->file +
                        ", but the call (" + local_uses(callee->file) + ") finds a workflow only in its caller's folder (" +
                        (folder.empty() ? std::string(".") : folder.string()) + "): write both into one folder");
    } else if (const ExternalWorkflow* ext = external_callee(program, wf, *j.value)) {
      Callee c{file_name(ext->path), ext->callable, "(on: workflow_call)",
               ext->inputs,          ext->secrets,  false};
      check_call(j, at, c, diags);
    }
  }
}

}  // namespace pipec
