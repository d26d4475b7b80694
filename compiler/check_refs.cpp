// References: every runtime expression in a workflow is checked against
// what exists where it is used (inputs, needs.<job>.outputs, steps.<id>.outputs,
// matrix fields, env, GitHub's contexts). A job reads the needs of the jobs
// it lists in needs, or that infer_needs listed for it; cycles and matrix
// outputs that GitHub would collapse to one leg are errors.
#include "check_refs.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "ascii.h"
#include "event_fields.h"
#include "expr_chain.h"
#include "external_workflows.h"
#include "matrix_legs.h"
#include "tool_lookup.h"

namespace pipec {
namespace {

struct JobInfo {
  std::string id;
  Pos pos;
  const Value* job;
  std::vector<std::string> outputs;
  bool outputs_known = false;
  bool has_matrix = false;
  std::vector<std::string> needs;
};

// The first n segments of a chain, as a.b.c; a value there has no fields,
// so reading segment n is an error.
void no_field(const Chain& c, size_t n, Diagnostics& diags) {
  std::string prefix = c[0].first;
  for (size_t i = 1; i < n; ++i) prefix += "." + c[i].first;
  diags.error(c[n].second, "unknown-field", prefix + " is a value, not an object: it has no field \"" + c[n].first + "\"");
}

// Whether every value the matrix gives key (its axis, and include entries)
// is text, a number or a boolean: matrix.KEY.x reads nothing.
bool only_values(const Value& matrix, const std::string& key) {
  const std::string t = matrix_key_type(matrix, key);
  return t == "string" || t == "number" || t == "boolean";
}

std::string left_out_job(const std::string& id, const std::string& read) {
  return "job \"" + id + "\" is left out of the workflow (if = false), so " + read +
         " has nothing to read";
}

// The ids of the steps `if = false` leaves out of a job.
std::vector<std::string> left_out_steps(const Value& job) {
  std::vector<std::string> ids;
  if (const Value* steps = job.get("steps")) {
    for (const auto& s : steps->items) {
      if (const Value* id = s->get("id"); id && left_out(*s)) ids.push_back(id->text);
    }
  }
  return ids;
}

// The ids among `ids` of steps a job keeps (not left out with if = false).
std::vector<std::string> ids_kept(const std::vector<std::string>& ids, const Value& job) {
  const std::vector<std::string> out_ids = left_out_steps(job);
  std::vector<std::string> kept;
  for (const auto& id : ids) {
    if (std::find(out_ids.begin(), out_ids.end(), id) == out_ids.end()) kept.push_back(id);
  }
  return kept;
}

std::vector<std::string> keys_of(const Value* v) {
  std::vector<std::string> out;
  if (v && v->kind == Value::Kind::Object) {
    for (const auto& f : v->fields) out.push_back(f.key);
  }
  return out;
}

// "profile NAME's FIELD" for the profile field written on pos's line, if
// any: a read there comes from the profile, wherever it is used, so
// another input's name is no answer.
std::string profile_field_at(const Program& program, const Pos& pos) {
  // The field whose key is the last before pos on its line.
  std::string found;
  int found_col = 0;
  for (const auto& profile : program.profiles) {
    const Value* name = profile->get("name");
    for (const auto& f : profile->fields) {
      if (f.key == "name" || !name || f.key_pos.file != pos.file || f.key_pos.line != pos.line) continue;
      if (f.key_pos.col <= pos.col && f.key_pos.col > found_col) {
        found = "profile " + name->text + "'s " + f.key;
        found_col = f.key_pos.col;
      }
    }
  }
  return found;
}

// Where a trigger's block holds inputs written YAML's way (on { dispatch {
// inputs { ... } } }), which declare nothing: what to write instead.
std::string yaml_inputs_note(const Value& body) {
  const Value* on = body.get("on");
  if (!on || on->kind != Value::Kind::Object) return "";
  for (const char* key : {"workflow_dispatch", "workflow_call", "dispatch", "call"}) {
    const Value* t = on->get(key);
    if (t && t->kind == Value::Kind::Object && !t->fields.empty())
      return " (what the on block's trigger holds declares none: a workflow declares each input once, with "
             "`input name: type`, for every trigger that takes them)";
  }
  return "";
}

class RefChecker {
 public:
  RefChecker(const WorkflowModel& wf, const Program& program, Diagnostics& diags)
      : wf_(wf), program_(program), diags_(diags) {}

