#include "check_boundaries.h"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "artifact_steps.h"
#include "ascii.h"
#include "aws_cli.h"
#include "value.h"

namespace fs = std::filesystem;

namespace pipec {
namespace {

// A boundary, checked: its name, the workflow templates it holds, and the
// values it allows.
struct Boundary {
  std::string name;
  Pos pos;
  std::set<std::string> templates;
  std::vector<std::string> allowed;
  // The stores its runs may write into or index, when it lists them.
  std::optional<std::vector<std::string>> stores;
  // The workflows a run of its templates reaches, each with a path to it
  // from one (ci.yml -> ci_linux.yml), in the order found.
  std::vector<std::pair<const WorkflowModel*, std::string>> reached;
};

// Where a step takes credentials, and what: an input of its action (the
// role-to-assume) or a command of its script (aws sts assume-role
// --role-arn), the value as written, and where it is written.
struct Credential {
  const Value* step;
  std::string input;
  std::string value;
  Pos pos;
};

// The input that takes credentials, by the action's owner/repo in lower
// case: a step that names the action in uses, not through its
// declaration, takes them the same way.
using Assumes = std::map<std::string, std::set<std::string>>;

// The roles a step's script assumes itself with the AWS CLI.
void script_credentials(const Value& step, std::vector<Credential>& out) {
  const Field* run = step.field("run");
  if (!run || (!run->value->is_string() && !run->value->is_runtime_string())) return;
  for (const auto& words : script_commands(text_of(*run->value))) {
    const std::optional<AwsCommand> c = aws_command(words);
    if (!c || c->service() != "sts" ||
        (c->operation() != "assume-role" && c->operation() != "assume-role-with-web-identity"))
      continue;
    out.push_back({&step, "aws sts " + c->operation() + " --role-arn", c->option("--role-arn"),
                   run->key_pos});
  }
}

std::vector<Credential> credentials(const Value& job, const Assumes& assumes) {
  std::vector<Credential> out;
  for (const auto& s : steps_of(job)) {
    script_credentials(*s, out);
    auto it = assumes.find(action_repo(*s));
    const Value* with = s->get("with");
    if (it == assumes.end() || !with || with->kind != Value::Kind::Object) continue;
    // The runner compares input names without case.
    for (const auto& f : with->fields) {
      if (it->second.count(lower(f.key)))
        out.push_back({s.get(), f.key, text_of(*f.value), f.value->pos});
    }
  }
  return out;
}

// The stores the steps of a job write into or index, each with its step
// and what it does: writes into "S" (upload_python_packages).
struct JobStore {
  const Value* step;
  std::string store;
  std::string what;
  Pos pos;
};

std::vector<JobStore> job_stores(const Value& job, const Program& program) {
  std::vector<JobStore> out;
  for (const auto& s : steps_of(job)) {
    for (const StoreUse& u : store_uses(program, *s)) {
      out.push_back({s.get(), u.store,
                     (u.kind == StoreUse::Kind::Writes ? "writes into \"" : "indexes \"") +
                         u.store + "\"" + (u.tool ? " (" + u.by + ")" : ""),
                     u.at});
    }
  }
  return out;
}

// What a step does with the branch's cache: restores from it, saves into
// it, or both (actions/cache, and a setup action asked to cache: setup-go
// caches unless told not to).
struct CacheUse {
  bool restores = false;
  bool saves = false;
};

CacheUse cache_use(const Value& step) {
  const std::string repo = action_repo(step);
  // An action's input, as the runner names inputs: without case.
  const Value* with = step.get("with");
  auto input = [&](const std::string& name) -> std::string {
    if (!with || with->kind != Value::Kind::Object) return "";
    for (const auto& f : with->fields) {
      if (!f.value || lower(f.key) != name) continue;
      const std::optional<std::string> text = input_text(*f.value);  // true, false and numbers too
      return lower(text ? *text : text_of(*f.value));
    }
    return "";
  };
  // lookup-only says whether an entry is there, and restores nothing.
  if (repo == "actions/cache") return {input("lookup-only") != "true", true};
  if (repo == "actions/cache/restore") return {input("lookup-only") != "true", false};
  if (repo == "actions/cache/save") return {false, true};
  static const char* const kSetup[] = {"actions/setup-python", "actions/setup-node", "actions/setup-java",
                                       "actions/setup-go", "actions/setup-dotnet"};
  if (std::find(std::begin(kSetup), std::end(kSetup), repo) == std::end(kSetup)) return {};
  const std::string text = input("cache");
  const bool on = repo == "actions/setup-go" ? text != "false" : !text.empty() && text != "false";
  return {on, on};
}

std::string quoted_list(const std::vector<std::string>& values) {
  std::vector<std::string> q;
  for (const auto& v : values) q.push_back("\"" + v + "\"");
  return q.empty() ? "none" : spoken_list(q, "or");
}

class Boundaries {
 public:
  Boundaries(const Program& program, Diagnostics& diags) : program_(program), diags_(diags) {}

