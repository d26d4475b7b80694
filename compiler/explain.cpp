#include "explain.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <set>

#include "ascii.h"
#include "expr_chain.h"
#include "filter_patterns.h"
#include "github_eval.h"
#include "matrix_legs.h"
#include "render_expr.h"

namespace pipec {
namespace {

using json = nlohmann::json;

// Why a job's condition is false: the first false operand of its top-level
// && chain (of that operand's own chain, recursively), or the whole
// condition when it is no such chain.
const Expr& false_part(const Expr& e, const EvalContext& ctx) {
  if (e.kind == Expr::Kind::Binary && e.text == "&&") {
    for (const auto& op : e.operands) {
      if (!github_truthy(github_eval(*op, ctx))) return false_part(*op, ctx);
    }
  }
  return e;
}

// Whether `e` reads steps.<id>.outputs for an id in `ids`.
bool reads_step_outputs(const Expr& e, const std::set<std::string>& ids) {
  const Chain c = chain(e);
  if (c.size() >= 3 && c[0].first == "steps" && ids.count(c[1].first) && lower(c[2].first) == "outputs") return true;
  for (const auto& op : e.operands) {
    if (op && reads_step_outputs(*op, ids)) return true;
  }
  for (const auto& p : e.parts) {
    if (p.expr && reads_step_outputs(*p.expr, ids)) return true;
  }
  return false;
}

bool reads_step_outputs(const Value& v, const std::set<std::string>& ids) {
  if (v.kind == Value::Kind::Runtime) return reads_step_outputs(*v.expr, ids);
  for (const auto& p : v.parts) {
    if (p.expr && reads_step_outputs(*p.expr, ids)) return true;
  }
  return false;
}

// Whether a filter list takes `s`: GitHub reads the patterns in order, and
// the last that matches decides (a pattern with a leading ! leaves out what
// it matches). No list takes everything.
bool filter_matches(const Value* filter, const std::string& s) {
  if (!filter) return true;
  bool taken = false;
  for (const auto& item : filter->items) {
    if (!item->is_string()) continue;
    const bool negated = !item->text.empty() && item->text[0] == '!';
    if (filter_pattern_matches(std::string_view(item->text).substr(negated ? 1 : 0), s)) taken = !negated;
  }
  return taken;
}

class Simulator {
 public:
  Simulator(const Program& program, const ExplainEvent& event, const StepOracle& oracle)
      : program_(program), event_(event), oracle_(oracle) {}

  bool triggered(const WorkflowModel& wf) const;
  json github_context() const;
  // What the entry workflow's run gives in github.event: its dispatch
  // inputs as text, and the cron of its one schedule.
  json dispatch_inputs = json::object();
  std::string schedule;
  // Simulates a workflow; returns its workflow_call outputs.
  json run(const WorkflowModel& wf, const json& inputs, int indent);
  std::string out;

 private:
  // Simulates one job (a leg of it); status is its result: success or
  // failure.
  json run_job(const WorkflowModel& wf, const std::string& id, const Value& job, const json& inputs,
               const json& needs, const json& matrix, const json& strategy,
               const std::vector<std::string>* shown, int indent, std::string& status);
  void line(int indent, const std::string& text) { out += std::string(indent * 2, ' ') + text + "\n"; }