  void run();

 private:
  void check_job(JobInfo& job);
  void check_expr(const Expr& e, JobInfo* job, const std::vector<std::string>& steps_before,
                  const std::vector<std::string>& env_names, const std::string& where);
  void check_workflow_fields();
  // Why `name` names no job or input of this workflow (`left_out`, its
  // wf_.jobs_left_out or wf_.inputs_left_out): a false when leaves it out,
  // or " (did you mean ...)" one of `names`.
  std::string why_none(const std::map<std::string, Pos>& left_out, const std::string& name,
                       const std::vector<std::string>& names) const;

  const WorkflowModel& wf_;
  const Program& program_;
  Diagnostics& diags_;
  std::vector<JobInfo> jobs_;
  std::vector<std::string> inputs_;
  // With a dispatch trigger, GitHub types github.event.inputs as the
  // dispatch inputs; has_dispatch_ says whether there is one.
  std::vector<std::string> dispatch_inputs_;
  bool has_dispatch_ = false;
  std::vector<std::string> workflow_env_;
  // In the job whose steps are checked: the names a step of an action
  // before would have exported, told not to, with what told it.
  std::map<std::string, std::string> quiet_;
  // The names an env block being read sets itself: GitHub works its values
  // out before it sets any of them, so env.X in it reads X from around it.
  std::vector<std::string> same_block_;
  // The step whose fields are checked, if any.
  const Value* step_ = nullptr;
};

std::string RefChecker::why_none(const std::map<std::string, Pos>& left_out,
                                 const std::string& name,
                                 const std::vector<std::string>& names) const {
  if (auto it = left_out.find(name); it != left_out.end())
    return ", which the when at " + to_string(it->second) + " leaves out of " + file_name(wf_.file);
  return did_you_mean(name, names);
}

void RefChecker::run() {
  Diagnostics::Once once(diags_);
  for (const auto& in : wf_.inputs) {
    inputs_.push_back(in.name);
    if (in.only != "call") dispatch_inputs_.push_back(in.name);
  }
  has_dispatch_ = has_trigger(wf_, "dispatch");
  workflow_env_ = keys_of(wf_.body->get("env"));
  const Value* jobs = wf_.body->get("jobs");
  if (!jobs || jobs->fields.empty()) {
    diags_.error(wf_.pos, "no-jobs", "workflow " + wf_.instance + " has no jobs");
    return;
  }
  if (std::all_of(jobs->fields.begin(), jobs->fields.end(),
                  [](const Field& f) { return left_out(*f.value); }))
    diags_.error(wf_.pos, "no-jobs",
                 "every job of workflow " + wf_.instance + " is left out (if = false)");
  for (const auto& f : jobs->fields) {
    JobInfo info{f.key, f.key_pos, f.value.get(), {}, false, false, {}};
    if (const Value* outs = f.value->get("outputs")) {
      info.outputs = keys_of(outs);
      info.outputs_known = true;
    } else if (const WorkflowModel* c = called_workflow(program_, *f.value)) {
      const Value* on = c->body->get("on");
      const Value* call = on ? (on->get("call") ? on->get("call") : on->get("workflow_call")) : nullptr;
      info.outputs = keys_of(call ? call->get("outputs") : nullptr);
      if (const Value* o = c->body->get("outputs")) info.outputs = keys_of(o);
      info.outputs_known = true;
    } else if (const ExternalWorkflow* e = external_callee(program_, wf_, *f.value)) {
      info.outputs = e->outputs;
      info.outputs_known = true;
    } else {
      info.outputs_known = !f.value->get("uses");
    }
    const Value* strategy = f.value->get("strategy");
    info.has_matrix = strategy && strategy->get("matrix");
    if (const Value* needs = f.value->get("needs")) {
      for (const auto& n : needs->items) {
        if (n->is_string()) info.needs.push_back(n->text);
      }
    }
    jobs_.push_back(info);
  }
  std::vector<std::string> ids;
  for (const auto& j : jobs_) ids.push_back(j.id);
  for (auto& j : jobs_) {
    if (const Field* f = j.job->field("needs"); f && f->value->kind != Value::Kind::List) {
      diags_.error(f->key_pos, "type", "needs names jobs (needs = [build, test]), not " + a_kind(*f->value));
    } else if (f && f->value->items.empty()) {
      diags_.error(f->key_pos, "type", "needs lists no job; leave it out for a job that waits for none");
    }
    if (const Value* needs = j.job->get("needs")) {
      std::set<std::string> seen;  // GitHub reads job ids without case
      for (const auto& n : needs->items) {
        if (n->is_string() && !seen.insert(lower(n->text)).second)
          diags_.error(n->pos, "duplicate", "job \"" + j.id + "\" lists \"" + n->text + "\" in needs twice");
        else if (!n->is_string())
          diags_.error(n->pos, "type", "needs names jobs (needs = [build, test]), not " + describe(*n));
        else if (!contains(ids, n->text))
          diags_.error(n->pos, "unknown-job",
                       "job \"" + j.id + "\" needs unknown job \"" + n->text + "\"" +
                           why_none(wf_.jobs_left_out, n->text, ids));
        else if (!left_out(*j.job) && left_out(*jobs->get(n->text)))
          diags_.error(n->pos, "left-out",
                       "job \"" + j.id + "\" needs \"" + n->text +
                           "\", which if = false leaves out of the workflow");
      }
    }
    check_job(j);
  }
  check_workflow_fields();
  // Cycles in needs.
  std::map<std::string, const JobInfo*> by_id;
  for (const auto& j : jobs_) by_id.emplace(j.id, &j);
  std::map<std::string, int> state;
  std::vector<std::string> path;
  std::function<bool(const std::string&)> visit = [&](const std::string& id) {
    if (state[id] == 2) return false;
    if (state[id] == 1) {
      auto it = std::find(path.begin(), path.end(), id);
      std::vector<std::string> cyc(it, path.end());
      cyc.push_back(id);
      // At the need that closes the cycle, where needs lists it, or at the
      // needs.ID read infer_needs listed it for.
      Pos at = by_id.at(path.back())->pos;
      if (const Value* needs = by_id.at(path.back())->job->get("needs");
          needs && needs->kind == Value::Kind::List) {
        for (const auto& n : needs->items) {
          if (n->is_string() && lower(n->text) == lower(id)) at = n->pos;
        }
      }
      diags_.error(at, "needs-cycle",
                   cyc.size() == 2 ? "job \"" + id + "\" lists itself in needs"
                                   : "jobs depend on each other in a cycle: " + join(cyc, " -> "));
      return true;
    }
    state[id] = 1;
    path.push_back(id);
    for (const auto& n : by_id.at(id)->needs) {
      if (by_id.count(n) && visit(n)) return true;
    }
    path.pop_back();
    state[id] = 2;
    return false;
  };
  for (const auto& j : jobs_) {
    if (visit(j.id)) break;
  }
  // Workflow outputs may read jobs.<id>.outputs.<name>, and inputs.
  if (const Value* outs = wf_.body->get("outputs")) {
    each_runtime(*outs, [&](const Expr& e) {
      auto c = chain(e);
      if (c.empty() || c[0].first != "jobs") {
        check_expr(e, nullptr, {}, {}, "outputs");
        return;
      }
      if (c.size() < 2 || e.kind != Expr::Kind::Member) return;
      if (c.size() >= 3 && c[2].first != "outputs" && c[2].first != "result") {
        diags_.error(c[2].second, "unknown-field", "jobs." + c[1].first + " has outputs and result, not \"" + c[2].first +
                                                       "\"" + did_you_mean(c[2].first, {"outputs", "result"}));
        return;
      }
      if (size_t depth = value_depth(c); depth && c.size() > depth) {
        no_field(c, depth, diags_);
        return;
      }
      auto j = std::find_if(jobs_.begin(), jobs_.end(), [&](const JobInfo& x) { return x.id == c[1].first; });
      if (c[1].first == "*") {
        return;  // jobs.*: every job
      } else if (j == jobs_.end()) {
        diags_.error(
            c[1].second, "unknown-job",
            "no job \"" + c[1].first + "\"" + why_none(wf_.jobs_left_out, c[1].first, ids));
      } else if (left_out(*j->job)) {
        diags_.error(c[1].second, "left-out", left_out_job(j->id, "jobs." + j->id));
      } else if (c.size() == 4 && c[2].first == "outputs") {
        if (j->outputs_known && !contains(j->outputs, c[3].first))
          diags_.error(c[3].second, "unknown-output", "job \"" + j->id + "\" has no output \"" + c[3].first + "\"" +
                                                          did_you_mean(c[3].first, j->outputs));
        else if (j->has_matrix && !j->job->get("unroll"))
          diags_.error(c[1].second, "matrix-output",
                       "job \"" + j->id + "\" runs a matrix; GitHub keeps only one leg's outputs (the last to finish), "
                       "so this output would be one leg's value chosen by timing. Set unroll = true on the job to "
                       "make one job per leg, or compute the value before the matrix");
      }
    });
  }
}

void RefChecker::check_job(JobInfo& job) {
  const Value& j = *job.job;
  if (const Value* steps = j.get("steps");
      steps && !steps->items.empty() && !left_out(j) &&
      std::all_of(steps->items.begin(), steps->items.end(),
                  [](const ValuePtr& s) { return left_out(*s); }))
    diags_.error(
        job.pos, "no-steps",
        "every step of job \"" + job.id + "\" is left out (if = false); leave the job out too");
  std::vector<std::string> job_env = workflow_env_;
  for (const auto& k : keys_of(j.get("env"))) job_env.push_back(k);
  // Job-level fields (if, name, runs-on, with, outputs, ...) see all steps.
  std::vector<std::string> all_steps;
  std::vector<std::string> exported = job_env;
  if (const Value* steps = j.get("steps")) {
    for (const auto& s : steps->items) {
      if (const Value* id = s->get("id")) all_steps.push_back(id->text);
    }
  }
  for (const auto& f : j.fields) {
    if (f.key == "steps") continue;
    // check_contexts refused steps in the keys decided before the job runs.
    std::vector<std::string> visible = all_steps;
    // The job's env reads the workflow's, not its own entries.
    const bool own = f.key == "env";
    if (own) same_block_ = keys_of(f.value.get());
    each_runtime(*f.value, [&](const Expr& e) { check_expr(e, &job, visible, own ? workflow_env_ : job_env, f.key); });
    same_block_.clear();
  }
  quiet_.clear();
  if (const Value* steps = j.get("steps")) {
    std::vector<std::string> before;
    std::map<std::string, std::pair<std::string, Pos>> ids;  // each id of before, lower-cased: as written first, where
    for (const auto& s : steps->items) {
      const auto from = step_uses(diags_, *s, wf_.file);
      std::vector<std::string> env = exported;
      for (const auto& k : keys_of(s->get("env"))) env.push_back(k);
      step_ = s.get();
      for (const auto& f : s->fields) {
        // The step's env reads what is set around it, not its own entries.
        const bool own = f.key == "env";
        if (own) same_block_ = keys_of(f.value.get());
        each_runtime(*f.value, [&](const Expr& e) { check_expr(e, &job, before, own ? exported : env, "step"); });
        same_block_.clear();
      }
      step_ = nullptr;
      if (const Value* id = s->get("id")) {
        // GitHub reads step ids without case.
        const auto [same, added] = ids.emplace(lower(id->text), std::make_pair(id->text, id->pos));
        if (!added)
          diags_.error(id->pos, "duplicate",
                       "step id \"" + id->text + "\" is used twice in job \"" + job.id + "\" (first at " +
                           to_string(same->second.second) +
                           (same->second.first == id->text
                                ? ""
                                : ", as \"" + same->second.first + "\": GitHub reads ids without case") +
                           ")");
        before.push_back(id->text);
      }
      for (auto& x : exported_env(*s, program_)) exported.push_back(std::move(x));
      if (const Value* uses = s->get("uses"); uses && uses->tag == "action") {
        if (const std::optional<ExportsOff> off = exports_turned_off(*uses, *s)) {
          for (const auto& x : uses->get("exports")->items) {
            if (x->is_string())
              quiet_.try_emplace(x->text, "; " + step_label(*s) + " would write it, but is given " +
                                              off->given + ", which " +
                                              (off->certain ? "keeps" : "may keep") +
                                              " it from writing it");
          }
        }
      }
    }
  }
  quiet_.clear();
}

// The workflow's own fields (run-name, concurrency, env, ...) run before any
// job, so they read no job's or step's names (check_contexts).
void RefChecker::check_workflow_fields() {
  for (const auto& f : wf_.body->fields) {
    if (f.key == "jobs" || f.key == "on" || f.key == "outputs") continue;
    each_runtime(*f.value, [&](const Expr& e) { check_expr(e, nullptr, {}, {}, f.key); });
  }
}

void RefChecker::check_expr(const Expr& e, JobInfo* job, const std::vector<std::string>& steps_before,
                            const std::vector<std::string>& env_names, const std::string& where) {
  auto c = chain(e);
  if (c.empty() || e.kind == Expr::Kind::Name) return;
  // Only check the longest chains: an outer Member is visited first, and the
  // inner ones again; checking by the root with enough segments is enough.
  const std::string& root = c[0].first;
  auto seg = [&](size_t i) -> const std::string& { return c[i].first; };
  // Nothing is read from a value; but github.events.x is one slip, the
  // field that github lacks (below), and not x as well.
  if (size_t depth = value_depth(c); depth && c.size() > depth &&
                                     !(root == "github" && !contains(github_fields(), seg(1)))) {
    no_field(c, depth, diags_);
    return;
  }
  // x.* (GitHub's object filter) reads every field of x: there is no one
  // name to look up, only the fields read from each.
  if (c.size() >= 2 && seg(1) == "*") {
    static const std::vector<std::string> job_fields = {"outputs", "result"};
    static const std::vector<std::string> step_fields = {"outputs", "outcome", "conclusion"};
    const auto& fields = root == "steps" ? step_fields : job_fields;
    const std::string listed = root == "steps" ? "outputs, outcome and conclusion" : "outputs and result";
    if (root == "needs" && job && job->needs.empty())
      diags_.error(c[1].second, "unknown-job",
                   "needs.* reads the jobs that job \"" + job->id + "\" needs, and it needs none; list them in needs");
    else if (root == "steps" && job && ids_kept(steps_before, *job->job).empty())
      diags_.error(
          c[1].second, "unknown-step",
          std::string(where == "step" ? "steps.* reads the steps before this one that have an id"
                                      : "steps.* reads the steps of this job that have an id") +
              ", and there are none, which actionlint refuses (an object with no field to "
              "filter); give the steps ids");
    else if ((root == "needs" || root == "steps") && c.size() >= 3 && !contains(fields, seg(2)))
      diags_.error(c[2].second, "unknown-field", root + ".* has " + listed + ", not \"" + seg(2) + "\"" +
                                                     did_you_mean(seg(2), fields));
    return;
  }
  if (root == "inputs" && c.size() == 2) {
    if (inputs_.empty())
      diags_.error(c[0].second, "unknown-input",
                   "this workflow declares no inputs; \"inputs." + seg(1) + "\" is empty" + yaml_inputs_note(*wf_.body));
    else if (!contains(inputs_, seg(1))) {
      // A bare name (with { test_type }) is inputs.NAME written at the
      // name, both parts at one place (pass_through).
      const bool bare = c[0].second == c[1].second;
      // (A name no workflow declares is a slip, whose did-you-mean stays.)
      const bool declared_elsewhere =
          std::any_of(program_.workflows.begin(), program_.workflows.end(), [&](const auto& w) {
            return std::any_of(w->inputs.begin(), w->inputs.end(), [&](const auto& in) { return in.name == seg(1); });
          });
      const std::string profile_field = wf_.inputs_left_out.count(seg(1)) || !declared_elsewhere
                                            ? ""
                                            : profile_field_at(program_, c[1].second);
      diags_.error(c[1].second, "unknown-input",
                   "no input \"" + seg(1) + "\"" +
                       (profile_field.empty() ? why_none(wf_.inputs_left_out, seg(1), inputs_)
                                              : " in " + file_name(wf_.file) + ", which " + profile_field +
                                                    " reads: use that field only in workflows that declare the input") +
                       (bare ? ": the bare name " + seg(1) + " passes inputs." + seg(1) + " of " + file_name(wf_.file) +
                                   "; declare the input there, or give a value (" + seg(1) + " = ...)"
                             : ""));
    }
  } else if (root == "needs" && c.size() >= 2 && job) {
    const std::string& target = seg(1);
    std::vector<std::string> ids;
    for (const auto& j : jobs_) ids.push_back(j.id);
    auto t = std::find_if(jobs_.begin(), jobs_.end(), [&](const JobInfo& j) { return j.id == target; });
    if (c.size() >= 3 && seg(2) != "outputs" && seg(2) != "result") {
      diags_.error(c[2].second, "unknown-field", "needs." + target + " has outputs and result, not \"" + seg(2) + "\"" +
                                                     did_you_mean(seg(2), {"outputs", "result"}));
      return;
    }
    if (t == jobs_.end()) {
      diags_.error(c[1].second, "unknown-job",
                   "no job \"" + target + "\"" + why_none(wf_.jobs_left_out, target, ids));
      return;
    }
    if (t->id == job->id) {
      diags_.error(c[1].second, "needs-cycle", "job \"" + job->id + "\" cannot use its own outputs through needs");
      return;
    }
    if (!left_out(*job->job) && left_out(*t->job)) {
      diags_.error(c[1].second, "left-out", left_out_job(target, "needs." + target));
      return;
    }
    if (!contains(job->needs, target)) {
      diags_.error(c[1].second, "needs-missing",
                   "job \"" + job->id + "\" uses needs." + target + " but does not depend on \"" + target +
                       "\"; add it to needs (or leave needs out and pipec infers it)");
      return;
    }
    if (c.size() == 4 && seg(2) == "outputs") {
      if (t->outputs_known && !contains(t->outputs, seg(3)))
        diags_.error(c[3].second, "unknown-output", "job \"" + target + "\" has no output \"" + seg(3) + "\"" +
                                                        did_you_mean(seg(3), t->outputs) +
                                                        (!t->outputs.empty() ? "; it has " + join(t->outputs)
                                                         : t->job->get("uses")
                                                             ? "; the workflow it calls declares no outputs"
                                                             : "; it declares none: a job's outputs are named in its "
                                                               "outputs block (outputs { " + seg(3) + " = steps.ID.outputs." +
                                                               seg(3) + " })"));
      else if (t->has_matrix && !t->job->get("unroll"))
        diags_.error(c[1].second, "matrix-output",
                     "job \"" + target + "\" runs a matrix; GitHub keeps only one leg's outputs (the last leg to "
                     "finish wins), so needs." + target + ".outputs." + seg(3) +
                         " would be one leg's value chosen by timing. Set unroll = true on \"" + target +
                         "\" to make one job per leg, or compute the value before the matrix");
    }
  } else if (root == "steps" && c.size() >= 2) {
    if (c.size() >= 3 && seg(2) != "outputs" && seg(2) != "outcome" && seg(2) != "conclusion") {
      diags_.error(c[2].second, "unknown-field", "steps." + seg(1) + " has outputs, outcome and conclusion, not \"" +
                                                     seg(2) + "\"" + did_you_mean(seg(2), {"outputs", "outcome", "conclusion"}));
    } else if (job && !left_out(*job->job) && contains(left_out_steps(*job->job), seg(1))) {
      diags_.error(c[1].second, "left-out",
                   "step \"" + seg(1) + "\" is left out of job \"" + job->id +
                       "\" (if = false), so steps." + seg(1) + " has nothing to read");
    } else if (!contains(steps_before, seg(1))) {
      // The step itself, or one after it, with that id.
      const Value* later = nullptr;
      if (where == "step" && job && step_) {
        bool reached = false;
        for (const auto& st : steps_of(*job->job)) {
          reached = reached || st.get() == step_;
          const Value* id = st->get("id");
          if (reached && !later && id && id->is_string() && id->text == seg(1)) later = st.get();
        }
      }
      if (later)
        diags_.error(c[1].second, "unknown-step",
                     later == step_
                         ? "step \"" + seg(1) + "\" is this one, and a step reads only the steps before it; read " +
                               "steps." + seg(1) + " in a later step"
                         : "step \"" + seg(1) + "\" comes after this one (" + to_string(later->pos) +
                               "), and a step reads only the steps before it; move it up, or read it later");
      else
        diags_.error(c[1].second, "unknown-step",
                     where == "step" ? "no earlier step with id \"" + seg(1) + "\" in this job" + did_you_mean(seg(1), steps_before)
                                     : "no step with id \"" + seg(1) + "\" in this job" + did_you_mean(seg(1), steps_before));
    }
  } else if (root == "matrix" && c.size() >= 2 && job) {
    const Value* strategy = job->job->get("strategy");
    const Value* matrix = strategy ? strategy->get("matrix") : nullptr;
    if (!matrix) {
      // A strategy key a slip off matrix (matrx) is what was meant.
      std::string slip;
      for (const auto& f : strategy && strategy->kind == Value::Kind::Object ? strategy->fields : std::vector<Field>{}) {
        if (f.key != "matrix" && !did_you_mean(f.key, {"matrix"}).empty()) slip = f.key;
      }
      diags_.error(c[0].second, "no-matrix",
                   "job \"" + job->id + "\" has no matrix" +
                       (slip.empty() ? "" : " (its strategy has \"" + slip + "\": did you mean \"matrix\"?)") + "; matrix." +
                       seg(1) + " is empty");
    } else if (matrix->kind == Value::Kind::Object) {
      std::vector<std::string> keys;
      for (const auto& f : matrix->fields) {
        if (f.key != "include" && f.key != "exclude") keys.push_back(f.key);
      }
      // An include known only at run time (fromJSON of an input) may add
      // any key.
      bool open = false;
      if (const Value* inc = matrix->get("include")) {
        open = inc->kind != Value::Kind::List;
        for (const auto& row : open ? std::vector<ValuePtr>{} : inc->items) {
          for (const auto& k : keys_of(row.get())) {
            if (!contains(keys, k)) keys.push_back(k);
          }
        }
      }
      if (!open && !contains(keys, seg(1)))
        unknown_matrix_key(c[1].second, job->id, seg(1), keys, diags_);
      else if (!open && c.size() > 2 && only_values(*matrix, seg(1)))
        no_field(c, 2, diags_);
    }
  } else if (root == "env" && c.size() == 2) {
    if (!contains(env_names, seg(1)) && contains(same_block_, seg(1))) {
      diags_.error(c[1].second, "unknown-env",
                   "env." + seg(1) + " is set in this same env block, whose values GitHub works out before it sets "
                   "any of them: it is empty here; write its value here too, or set it in an env block around this one");
    } else if (!contains(env_names, seg(1))) {
      auto quiet = quiet_.find(seg(1));
      diags_.error(
          c[1].second, "unknown-env",
          "env." + seg(1) +
              " is not set here; declare it in an env block, or list it in exports = [...] "
              "of the step that writes it to GITHUB_ENV" +
              (quiet != quiet_.end() ? quiet->second : did_you_mean(seg(1), env_names)));
    }
  } else if (root == "github" && c.size() >= 2) {
    if (!contains(github_fields(), seg(1)))
      diags_.error(c[1].second, "unknown-context", "github has no field \"" + seg(1) + "\"" + did_you_mean(seg(1), github_fields()));
    else if (has_dispatch_ && c.size() >= 4 && seg(1) == "event" && seg(2) == "inputs" && !contains(dispatch_inputs_, seg(3)))
      diags_.error(c[3].second, "unknown-input",
                   "no dispatch input \"" + seg(3) + "\"" +
                       why_none(wf_.inputs_left_out, seg(3), dispatch_inputs_) +
                       "; github.event.inputs holds the workflow_dispatch inputs");
  } else if (root == "secrets" && c.size() == 2 && !wf_.secrets.empty()) {
    // A workflow that declares its secrets gets those (and GitHub's own)
    // from its callers; actionlint reads secrets so.
    std::vector<std::string> known = {"GITHUB_TOKEN", "ACTIONS_RUNNER_DEBUG", "ACTIONS_STEP_DEBUG"};
    for (const auto& d : wf_.secrets) known.push_back(d.name);
    bool found = std::any_of(known.begin(), known.end(), [&](const std::string& k) { return lower(k) == lower(seg(1)); });
    if (!found)
      diags_.error(c[1].second, "unknown-secret",
                   "no secret \"" + seg(1) + "\"" + did_you_mean(seg(1), known) +
                       ": this workflow declares its secrets, and reads only those and GitHub's (GITHUB_TOKEN)");
  } else if ((root == "secrets" || root == "vars") && c.size() == 2) {
    // The repository's, organization's and environment's secrets and
    // variables, whose names GitHub keeps to letters, digits and _, not
    // beginning with a digit or GITHUB_ (docs: "Naming your secrets",
    // "Naming conventions for configuration variables").
    const std::string& name = seg(1);
    const bool valid = !name.empty() && !(name[0] >= '0' && name[0] <= '9') &&
                       std::all_of(name.begin(), name.end(), [](char ch) {
                         return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                                (ch >= '0' && ch <= '9') || ch == '_';
                       });
    const bool secret = root == "secrets";
    const bool reserved =
        lower(name).rfind("github_", 0) == 0 && !(secret && lower(name) == "github_token");
    const std::string what = secret ? "secret" : "variable";
    if (!valid || reserved)
      diags_.error(c[1].second, secret ? "unknown-secret" : "unknown-var",
                   (valid ? root + "." + name : root + "['" + name + "']") + " is always empty: " +
                       (reserved ? "GitHub refuses a " + what + " name beginning GITHUB_" +
                                       (secret ? " (its own GITHUB_TOKEN aside)" : "")
                                 : "a " + what +
                                       "'s name holds only letters, digits and _, and does not "
                                       "begin with a digit") +
                       ", so no " + what + " has this name; read the name the " + what +
                       " is stored under");
  } else if (root == "job") {
    // What GitHub (and actionlint) know of the job: its container, the
    // services it declares, its status and check run.
    static const std::vector<std::string> fields = {"check_run_id", "container", "services", "status"};
    static const std::vector<std::string> container = {"id", "network"};
    static const std::vector<std::string> service = {"id", "network", "ports"};
    const Value* services = job && job->job->get("services") ? job->job->get("services") : nullptr;
    if (!contains(fields, seg(1)))
      diags_.error(c[1].second, "unknown-context", "job has no field \"" + seg(1) + "\"" + did_you_mean(seg(1), fields));
    else if (seg(1) == "container" && c.size() >= 3 && !contains(container, seg(2)))
      diags_.error(c[2].second, "unknown-context",
                   "job.container has id and network, not \"" + seg(2) + "\"" + did_you_mean(seg(2), container));
    else if (seg(1) == "services" && c.size() >= 3 && services && services->kind == Value::Kind::Object &&
             !services->get(seg(2)))
      diags_.error(c[2].second, "unknown-context",
                   "job \"" + job->id + "\" has no service \"" + seg(2) + "\"" + did_you_mean(seg(2), keys_of(services)));
    else if (seg(1) == "services" && c.size() >= 3 && !services && job)
      diags_.error(c[2].second, "unknown-context", "job \"" + job->id + "\" has no services");
    else if (seg(1) == "services" && c.size() >= 4 && !contains(service, seg(3)))
      diags_.error(c[3].second, "unknown-context",
                   "job.services." + seg(2) + " has id, network and ports, not \"" + seg(3) + "\"" + did_you_mean(seg(3), service));
  } else if (root == "runner" && c.size() == 2) {
    static const std::vector<std::string> f = {"arch", "debug", "environment", "name", "os", "temp", "tool_cache"};
    if (!contains(f, seg(1)))
      diags_.error(c[1].second, "unknown-context", "runner has no field \"" + seg(1) + "\"" + did_you_mean(seg(1), f));
  } else if (root == "strategy" && c.size() == 2) {
    static const std::vector<std::string> f = {"fail-fast", "job-index", "job-total", "max-parallel"};
    if (!contains(f, seg(1)))
      diags_.error(c[1].second, "unknown-context", "strategy has no field \"" + seg(1) + "\"" + did_you_mean(seg(1), f));
  }
}

}  // namespace

void check_refs(const WorkflowModel& wf, const Program& program, Diagnostics& diags) {
  RefChecker(wf, program, diags).run();
}

void unknown_matrix_key(const Pos& pos, const std::string& job, const std::string& key,
                        const std::vector<std::string>& keys, Diagnostics& diags) {
  diags.error(
      pos, "unknown-matrix",
      "the matrix of job \"" + job + "\" has no field \"" + key + "\"" + did_you_mean(key, keys));
}

}  // namespace pipec