  void run() {
    read_actions();
    for (const auto& b : program_.boundaries) {
      if (std::optional<Boundary> checked = boundary(*b))
        boundaries_.push_back(std::move(*checked));
    }
    for (auto& b : boundaries_) reach(b);
    for (const auto& b : boundaries_) held(b);
    owned();
    for (const auto& b : boundaries_) caches(b);
  }

 private:
  // The input each action takes credentials through (expand.cpp holds
  // `assumes` to one of its inputs).
  void read_actions() {
    for (const auto& a : program_.actions) {
      const Value* assumes = a->get("assumes");
      const Value* uses = a->get("uses");
      if (assumes && assumes->is_string() && uses && uses->is_string())
        assumes_[lower(uses->text.substr(0, uses->text.find('@')))].insert(lower(assumes->text));
    }
  }

  // What a boundary's list field takes.
  static std::string shape(const std::string& key) {
    return key == "workflows"
               ? "workflows lists the workflow templates whose runs the boundary holds: "
                 "workflows = [TEMPLATE, ...]"
           : key == "stores"
               ? "stores lists, as text, the stores the runs the boundary holds may write into or "
                 "index, as tools and steps name them ([] for none): stores = [\"...\"]"
               : "assumes lists, as text, the credentials the runs the boundary holds may take, "
                 "values of the input an action's assumes names ([] for none): assumes = [\"...\"]";
  }

  // A boundary's list field, or null once it has said what is wrong.
  const Value* list_of(const Value& b, const std::string& name, const std::string& key,
                       bool empty_ok) {
    const Field* f = b.field(key);
    if (!f) {
      diags_.error(b.pos, "missing", "boundary \"" + name + "\" has no " + key + ": " + shape(key));
      return nullptr;
    }
    if (f->value->kind != Value::Kind::List || (!empty_ok && f->value->items.empty())) {
      diags_.error(f->value->pos, "type", shape(key) + ", not " + describe(*f->value));
      return nullptr;
    }
    return f->value.get();
  }

  std::optional<Boundary> boundary(const Value& b) {
    Boundary out;
    out.name = b.get("name")->text;
    out.pos = b.pos;
    bool ok = true;
    for (const auto& f : b.fields) {
      if (f.key != "name" && f.key != "workflows" && f.key != "assumes" && f.key != "stores") {
        diags_.error(f.key_pos, "unknown-key",
                     unexpected_key(f.key, {"workflows", "assumes", "stores"},
                                    "boundary \"" + out.name + "\""));
        ok = false;
      }
    }
    const Value* workflows = list_of(b, out.name, "workflows", false);
    const Value* assumes = list_of(b, out.name, "assumes", true);
    const Value* stores = b.field("stores") ? list_of(b, out.name, "stores", true) : nullptr;
    if (!workflows || !assumes || (b.field("stores") && !stores)) return std::nullopt;
    if (stores) {
      out.stores.emplace();
      for (const auto& v : stores->items) {
        if (!v->is_string() || !v->parts.empty() || v->text.empty()) {
          diags_.error(v->pos, "type", shape("stores") + ", not " + describe(*v));
          ok = false;
        } else {
          out.stores->push_back(v->text);
        }
      }
    }
    for (const auto& w : workflows->items) {
      if (w->kind != Value::Kind::Template || !w->tmpl || w->tmpl->kind != "workflow") {
        // A name's value has the place it was declared: the list is here.
        const std::string what = w->kind == Value::Kind::Template && w->tmpl
                                     ? w->tmpl->kind + " template " + w->tmpl->name
                                     : describe(*w);
        diags_.error(workflows->pos, "type", shape("workflows") + ", not " + what);
        ok = false;
      } else {
        out.templates.insert(w->tmpl->name);
      }
    }
    for (const auto& v : assumes->items) {
      if ((!v->is_string() && !v->is_runtime_string()) || text_of(*v).empty()) {
        diags_.error(v->pos, "type", shape("assumes") + ", not " + describe(*v));
        ok = false;
      } else {
        out.allowed.push_back(text_of(*v));
      }
    }
    if (!ok) return std::nullopt;
    return out;
  }

