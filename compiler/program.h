// What the expander makes of the .pipe sources: templates, declared data,
// step tools, and the workflow instances to emit. Later passes (checks,
// lowering) read and refine this model; none of them sees the AST's syntax.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ascii.h"
#include "ast.h"
#include "render_expr.h"
#include "value.h"

namespace pipec {

class Scope;

struct Template {
  std::string kind;  // steps, job, workflow
  std::string name;
  Pos pos;
  std::vector<Param> params;
  const Body* body = nullptr;
  std::shared_ptr<const Scope> scope;  // the scope of the file that declared it
};

struct InputDecl {
  std::string name;
  Pos pos;
  std::string type;                  // string, boolean, number, choice, environment
  std::vector<std::string> options;  // choice
  bool required = false;
  ValuePtr default_value;            // may be null
  std::string description;
  std::string only;                  // "", "call" or "dispatch"
  std::string default_for;           // "", "call" or "dispatch": the one trigger whose list has the default
  Pos default_for_pos;               // where default_for is written
};

// An input's default in the list of a call (call) or of the dispatch form:
// null where default_for gives it to the other trigger alone. (A required
// input's default, which a call never uses, is the callers' to weigh.)
inline const Value* default_in(const InputDecl& in, bool call) {
  if (!in.default_for.empty() && in.default_for != (call ? "call" : "dispatch")) return nullptr;
  return in.default_value.get();
}

struct SecretDecl {
  std::string name;
  Pos pos;
  bool required = false;
  std::string description;
};

struct WorkflowModel {
  std::string file;      // output path, relative to the repository root
  std::string source;    // the .pipe file whose `use` made it
  std::string instance;  // e.g. ci_os(platform = "linux"), for reports
  std::string template_name;
  std::string template_file;  // the .pipe file that declares the template
  std::vector<std::pair<std::string, ValuePtr>> args;
  Pos pos;               // the `use` that made it
  Pos file_pos;          // its `file =`
  ValuePtr body;         // Object: name, run-name, on, permissions, ..., jobs
  std::vector<InputDecl> inputs;
  std::vector<SecretDecl> secrets;
  // The jobs and inputs a `when` that is false in this instance leaves out:
  // name -> the when, so that a reference to one can say why it names none.
  std::map<std::string, Pos> jobs_left_out, inputs_left_out;
  ValuePtr lowered;      // the YAML tree, once lowered
};

struct Table {
  std::string name;
  Pos pos;
  std::string source;
  std::vector<Param> columns;
  ValuePtr rows;  // List of Objects with every column set
};

// A step executable declared with `tool NAME { ... }`: its flags, the
// environment it reads, the outputs it writes. pipec emits both the workflow
// step that calls it and its C++ interface from this one declaration.
struct ToolParam {
  std::string kind;  // flag, env, output
  std::string name;  // flag: python_version (--python-version); env: GITHUB_REF_NAME
  Pos pos;
  std::string type;  // string, boolean, number, choice
  std::vector<std::string> options;  // choice
  bool required = false;
  bool positional = false;  // flag given by position, not --name
  bool exported = false;    // env: a step before the tool's sets it (a login), not args
  ValuePtr default_value;   // may be null
  std::string help;
  std::string to;  // output: "output" (GITHUB_OUTPUT) or "env" (GITHUB_ENV)
  // output: the store the tool writes whose folder the value finds (its
  // index's URL, say), so that a step that uses the value reads the
  // store (check_index_order); "" when none.
  std::string locates;
  Pos locates_pos;
};

struct ToolDecl {
  std::string name;
  Pos pos;
  std::string source;  // the .pipe file
  std::string description;
  std::string logic;   // the folder under pipelines/steps/ with its hand-written logic
  bool summary = false;  // appends to the job summary
  std::vector<std::string> data;  // tables compiled into the executable
  std::vector<ToolParam> flags, envs, outputs;
  // A store the tool writes into (writes { store = "..." key = [...] }),
  // or whose index it writes from all that is there (indexes { ... }):
  // check_index_order. store names it; key, the flags that say which one.
  struct Store {
    std::string name;
    std::vector<std::string> key;
    Pos pos;
    // A boolean flag that, passed true, keeps the tool from it (an upload
    // that leaves the index to another job); "" when none.
    std::string unless;
    Pos unless_pos;
  };
  std::optional<Store> writes, indexes;
};

// A workflow file's name without its folder (ci_linux.yml), as reports and
// messages name it.
inline std::string file_name(const std::string& path) { return std::filesystem::path(path).filename().string(); }

// Whether `name` names the workflow at `path`: the path, or a tail of it
// that starts after a / (ci.yml, workflows/ci.yml).
inline bool names_path(const std::string& path, const std::string& name) {
  return path == name || (path.size() > name.size() && path.compare(path.size() - name.size(), name.size(), name) == 0 &&
                          path[path.size() - name.size() - 1] == '/');
}

// While the result is alive, reports are of a step that uses of steps and
// job templates wrote into the workflow file `path`, and name those uses
// (Diagnostics::Context); nothing for a step the workflow itself writes.
inline std::optional<Diagnostics::Context> step_uses(Diagnostics& diags, const Value& step, const std::string& path) {
  if (!step.via) return std::nullopt;
  return std::optional<Diagnostics::Context>(std::in_place, diags, *step.via, file_name(path));
}

// Whether a name ends in .yml or .yaml after something, as a workflow
// file's does.
inline bool yaml_file_name(const std::string& name) {
  auto ends = [&](const std::string& ext) {
    return name.size() > ext.size() && name.compare(name.size() - ext.size(), ext.size(), ext) == 0;
  };
  return ends(".yml") || ends(".yaml");
}

// A workflow's `name`, as written; "" when it has none.
inline std::string declared_name(const WorkflowModel& wf) {
  const Value* name = wf.body->get("name");
  return name && name->is_string() && !name->is_blank() ? name->text : "";
}

// The name GitHub knows a workflow by, as workflow_run matches it: its
// `name`, or, without one, the path of its file from the repository root.
inline std::string github_name(const WorkflowModel& wf) {
  const std::string name = declared_name(wf);
  return name.empty() ? ".github/workflows/" + file_name(wf.file) : name;
}

// How a job calls a workflow pipec generates: GitHub finds reusable
// workflows in .github/workflows/ of the repository.
inline std::string local_uses(const std::string& file) { return "./.github/workflows/" + file_name(file); }

// GitHub's type of an input: choice and environment inputs are strings to it.
inline std::string github_type(const InputDecl& in) {
  return in.type == "choice" || in.type == "environment" ? "string" : in.type;
}

// The key GitHub names a trigger written `key` by: `call` and `dispatch`
// are workflow_call and workflow_dispatch; any other is its own.
inline std::string github_trigger(const std::string& key) {
  return key == "call" || key == "dispatch" ? "workflow_" + key : key;
}

// Whether the trigger written `key` is `name`, "dispatch" or "call", under
// its .pipe name or GitHub's (workflow_dispatch, workflow_call).
inline bool is_trigger(const std::string& key, const std::string& name) {
  return key == name || key == "workflow_" + name;
}

// A workflow that an event other than workflow_call starts.
inline bool starts_runs(const WorkflowModel& wf) {
  const Value* on = wf.body->get("on");
  if (!on) return false;
  for (const auto& f : on->fields) {
    if (!is_trigger(f.key, "call")) return true;
  }
  return false;
}

// Whether a workflow has the trigger `name`, under either name.
inline bool has_trigger(const WorkflowModel& wf, const std::string& name) {
  const Value* on = wf.body->get("on");
  return on && (on->get(name) || on->get("workflow_" + name));
}

// Whether `if = false` leaves a job or step out of what pipec writes.
inline bool left_out(const Value& job_or_step) {
  const Value* c = job_or_step.get("if");
  return c && c->kind == Value::Kind::Bool && !c->boolean;
}

// The triggers of a workflow whose runs have no value of an input declared
// for `only` ("" for both, "call" or "dispatch"): GitHub gives a run only
// the inputs of the dispatch form or the caller that started it. Written
// as "push, schedule and call"; "" when there is none.
inline std::string runs_without(const WorkflowModel& wf, const std::string& only) {
  const Value* on = wf.body->get("on");
  std::vector<std::string> runs;
  for (const auto& t : on && on->kind == Value::Kind::Object ? on->fields : std::vector<Field>{}) {
    const bool dispatch = t.key == "dispatch" || t.key == "workflow_dispatch";
    const bool call = t.key == "call" || t.key == "workflow_call";
    if ((dispatch && only != "call") || (call && only != "dispatch")) continue;
    runs.push_back(t.key);
  }
  return spoken_list(runs);
}

// A choice input without a default that a dispatch form shows: the form
// starts it at its first option, which runs without inputs do not have.
inline bool starts_at_first_option(const WorkflowModel& wf, const InputDecl& in) {
  return in.type == "choice" && !in.default_value && in.only != "call" && !in.options.empty() &&
         has_trigger(wf, "dispatch");
}

// That first option, as the default it stands for; null for any other input.
inline ValuePtr first_option_default(const WorkflowModel& wf, const InputDecl& in) {
  return starts_at_first_option(wf, in) ? make_string(in.options[0], in.pos) : nullptr;
}

// Whether a run without inputs (a push's, say: GitHub gives inputs only to
// runs started from the dispatch form or by a caller) reads an input
// differently from its default. It reads null, which is falsy and equal to
// false, 0 and '' (GitHub compares it as 0 or ''), so only another default
// is lost; and none is for a required input only calls have, whose default
// GitHub never uses.
inline bool default_is_lost(const InputDecl& in) {
  const Value* d = in.default_value.get();
  if (!d || d->kind == Value::Kind::Null || (in.required && in.only == "call")) return false;
  if (d->kind == Value::Kind::Bool) return d->boolean;
  if (d->kind == Value::Kind::Number) return std::strtod(d->text.c_str(), nullptr) != 0;
  return !(d->is_string() && d->text.empty());
}

// What a hand-written workflow or action of the repository may read of the
// inputs of the manual run it is part of (github.event.inputs: a called
// run's event is its caller's), from its text.
struct EventInputReads {
  // X of github.event.inputs.X, in lower case; "*" for any (the whole
  // event, GITHUB_EVENT_PATH).
  std::set<std::string> inputs;
  // The workflows (NAME.yml) and actions (their folders) of the repository
  // it runs, by path from pipec's root, whose reads are theirs to say.
  std::vector<std::string> runs;
};

// A workflow of the repository that pipec does not make, which a job
// calls by path (uses = "./.github/workflows/NAME.yml"), as its file
// beside the generated ones declares it (external_workflows.h).
struct ExternalWorkflow {
  std::string path;       // from the repository root
  bool callable = false;  // it has on: workflow_call
  std::vector<InputDecl> inputs;
  std::vector<SecretDecl> secrets;
  std::vector<std::string> outputs;
  // It declares a secret, reads one (secrets. outside a comment line) or
  // hands secrets on: what secrets = "inherit" gives it may be used.
  bool uses_secrets = false;
  EventInputReads event_inputs;
};

struct Program {
  std::vector<std::shared_ptr<WorkflowModel>> workflows;
  // The same by instance name (`ci_os(platform = "linux")`), for the jobs
  // that call them: a table can make thousands.
  std::map<std::string, const WorkflowModel*> by_instance;
  std::vector<Table> tables;
  std::vector<ValuePtr> tools;     // Objects tagged "tool"
  std::vector<ValuePtr> actions;   // Objects tagged "action"
  std::vector<ToolDecl> tool_decls;  // the same, read (tool_decls)
  std::vector<ValuePtr> profiles;  // Objects tagged "profile"
  std::vector<ValuePtr> boundaries;          // Objects tagged "boundary" (check_boundaries)
  std::map<std::string, Pos> runner_labels;  // declared self-hosted labels
  std::map<std::string, std::shared_ptr<const Template>> templates;
  std::map<std::string, ExternalWorkflow> external_workflows;  // by path
  // The actions of the repository those and the generated workflows run
  // (uses = "./PATH"), by folder, where pipec could read their action.yml.
  std::map<std::string, EventInputReads> local_actions;
};

// The jobs of a workflow's body, in order; none when it has no jobs.
inline const std::vector<Field>& jobs_of(const Value& workflow) {
  static const std::vector<Field> none;
  const Value* jobs = workflow.get("jobs");
  return jobs && jobs->kind == Value::Kind::Object ? jobs->fields : none;
}

// The group a workflow or job asks for (concurrency = "...", or its
// group): text or an expression; null when there is none.
inline const Value* concurrency_group(const Value& body) {
  const Value* c = body.get("concurrency");
  if (c && c->kind == Value::Kind::Object) c = c->get("group");
  return c && (c->kind == Value::Kind::String || c->kind == Value::Kind::Runtime) ? c : nullptr;
}

// The steps of a job, in order; none for a job that calls a workflow.
inline const std::vector<ValuePtr>& steps_of(const Value& job) {
  static const std::vector<ValuePtr> none;
  const Value* steps = job.get("steps");
  return steps && steps->kind == Value::Kind::List ? steps->items : none;
}

// Calls f on each step of a workflow that runs a script (run = text or
// text with ${{ }}), with its job (id and body) and the script.
inline void each_run_step(const WorkflowModel& wf,
                          const std::function<void(const Field& job, const Value& step, const Value& run)>& f) {
  for (const auto& j : jobs_of(*wf.body)) {
    for (const auto& s : steps_of(*j.value)) {
      if (const Value* run = s->get("run"); run && run->kind == Value::Kind::String) f(j, *s, *run);
    }
  }
}

// Calls f on each env block of a workflow (its own, each job's, its
// container's and services', each step's; null where there is none), with
// how reports name its owner.
inline void each_env(const WorkflowModel& wf, const std::function<void(const Value*, const std::string&)>& f) {
  const std::string file = std::filesystem::path(wf.file).filename().string();
  f(wf.body->get("env"), file + "'s env");
  for (const auto& j : jobs_of(*wf.body)) {
    const std::string job = "job \"" + j.key + "\" in " + file;
    f(j.value->get("env"), job);
    if (const Value* c = j.value->get("container"); c && c->kind == Value::Kind::Object && c->tag.empty())
      f(c->get("env"), "the container of " + job);
    if (const Value* services = j.value->get("services"); services && services->kind == Value::Kind::Object) {
      for (const auto& sv : services->fields) {
        if (sv.value->kind == Value::Kind::Object && sv.value->tag.empty())
          f(sv.value->get("env"), "service \"" + sv.key + "\" of " + job);
      }
    }
    for (const auto& s : steps_of(*j.value)) f(s->get("env"), "a step of " + job);
  }
}

// An env entry a step's script sees, and what a check found in its value.
struct EnvRead {
  const Field* field;
  std::string read;
};

// The env entries a step sees (its workflow's, its job's, its own; a later
// entry of a name replaces an earlier one, names compared without case when
// any_case, as cmd reads them) whose value holds an expression `read`
// finds something in: the first thing found, over the top expressions.
inline std::vector<EnvRead> env_reads(const Value& workflow_body, const Value& job, const Value& step,
                                      const std::function<std::string(const Expr&)>& read, bool any_case = false) {
  std::vector<std::pair<std::string, EnvRead>> seen;  // name as compared, entry
  for (const Value* holder : {&workflow_body, &job, &step}) {
    const Value* env = holder->get("env");
    if (!env || env->kind != Value::Kind::Object) continue;
    for (const auto& f : env->fields) {
      const std::string name = any_case ? upper(f.key) : f.key;
      std::erase_if(seen, [&](const auto& entry) { return entry.first == name; });
      std::string found;
      each_top_expr(*f.value, [&](const Expr& e) {
        if (found.empty()) found = read(e);
      });
      if (!found.empty()) seen.push_back({name, {&f, found}});
    }
  }
  std::vector<EnvRead> out;
  for (auto& [name, entry] : seen) out.push_back(entry);
  return out;
}

// How reports name a step: step "NAME", its ${{ }} as written, or "a
// step" when it has no name written as text.
inline std::string step_named(const Value& step) {
  const Value* name = step.get("name");
  if (!name || name->kind != Value::Kind::String) return "a step";
  if (name->parts.empty()) return "step \"" + name->text + "\"";
  std::string text;
  for (const auto& p : name->parts) text += p.expr ? "${{ " + render_expr(*p.expr) + " }}" : p.text;
  return "step \"" + text + "\"";
}

// How reports point at a step: step "NAME" (file:line:col), as step_named
// names it, by its id when it has no name, or the step at file:line:col.
inline std::string step_label(const Value& step) {
  if (const std::string named = step_named(step); named != "a step")
    return named + " (" + to_string(step.pos) + ")";
  const Value* id = step.get("id");
  return id && id->is_string() ? "step \"" + id->text + "\" (" + to_string(step.pos) + ")"
                               : "the step at " + to_string(step.pos);
}

// The name of the store a step declares it writes into (kind "writes") or
// indexes ("indexes"): writes { store = "..." key { ... } }; null when it
// declares none, or not as text (check_store_steps says so).
inline const Value* declared_store(const Value& step, const char* kind) {
  const Value* d = step.get(kind);
  const Value* store = d && d->kind == Value::Kind::Object ? d->get("store") : nullptr;
  return store && store->is_string() && store->parts.empty() ? store : nullptr;
}

// Whether a job that calls a workflow hands it every secret
// (secrets = "inherit").
inline bool inherits(const Value& job) {
  const Value* s = job.get("secrets");
  return s && s->is_string() && s->text == "inherit";
}

// The workflow a job calls (uses = TEMPLATE(...)); null for a job that runs
// steps or calls a workflow outside these pipelines.
inline const WorkflowModel* called_workflow(const Program& program, const Value& job) {
  const Value* uses = job.get("uses");
  if (!uses || uses->tag != "workflow_ref") return nullptr;
  auto it = program.by_instance.find(uses->get("instance")->text);
  return it == program.by_instance.end() ? nullptr : it->second;
}

// The texts reports name the instances of templates with parameters by
// (`ci_os(platform = "linux")`, and the files they write), each with its
// template's name: Diagnostics::sorted merges the reports a slip in one
// such template makes in every instance.
inline std::map<std::string, std::string> instance_names(const Program& program) {
  std::map<std::string, std::string> out;
  for (const auto& wf : program.workflows) {
    if (wf->args.empty()) continue;
    for (const std::string& text : {wf->instance, wf->file, file_name(wf->file)})
      out[text] = wf->template_name;
  }
  return out;
}

// The action a step uses, as owner/repo in lower case (GitHub's names are
// case-insensitive), whether declared with `action` or named in uses; ""
// for a step that uses none.
inline std::string action_repo(const Value& step) {
  const Value* uses = step.get("uses");
  if (uses && uses->tag == "action") uses = uses->get("uses");
  if (!uses || !uses->is_string()) return "";
  return lower(uses->text.substr(0, uses->text.find('@')));
}

// An action input's text as the action reads it (getInput trims it), when
// written out: text without ${{ }}, a number or a boolean.
inline std::optional<std::string> input_text(const Value& v) {
  if (v.kind == Value::Kind::Bool || v.kind == Value::Kind::Number) return scalar_text(v);
  if (v.is_string() && v.parts.empty()) return trim_space(v.text);
  return std::nullopt;
}

// The value of an action's boolean input as actions/toolkit's
// getBooleanInput reads it (true, True, TRUE, false, False, FALSE); none
// when it is not one of those here, or not known.
inline std::optional<bool> action_flag(const Value& v) {
  const std::optional<std::string> text = input_text(v);
  if (!text) return std::nullopt;
  if (*text == "true" || *text == "True" || *text == "TRUE") return true;
  if (*text == "false" || *text == "False" || *text == "FALSE") return false;
  return std::nullopt;
}

// The jobs of a workflow that each job needs, directly or through others,
// worked out once per job asked about.
class NeededJobs {
 public:
  explicit NeededJobs(const WorkflowModel& wf) {
    for (const auto& j : jobs_of(*wf.body)) {
      if (const Value* n = j.value->get("needs")) {
        for (const auto& item : n->items) {
          if (item->is_string()) needs_[j.key].push_back(item->text);
        }
      }
    }
  }