  const Program& program_;
  const ExplainEvent& event_;
  const StepOracle& oracle_;
  int depth_ = 0;
  std::string status_ = "success";  // the last run()'s result for its caller
};

bool Simulator::triggered(const WorkflowModel& wf) const {
  const Value* on = wf.body->get("on");
  if (!on) return false;
  std::string key = event_.event;
  const Value* t = on->get(key);
  if (!t && key == "workflow_dispatch") t = on->get("dispatch");
  if (!t) return false;
  // A pull request runs a workflow for the activity types it lists, or
  // without a list for GitHub's default three.
  if (key == "pull_request") {
    const Value* types = t->get("types");
    const std::vector<std::string> defaults = {"opened", "synchronize", "reopened"};
    const bool listed = types ? std::any_of(types->items.begin(), types->items.end(),
                                            [&](const ValuePtr& v) { return v->text == event_.activity; }) ||
                                    (types->is_string() && types->text == event_.activity)
                              : std::count(defaults.begin(), defaults.end(), event_.activity) > 0;
    if (!listed) return false;
  }
  if (key == "push" || key == "pull_request") {
    auto listed = [&](const char* filter, const std::string& s) {
      const Value* f = t->get(filter);
      return f && filter_matches(f, s);
    };
    const bool branch_filters = t->get("branches") || t->get("branches-ignore");
    const bool tag_filters = t->get("tags") || t->get("tags-ignore");
    // A push that filters only one kind of ref never runs for the other,
    // and paths are not read for a tag.
    if (key == "push" && !event_.tag.empty()) {
      if (branch_filters && !tag_filters) return false;
      return filter_matches(t->get("tags"), event_.tag) && !listed("tags-ignore", event_.tag);
    }
    if (key == "push" && tag_filters && !branch_filters) return false;
    if (!filter_matches(t->get("branches"), event_.branch) || listed("branches-ignore", event_.branch)) return false;
    if (!event_.changed.empty()) {
      if (const Value* paths = t->get("paths")) {
        bool any = std::any_of(event_.changed.begin(), event_.changed.end(),
                               [&](const std::string& p) { return filter_matches(paths, p); });
        if (!any) return false;
      }
      // Runs unless every changed path is ignored.
      if (t->get("paths-ignore") && std::all_of(event_.changed.begin(), event_.changed.end(),
                                                [&](const std::string& p) { return listed("paths-ignore", p); }))
        return false;
    }
  }
  return true;
}

json Simulator::github_context() const {
  json labels = json::array();
  for (const auto& l : event_.labels) labels.push_back({{"name", l}});
  // The payload's fields conditions read: the repository; a pull request's
  // action, number, labels, head and base (a fork's head repository is
  // another's) and, when labelled, the label (the last --label); a push's
  // ref; a schedule's cron; a manual run's inputs.
  const bool pr = event_.event == "pull_request";
  const bool tag = !event_.tag.empty();
  // A pull request's run is on its merge ref, refs/pull/1/merge; its
  // branches are head_ref and base_ref, empty for other events.
  const std::string ref_name = pr ? "1/merge" : tag ? event_.tag : event_.branch;
  const std::string ref = (pr ? "refs/pull/" : tag ? "refs/tags/" : "refs/heads/") + ref_name;
  const std::string owner = event_.repository.substr(0, event_.repository.find('/'));
  const std::string name = event_.repository.substr(owner.size() + 1);
  const json repository = {{"full_name", event_.repository}, {"name", name}, {"owner", {{"login", owner}}}};
  json event = {{"repository", repository}};
  if (pr) {
    const json head_repo = event_.fork ? json{{"full_name", "contributor/" + name}, {"fork", true}}
                                       : json{{"full_name", event_.repository}, {"fork", false}};
    event["action"] = event_.activity;
    event["number"] = 1;
    event["pull_request"] = {{"number", 1},
                             {"labels", labels},
                             {"head", {{"ref", "pull-request-branch"}, {"repo", head_repo}}},
                             {"base", {{"ref", event_.branch}, {"repo", repository}}}};
    if ((event_.activity == "labeled" || event_.activity == "unlabeled") && !event_.labels.empty())
      event["label"] = {{"name", event_.labels.back()}};
  }
  if (event_.event == "push") event["ref"] = ref;
  if (event_.event == "schedule" && !schedule.empty()) event["schedule"] = schedule;
  if (event_.event == "workflow_dispatch") event["inputs"] = dispatch_inputs;
  return {{"event_name", event_.event},
          {"ref_name", ref_name},
          {"ref", ref},
          {"ref_type", tag ? "tag" : "branch"},
          {"base_ref", pr ? event_.branch : ""},
          {"head_ref", pr ? "pull-request-branch" : ""},
          {"repository", event_.repository},
          {"repository_owner", owner},
          {"run_id", "1"},
          {"sha", "0000000000000000000000000000000000000000"},
          {"workspace", "/workspace"},
          {"workflow", ""},
          {"token", ""},
          {"event", event}};
}

json Simulator::run(const WorkflowModel& wf, const json& inputs, int indent) {
  if (++depth_ > 16) {
    line(indent, "(calls nested too deeply)");
    --depth_;
    return json::object();
  }
  const Value* jobs = wf.body->get("jobs");
  json needs_ctx = json::object();
  std::set<std::string> done;
  std::vector<const Field*> order;
  // Topological order by needs, keeping source order among ready jobs.
  while (jobs && order.size() < jobs->fields.size()) {
    bool progress = false;
    for (const auto& f : jobs->fields) {
      if (done.count(f.key)) continue;
      bool ready = true;
      if (const Value* n = f.value->get("needs")) {
        for (const auto& d : n->items) ready = ready && done.count(d->text);
      }
      if (!ready) continue;
      order.push_back(&f);
      done.insert(f.key);
      progress = true;
    }
    if (!progress) break;
  }
  // What GitHub's job-level success() and failure() read: the results of
  // every job before a job (its needs, theirs, ...), not only its needs'.
  // ancestry[j] is the worst of j's result and its needs' (failure over
  // unknown, a job explain did not follow, which runs and succeeds or is
  // skipped, over skipped over success); culprit[j], the first job of
  // that chain that did not succeed.
  std::map<std::string, std::string> ancestry, culprit;
  auto rank = [](const std::string& r) { return r == "failure" ? 3 : r == "unknown" ? 2 : r == "success" ? 0 : 1; };
  auto settle = [&](const std::string& id, const std::string& own, const std::string& before, const std::string& who) {
    ancestry[id] = rank(own) >= rank(before) ? own : before;
    culprit[id] = own != "success" && rank(own) >= rank(before) ? id : who;
  };
  // A job explain does not follow: its result and outputs only a run gives.
  auto not_followed = [&](const Field& f, const std::string& why, const std::string& before, const std::string& who) {
    line(indent, f.key + ": not followed (" + why + ")");
    json outs = json::object();
    const WorkflowModel* callee = f.value->get("uses") ? called_workflow(program_, *f.value) : nullptr;
    const Value* declared = callee ? callee->body->get("outputs") : f.value->get("outputs");
    if (declared) {
      for (const auto& o : declared->fields) outs[o.key] = placeholder(o.key);
    }
    needs_ctx[f.key] = {{"result", placeholder("result")}, {"outputs", outs}};
    settle(f.key, "unknown", before, who);
  };
  for (const Field* f : order) {
    const Value& job = *f->value;
    json needs = json::object();
    std::string before = "success", who;
    bool direct_ok = true;
    if (const Value* n = job.get("needs")) {
      for (const auto& d : n->items) {
        needs[d->text] = needs_ctx[d->text];
        direct_ok = direct_ok && needs_ctx[d->text]["result"] == "success";
        if (rank(ancestry[d->text]) > rank(before)) before = ancestry[d->text], who = culprit[d->text];
      }
    }
    EvalContext ctx;
    ctx.contexts = {{"github", github_context()}, {"inputs", inputs}, {"needs", needs}, {"vars", json::object()},
                    {"secrets", json::object()}};
    // The job's if under the status its ancestors give; after a job explain
    // did not follow, under both it could give (success, skipped), followed
    // only if they agree. Without a status function, GitHub reads it as
    // success() && (...).
    const Value* cond = job.get("if");
    const Expr* e = cond ? whole_expr(*cond) : nullptr;
    const bool implicit = !e || !has_status_function(*e);
    std::vector<std::string> statuses = {before};
    if (before == "unknown") statuses = {"success", "skipped"};
    std::set<bool> verdicts;
    std::string unknown_why;
    for (const std::string& status : statuses) {
      ctx.job_status = status;
      ctx.error.clear();
      ctx.unknown.clear();
      const bool ok = status == "success";
      bool v = ok;
      if (cond) v = (!implicit || ok) && github_truthy(e ? github_eval(*e, ctx) : value_json(*cond, &ctx));
      // GitHub stops on an error, with a result explain does not model.
      if (!ctx.error.empty()) unknown_why = "its if fails to evaluate on GitHub: " + ctx.error;
      else if (!ctx.unknown.empty()) unknown_why = "its if reads " + ctx.unknown + ", which only a run gives";
      if (!unknown_why.empty()) break;
      verdicts.insert(v);
    }
    if (unknown_why.empty() && verdicts.size() > 1)
      unknown_why = "it comes after " + who + ", which explain did not follow";
    if (!unknown_why.empty()) {
      not_followed(*f, unknown_why, before, who);
      continue;
    }
    const bool run_it = *verdicts.begin();
    if (!run_it) {
      std::string why;
      if (implicit && before != "success" && before != "unknown")
        why = direct_ok ? " (a job before it did not succeed: " + who + ")" : " (a needed job did not succeed)";
      else
        why = e ? " (false: " + render_expr(false_part(*e, ctx)) + ")" : " (if is false)";
      line(indent, f->key + ": skipped" + why);
      needs_ctx[f->key] = {{"result", "skipped"}, {"outputs", json::object()}};
      settle(f->key, "skipped", before, who);
      continue;
    }
    json result = {{"result", "success"}, {"outputs", json::object()}};
    std::vector<json> legs;
    std::vector<std::vector<std::string>> shown;  // what each leg's name shows
    if (const Value* strategy = job.get("strategy")) {
      if (const Value* m = strategy->get("matrix")) {
        const json matrix = value_json(*m, &ctx);
        std::vector<LegSource> sources;
        const bool known = matrix_legs(matrix, legs, written_order(*m), &sources);
        if (!known) legs.clear();
        for (size_t i = 0; i < legs.size(); ++i)
          shown.push_back(leg_layout(matrix, legs[i], sources[i], m).shown);
        // A matrix whose legs are not known here (more than 4096 of them,
        // a value not known, one that is no matrix) is not one without legs;
        // one without legs, or past GitHub's 256, fails the job.
        std::string fails;
        if (known && legs.empty()) fails = "its matrix has no legs, which GitHub refuses";
        if (legs.size() > kMaxMatrixJobs)
          fails = "its matrix has " + std::to_string(legs.size()) + " legs, and GitHub allows " +
                  std::to_string(kMaxMatrixJobs);
        if (legs.empty() && fails.empty()) {
          not_followed(*f, "its matrix legs are not known here", before, who);
          continue;
        }
        if (!fails.empty()) {
          line(indent, f->key + ": fails (" + fails + ")");
          needs_ctx[f->key] = {{"result", "failure"}, {"outputs", json::object()}};
          settle(f->key, "failure", before, who);
          continue;
        }
      }
    }
    // The strategy context, as the runner's WorkflowTemplateConverter
    // gives each leg its own: fail-fast (true unless written false), its
    // index, the count of legs, and max-parallel (that count unless
    // written); a job without a matrix is one leg, its matrix null and its
    // max-parallel 1.
    const Value* written = job.get("strategy");
    auto strategy_key = [&](const char* key) {
      const Value* v = written ? written->get(key) : nullptr;
      return v ? value_json(*v, &ctx) : json();
    };
    const json fail_fast = strategy_key("fail-fast");
    const json max_parallel = strategy_key("max-parallel");
    auto strategy = [&](size_t index, size_t total, size_t parallel) {
      return json{{"fail-fast", fail_fast.is_boolean() ? fail_fast.get<bool>() : true},
                  {"job-index", index},
                  {"job-total", total},
                  {"max-parallel", parallel}};
    };
    // The job's result: the worst of its legs'.
    std::string own = "success";
    auto worse = [&](const std::string& r) { own = rank(r) > rank(own) ? r : own; };
    if (legs.empty()) {
      std::string status;
      result["outputs"] =
          run_job(wf, f->key, job, inputs, needs, json(), strategy(0, 1, 1), nullptr, indent, status);
      worse(status);
    } else {
      line(indent, f->key + ": " + std::to_string(legs.size()) + (legs.size() == 1 ? " leg" : " legs"));
      const size_t parallel = max_parallel.is_number() && max_parallel.get<double>() >= 1
                                  ? static_cast<size_t>(max_parallel.get<double>())
                                  : legs.size();
      for (size_t i = 0; i < legs.size(); ++i) {
        std::string status;
        result["outputs"] = run_job(wf, f->key, job, inputs, needs, legs[i], strategy(i, legs.size(), parallel),
                                    &shown[i], indent + 1, status);
        worse(status);
      }
    }
    result["result"] = own;
    needs_ctx[f->key] = result;
    settle(f->key, own, before, who);
  }
  // What a caller's job gives: failure if a job here failed, else success
  // (a job not followed runs and succeeds, or is skipped).
  status_ = "success";
  for (const auto& [id, r] : ancestry) {
    if (r == "failure") status_ = r;
  }
  // workflow_call outputs read jobs.<id>.outputs.
  json outputs = json::object();
  if (const Value* outs = wf.body->get("outputs")) {
    EvalContext ctx;
    ctx.contexts = {{"jobs", needs_ctx}, {"inputs", inputs}, {"github", github_context()}};
    for (const auto& o : outs->fields) {
      const Value* v = o.value->kind == Value::Kind::Object && o.value->get("value") ? o.value->get("value") : o.value.get();
      outputs[o.key] = value_json(*v, &ctx);
    }
  }
  --depth_;
  return outputs;
}

json Simulator::run_job(const WorkflowModel& wf, const std::string& id, const Value& job,
                        const json& inputs, const json& needs, const json& matrix,
                        const json& strategy, const std::vector<std::string>* shown, int indent,
                        std::string& status) {
  status = "success";
  EvalContext ctx;
  ctx.contexts = {{"github", github_context()},
                  {"inputs", inputs},
                  {"needs", needs},
                  {"matrix", matrix},
                  {"strategy", strategy},
                  {"vars", json::object()},
                  {"secrets", json::object()},
                  {"env", json::object()},
                  {"job", {{"status", "success"}}}};  // every step succeeds
  // The job id, and the name GitHub shows when it is another: the value
  // of a name with ${{ }}, unless that is empty; else the plain name, or
  // the id, and what a matrix leg shows, cut as GitHub cuts it.
  const Value* name = job.get("name");
  const bool plain = plain_name(name);
  std::string shown_name = plain ? "" : github_to_string(value_json(*name, &ctx));
  if (shown_name.empty())
    shown_name = job_name_shown(
        leg_name(id, plain ? name : nullptr, shown ? *shown : std::vector<std::string>{}));
  const std::string label = shown_name == id ? id : id + " [" + shown_name + "]";
  if (const Value* uses = job.get("uses")) {
    if (uses->tag != "workflow_ref") {
      line(indent, label + ": calls " + github_to_string(value_json(*uses, &ctx)) +
                       " (outside these pipelines)");
      return json::object();
    }
    const WorkflowModel* callee = called_workflow(program_, job);
    line(indent, label + ": calls " + file_name(uses->get("file")->text));
    if (!callee) return json::object();
    json with = json::object();
    for (const auto& in : callee->inputs) {
      const Value* d = default_in(in, true);
      with[in.name] = d ? value_json(*d, &ctx) : github_unset_input(github_type(in));
    }
    if (const Value* w = job.get("with")) {
      for (const auto& f : w->fields) with[f.key] = value_json(*f.value, &ctx);
    }
    const json outputs = run(*callee, with, indent + 1);
    status = status_;
    return outputs;
  }
  line(indent, label + ": runs");
  json env = json::object();
  if (const Value* we = wf.body->get("env")) env.update(value_json(*we, &ctx));
  if (const Value* je = job.get("env")) env.update(value_json(*je, &ctx));
  // The runner's default variables, which a step's process sees (the env
  // context does not hold them).
  const json gh = github_context();
  const json defaults = {{"GITHUB_EVENT_NAME", gh["event_name"]}, {"GITHUB_REF", gh["ref"]},
                         {"GITHUB_REF_NAME", gh["ref_name"]},     {"GITHUB_REPOSITORY", gh["repository"]},
                         {"GITHUB_RUN_ID", gh["run_id"]},         {"GITHUB_SHA", gh["sha"]}};
  json steps = json::object();
  std::set<std::string> unknown;  // ids of steps whose outputs only a run gives
  if (const Value* list = job.get("steps")) {
    for (const auto& step : list->items) {
      ctx.contexts["steps"] = steps;
      ctx.contexts["env"] = env;
      json step_env = defaults;
      step_env.update(env);
      if (const Value* se = step->get("env")) step_env.update(value_json(*se, &ctx));
      // A tool's env inputs are given in args.
      if (const Value* args = step->get("tool") ? step->get("args") : nullptr)
        step_env.update(value_json(*args, &ctx));
      json outputs = json::object();
      std::vector<std::string> notes;
      bool known = oracle_ && oracle_(*step, step_env, event_, outputs, notes);
      // A step runs when its if holds; without a status function, only
      // while every step before it succeeded (GitHub reads success() &&).
      const Value* cond = step->get("if");
      const Expr* cond_expr = cond ? whole_expr(*cond) : nullptr;
      const Value* sid = step->get("id");
      std::string name = step->get("name") ? step->get("name")->text : (sid ? sid->text : "step");
      auto not_followed = [&](const std::string& why, bool say) {
        if (say) line(indent + 1, name + ": not followed (" + why + ")");
        if (sid) {
          unknown.insert(sid->text);
          steps[sid->text] = {
              {"outputs", json::object()}, {"outcome", placeholder("outcome")}, {"conclusion", placeholder("conclusion")}};
        }
      };
      // One whose if reads outputs only a run gives may run or not: its own
      // outputs and result are a run's too (said of a step explain knows).
      if (cond && (cond_expr ? reads_step_outputs(*cond_expr, unknown) : reads_step_outputs(*cond, unknown))) {
        not_followed("its if reads a step's outputs, which only a run gives", known || !notes.empty());
        continue;
      }
      ctx.job_status = status;
      ctx.contexts["job"]["status"] = status;
      ctx.error.clear();
      ctx.unknown.clear();
      const bool implicit = !cond_expr || !has_status_function(*cond_expr);
      const bool runs = (!implicit || status == "success") &&
                        (!cond || github_truthy(cond_expr ? github_eval(*cond_expr, ctx) : value_json(*cond, &ctx)));
      // An if GitHub cannot evaluate fails the step, and so the job.
      if (!ctx.error.empty()) {
        line(indent + 1, name + ": fails (its if fails to evaluate: " + ctx.error + ")");
        if (sid) steps[sid->text] = {{"outputs", json::object()}, {"outcome", "failure"}, {"conclusion", "failure"}};
        status = "failure";
        continue;
      }
      if (!ctx.unknown.empty()) {
        not_followed("its if reads " + ctx.unknown + ", which only a run gives", true);
        continue;
      }
      if (known || !notes.empty()) {
        if (!runs) {
          line(indent + 1,
               name + ": skipped" +
                   (cond_expr ? " (false: " + render_expr(false_part(*cond_expr, ctx)) + ")"
                              : std::string(" (if is false)")));
        } else {
          line(indent + 1, name + ":");
          for (const auto& n : notes) line(indent + 2, n);
        }
      }
      if (!runs) {
        outputs = json::object();
        known = true;
      }
      const std::string result = runs ? "success" : "skipped";
      if (sid && !known) unknown.insert(sid->text);
      if (sid) steps[sid->text] = {{"outputs", outputs}, {"outcome", result}, {"conclusion", result}};
    }
  }
  ctx.contexts["steps"] = steps;
  json outputs = json::object();
  if (const Value* outs = job.get("outputs")) {
    // An output read from a step explain cannot run shows as <name>.
    for (const auto& o : outs->fields) {
      std::string v = github_to_string(value_json(*o.value, &ctx));
      outputs[o.key] = v.empty() && reads_step_outputs(*o.value, unknown) ? placeholder(o.key) : json(v);
    }
  }
  return outputs;
}

// The dispatch inputs given must be ones a workflow that runs declares, with
// a value GitHub would accept: it refuses a dispatch otherwise.
bool check_inputs(const std::vector<const WorkflowModel*>& entries, const ExplainEvent& event, Diagnostics& diags) {
  bool ok = true;
  for (const auto& [name, value] : event.inputs) {
    std::vector<std::string> names;
    bool declared = false;
    for (const WorkflowModel* wf : entries) {
      for (const auto& in : wf->inputs) {
        if (in.only == "call") continue;
        names.push_back(in.name);
        if (in.name != name) continue;
        declared = true;
        std::string want;
        if (in.type == "boolean" && value != "true" && value != "false") want = "true or false";
        if (in.type == "choice" && std::find(in.options.begin(), in.options.end(), value) == in.options.end())
          want = "one of " + join(in.options);
        if (in.type == "number") {
          char* end = nullptr;
          std::strtod(value.c_str(), &end);
          if (value.empty() || *end != '\0') want = "a number";
        }
        if (!want.empty()) {
          diags.error(Pos{}, "usage", "--input " + name + ": " + wf->file + " takes " + want + ", not \"" + value + "\"");
          ok = false;
        }
      }
    }
    if (!declared) {
      diags.error(Pos{}, "usage",
                  "--input " + name + ": no workflow that runs on this event has a dispatch input \"" + name + "\"" +
                      did_you_mean(name, names));
      ok = false;
    }
  }
  return ok;
}

}  // namespace

std::string explain(const Program& program, const ExplainEvent& event, const StepOracle& oracle, Diagnostics& diags) {
  static const std::vector<std::string> events = {"push", "pull_request", "schedule", "workflow_dispatch"};
  if (std::find(events.begin(), events.end(), event.event) == events.end()) {
    diags.error(Pos{}, "usage", "--event must be one of " + join(events) + did_you_mean(event.event, events));
    return "";
  }
  if (event.fork && event.event != "pull_request") {
    diags.error(Pos{}, "usage", "--fork describes a pull request; it needs --event pull_request");
    return "";
  }
  if ((event.activity == "labeled" || event.activity == "unlabeled") && event.labels.empty()) {
    diags.error(Pos{}, "usage", "--type " + event.activity + " is a label's activity; name the label with --label");
    return "";
  }
  if (!event.labels.empty() && event.event != "pull_request") {
    diags.error(Pos{}, "usage", "--label is a pull request's label; it needs --event pull_request");
    return "";
  }
  if (!event.inputs.empty() && event.event != "workflow_dispatch") {
    diags.error(Pos{}, "usage", "--input gives a workflow_dispatch input; it needs --event workflow_dispatch");
    return "";
  }
  // --workflow matches the generated file's path or, when no file has that
  // path, a tail of it (each file with that tail).
  const bool exact = std::any_of(program.workflows.begin(), program.workflows.end(),
                                 [&](const auto& wf) { return wf->file == event.workflow; });
  auto selected = [&](const WorkflowModel& wf) {
    return event.workflow.empty() || (exact ? wf.file == event.workflow : names_path(wf.file, event.workflow));
  };
  // (With no --workflow, none generated: no workflow runs, said below.)
  if (!event.workflow.empty() &&
      std::none_of(program.workflows.begin(), program.workflows.end(), [&](const auto& wf) { return selected(*wf); })) {
    std::vector<std::string> files;
    for (const auto& wf : program.workflows) files.push_back(wf->file.substr(wf->file.rfind('/') + 1));
    diags.error(Pos{}, "usage", "--workflow " + event.workflow + " is no generated workflow" + did_you_mean(event.workflow, files));
    return "";
  }
  Simulator sim(program, event, oracle);
  std::string header = "event: " + event.event + (event.event == "pull_request" ? " (" + event.activity + ")" : "") +
                       (event.fork ? " from a fork" : "") +
                       (event.tag.empty() ? ", branch " + event.branch : ", tag " + event.tag) +
                       (event.repository != ExplainEvent{}.repository ? ", in " + event.repository : "");
  if (!event.labels.empty()) header += ", labels " + join(event.labels);
  for (const auto& [k, v] : event.inputs) header += ", " + k + "=" + v;
  if (!event.changed.empty()) header += ", changed " + join(event.changed);
  sim.out += header + "\n";
  // Path filters read the diff, and so do steps such as configure_ci.
  if (event.changed.empty() && event.event != "schedule")
    sim.out += "no changed paths given (--changed PATH): path filters are taken to match, and steps that read the diff see none\n";
  std::vector<const WorkflowModel*> entries;
  for (const auto& wf : program.workflows) {
    if (selected(*wf) && sim.triggered(*wf)) entries.push_back(wf.get());
  }
  std::sort(entries.begin(), entries.end(), [](const WorkflowModel* a, const WorkflowModel* b) { return a->file < b->file; });
  if (!check_inputs(entries, event, diags)) return "";
  if (entries.empty()) sim.out += "\nno workflow runs on this event\n";
  for (const WorkflowModel* wf : entries) {
    sim.out += "\n" + wf->file + "\n";
    json inputs = json::object();
    // A manual run is taken as the Actions form starts one: every input
    // given, by the value typed or its default, else empty (a boolean
    // false, a choice its first option); github.event.inputs holds each
    // as text.
    sim.dispatch_inputs = json::object();
    if (event.event == "workflow_dispatch") {
      for (const auto& in : wf->inputs) {
        if (in.only == "call") continue;
        if (auto it = event.inputs.find(in.name); it != event.inputs.end()) {
          inputs[in.name] = in.type == "boolean" ? json(it->second == "true") : json(it->second);
        } else if (const Value* d = default_in(in, false)) {
          // A manual run gives a number input as text, its default too.
          EvalContext ctx;
          const json value = value_json(*d, &ctx);
          inputs[in.name] = in.type == "number" ? json(github_to_string(value)) : value;
        } else {
          inputs[in.name] = in.type == "boolean" ? json(false) : json(in.options.empty() ? "" : in.options[0]);
        }
        sim.dispatch_inputs[in.name] = github_to_string(inputs[in.name]);
      }
    }
    // The cron of a workflow's schedule; of several, which started the run
    // only a run knows.
    sim.schedule = "";
    if (const Value* on = event.event == "schedule" ? wf->body->get("on") : nullptr) {
      const Value* crons = on->get("schedule");
      if (crons && crons->items.size() == 1 && crons->items[0]->get("cron")) sim.schedule = crons->items[0]->get("cron")->text;
      if (crons && crons->items.size() > 1) sim.schedule = placeholder("schedule").get<std::string>();
    }
    sim.run(*wf, inputs, 1);
  }
  return sim.out;
}

}  // namespace pipec