  // The workflows runs of the boundary's templates reach.
  void reach(Boundary& b) {
    std::set<const WorkflowModel*> seen;
    for (const auto& w : program_.workflows) {
      if (b.templates.count(w->template_name) && seen.insert(w.get()).second)
        b.reached.push_back({w.get(), file_name(w->file)});
    }
    for (size_t i = 0; i < b.reached.size(); ++i) {
      const auto [wf, path] = b.reached[i];
      for (const auto& j : jobs_of(*wf->body)) {
        const WorkflowModel* callee = called_workflow(program_, *j.value);
        if (callee && seen.insert(callee).second)
          b.reached.push_back({callee, path + " -> " + file_name(callee->file)});
      }
    }
  }

  // Every credential a run of the boundary reaches is one it allows, and
  // so is every store, when it lists them.
  void held(const Boundary& b) {
    for (const auto& [wf, path] : b.reached) {
      for (const auto& j : jobs_of(*wf->body)) {
        if (b.stores) {
          for (const JobStore& u : job_stores(*j.value, program_)) {
            if (std::count(b.stores->begin(), b.stores->end(), u.store)) continue;
            const std::string file = file_name(wf->file);
            if (!reported_.insert(to_string(u.pos) + "|" + u.store + "|" + file + "|" + b.name)
                     .second)
              continue;
            const auto from = step_uses(diags_, *u.step, file);
            diags_.error(u.pos, "boundary",
                         step_named(*u.step) + " in job \"" + j.key + "\" in " + file + " " +
                             u.what + " in runs of " + path.substr(0, path.find(' ')) +
                             (path == file ? "" : " (" + path + ")") + ", and boundary \"" +
                             b.name + "\" (" + to_string(b.pos) +
                             ") holds those runs to the stores " + quoted_list(*b.stores) +
                             ": use a store it allows, or keep the step out of the runs it holds");
          }
        }
        for (const Credential& c : credentials(*j.value, assumes_)) {
          const std::string& value = c.value;
          if (std::count(b.allowed.begin(), b.allowed.end(), value)) continue;
          const std::string file = file_name(wf->file);
          if (!reported_.insert(to_string(c.pos) + "|" + value + "|" + file + "|" + b.name).second)
            continue;
          const auto from = step_uses(diags_, *c.step, file);
          diags_.error(
              c.pos, "boundary",
              step_named(*c.step) + " in job \"" + j.key + "\" in " + file + " takes \"" + value +
                  "\" (" + c.input + ") in runs of " + path.substr(0, path.find(' ')) +
                  (path == file ? "" : " (" + path + ")") + ", and boundary \"" + b.name + "\" (" +
                  to_string(b.pos) + ") holds those runs to " + quoted_list(b.allowed) +
                  ": pass a value it allows, or keep the step out of the runs it holds");
        }
      }
    }
  }

  // A credential a boundary allows, in a workflow no boundary holds: only
  // runs of the boundaries that allow it may take it. (Where a boundary
  // holds the workflow, `held` says what it allows.)
  void owned() {
    std::map<std::string, std::vector<const Boundary*>> owners, store_owners;
    std::set<const WorkflowModel*> held;
    for (const auto& b : boundaries_) {
      for (const auto& v : b.allowed) owners[v].push_back(&b);
      if (b.stores) {
        for (const auto& v : *b.stores) store_owners[v].push_back(&b);
      }
      for (const auto& r : b.reached) held.insert(r.first);
    }
    auto names = [](const std::vector<const Boundary*>& bs) {
      std::vector<std::string> out;
      for (const Boundary* b : bs) out.push_back("\"" + b->name + "\"");
      return spoken_list(out, "or");
    };
    for (const auto& wf : program_.workflows) {
      if (held.count(wf.get())) continue;
      const std::string file = file_name(wf->file);
      for (const auto& j : jobs_of(*wf->body)) {
        for (const JobStore& u : job_stores(*j.value, program_)) {
          auto it = store_owners.find(u.store);
          if (it == store_owners.end()) continue;
          if (!reported_.insert(to_string(u.pos) + "|" + u.store + "|" + file).second) continue;
          const auto from = step_uses(diags_, *u.step, file);
          diags_.error(u.pos, "boundary",
                       step_named(*u.step) + " in job \"" + j.key + "\" in " + file + " " + u.what +
                           ", which only the runs boundary " + names(it->second) +
                           " holds may write into or index, and none of them reaches " + file +
                           ": list its workflow template in the boundary's workflows, or use "
                           "another store");
        }
        for (const Credential& c : credentials(*j.value, assumes_)) {
          const std::string& value = c.value;
          auto it = owners.find(value);
          if (it == owners.end()) continue;
          if (!reported_.insert(to_string(c.pos) + "|" + value + "|" + file).second) continue;
          const auto from = step_uses(diags_, *c.step, file);
          diags_.error(c.pos, "boundary",
                       step_named(*c.step) + " in job \"" + j.key + "\" in " + file + " takes \"" +
                           value + "\" (" + c.input + "), which only the runs boundary " +
                           names(it->second) + " holds may take, and none of them reaches " + file +
                           ": list its workflow template in the boundary's workflows, or "
                           "pass another value");
        }
      }
    }
  }