  const std::set<std::string>& of(const std::string& job) {
    auto [it, fresh] = seen_.try_emplace(job);
    if (!fresh) return it->second;
    std::vector<std::string> todo{job};
    while (!todo.empty()) {
      const std::string j = todo.back();
      todo.pop_back();
      for (const auto& n : needs_[j]) {
        if (it->second.insert(n).second) todo.push_back(n);
      }
    }
    return it->second;
  }

 private:
  std::map<std::string, std::vector<std::string>> needs_;
  std::map<std::string, std::set<std::string>> seen_;
};

// The steps of a workflow that use the action `repo` (owner/repo, lower
// case), each with its job's key, in order.
inline std::vector<std::pair<std::string, const Value*>> steps_using(const WorkflowModel& wf,
                                                                     const std::string& repo) {
  std::vector<std::pair<std::string, const Value*>> out;
  for (const auto& j : jobs_of(*wf.body)) {
    for (const auto& s : steps_of(*j.value)) {
      if (action_repo(*s) == repo) out.push_back({j.key, s.get()});
    }
  }
  return out;
}

// The version a step's action declares (version = "v4.4.3"); "" for none.
inline std::string action_version(const Value& step) {
  const Value* uses = step.get("uses");
  const Value* version = uses && uses->tag == "action" ? uses->get("version") : nullptr;
  return version && version->is_string() ? version->text : "";
}

// Whether the version a step's action declares (version = "v4.4.3") is
// `major`.`minor` or later; false when it declares none, or a bare major
// that does not say (v4 for 4.4).
inline bool action_at_least(const Value& step, long major, long minor) {
  const std::string version = action_version(step);
  const char* p = version.c_str();
  if (*p == 'v' || *p == 'V') ++p;
  char* end = nullptr;
  const long have_major = std::strtol(p, &end, 10);
  if (end == p) return false;
  if (have_major != major) return have_major > major;
  if (minor == 0) return true;
  if (*end != '.') return false;
  p = end + 1;
  const long have_minor = std::strtol(p, &end, 10);
  return end != p && have_minor >= minor;
}

// Whether a step's action declares a version, and it is before `major`.
inline bool action_before(const Value& step, long major) {
  return action_at_least(step, 0, 0) && !action_at_least(step, major, 0);
}

// Whether an upload-artifact step may upload its file as is, named by the
// file and not by its `name`: v7 or later, with an archive input that is
// not true (false, or not known here).
inline bool may_upload_as_is(const Value& step) {
  const Value* with = step.get("with");
  const Value* archive = with ? with->get("archive") : nullptr;
  return archive && action_at_least(step, 7, 0) && action_flag(*archive) != true;
}

// Whether the text after an upload path's last "/" or "\\" names one file,
// which then names an artifact uploaded as is: no pattern, and a "." past
// its first character (without one it may be a folder, and the one file
// in it names the artifact; @actions/artifact takes path.basename of it).
inline bool names_one_file(const std::string& file) {
  return file.find_first_of("*?[") == std::string::npos && file.find('.', 1) != std::string::npos;
}

}  // namespace pipec