  // A branch's caches are shared by all its runs in the repository (the
  // folder the workflow files are in), and code a run builds can save one
  // under any key: a cache restored in runs the boundary holds, while runs
  // it does not hold save caches there, brings what those runs made into
  // its runs. Runs it does not hold are those of a workflow it does not
  // reach, and of one it reaches that a workflow it does not reach calls
  // (or another boundary's runs reach). A workflow it reaches, started on
  // its own (a manual run of a build its runs call), runs as in its runs.
  void caches(const Boundary& b) {
    std::set<const WorkflowModel*> inside;
    for (const auto& r : b.reached) inside.insert(r.first);
    // The workflows reached from those b does not reach that start runs
    // themselves, each with what runs it ("" for those roots).
    std::map<const WorkflowModel*, std::string> outside;
    std::vector<const WorkflowModel*> todo;
    for (const auto& wf : program_.workflows) {
      if (!inside.count(wf.get()) && starts_runs(*wf) && outside.emplace(wf.get(), "").second) todo.push_back(wf.get());
    }
    while (!todo.empty()) {
      const WorkflowModel* wf = todo.back();
      todo.pop_back();
      for (const auto& j : jobs_of(*wf->body)) {
        const WorkflowModel* callee = called_workflow(program_, *j.value);
        if (callee && outside.emplace(callee, "in runs of " + file_name(wf->file) + " too").second) todo.push_back(callee);
      }
    }
    for (const auto& other : boundaries_) {
      if (&other == &b) continue;
      for (const auto& r : other.reached) outside[r.first] = "in runs boundary \"" + other.name + "\" holds too";
    }
    // Those b reaches too: a save there is named with what else runs it.
    std::map<const WorkflowModel*, std::string> shared;
    for (const auto& [wf, by] : outside) {
      if (inside.erase(wf)) shared.emplace(wf, by);
    }
    auto folder = [](const WorkflowModel& wf) { return fs::path(wf.file).parent_path().generic_string(); };
    // The first step outside that saves a cache, by folder.
    std::map<std::string, std::string> saver;
    for (const auto& wf : program_.workflows) {
      if (inside.count(wf.get()) || saver.count(folder(*wf))) continue;
      for (const auto& j : jobs_of(*wf->body)) {
        for (const auto& s : steps_of(*j.value)) {
          if (!cache_use(*s).saves || saver.count(folder(*wf))) continue;
          auto also = shared.find(wf.get());
          saver[folder(*wf)] = step_named(*s) + " in job \"" + j.key + "\" in " + file_name(wf->file) +
                               (also == shared.end() ? "" : ", " + also->second);
        }
      }
    }
    for (const auto& [wf, path] : b.reached) {
      auto it = saver.find(folder(*wf));
      if (it == saver.end()) continue;
      const std::string file = file_name(wf->file);
      for (const auto& j : jobs_of(*wf->body)) {
        for (const auto& s : steps_of(*j.value)) {
          if (!cache_use(*s).restores) continue;
          const Field* uses = s->field("uses");
          const Pos pos = uses ? uses->key_pos : s->pos;
          if (!reported_.insert(to_string(pos) + "|cache|" + file + "|" + b.name).second) continue;
          const auto from = step_uses(diags_, *s, file);
          diags_.error(pos, "boundary",
                       step_named(*s) + " in job \"" + j.key + "\" in " + file + " restores a cache in runs of " +
                           path.substr(0, path.find(' ')) + (path == file ? "" : " (" + path + ")") +
                           ", which boundary \"" + b.name + "\" (" + to_string(b.pos) +
                           ") holds, while runs it does not hold save caches in this repository (" + it->second +
                           "): a branch's caches are shared by its runs, and code in any run can save one under "
                           "any key; build what the cache would hold instead");
        }
      }
    }
  }

  const Program& program_;
  Diagnostics& diags_;
  std::vector<Boundary> boundaries_;
  Assumes assumes_;
  std::set<std::string> reported_;
};

}  // namespace

void check_boundaries(const Program& program, Diagnostics& diags) {
  Boundaries(program, diags).run();
}

}  // namespace pipec
