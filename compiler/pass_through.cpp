#include "pass_through.h"

#include <algorithm>
#include <functional>
#include <optional>

#include "tool_lookup.h"

namespace pipec {
namespace {

// root.a.b... as an expression positioned at `at` (the bare name).
ValuePtr reference(const std::vector<std::string>& path, const Pos& at) {
  auto e = std::make_shared<Expr>();
  e->kind = Expr::Kind::Name;
  e->pos = at;
  e->text = path[0];
  for (size_t i = 1; i < path.size(); ++i) {
    auto m = std::make_shared<Expr>();
    m->kind = Expr::Kind::Member;
    m->pos = at;
    m->text = path[i];
    m->operands = {e};
    e = m;
  }
  return make_runtime(e);
}

using Resolver = std::function<ValuePtr(const Field&)>;

// A copy of `obj` whose field `key` is `v`.
ValuePtr with_field(const ValuePtr& obj, const std::string& key, ValuePtr v) {
  auto copy = std::make_shared<Value>(*obj);
  for (auto& f : copy->fields) {
    if (f.key == key) f.value = v;
  }
  return copy;
}

// `obj` with the bare names of its block `key` (with, args, outputs)
// replaced by what `resolve` makes of them.
ValuePtr resolve_in(const ValuePtr& obj, const std::string& key, const Resolver& resolve) {
  const Value* block = obj->get(key);
  if (!block) return obj;
  auto resolved = std::make_shared<Value>(*block);
  for (auto& f : resolved->fields) {
    if (is_pass(*f.value)) f.value = resolve(f);
  }
  return with_field(obj, key, resolved);
}

ValuePtr input_of_same_name(const Field& f) { return reference({"inputs", f.key}, f.key_pos); }
ValuePtr secret_of_same_name(const Field& f) { return reference({"secrets", f.key}, f.key_pos); }

// The ids of the steps of `job` whose tool writes output `name`.
std::vector<std::string> steps_writing(const Value& job, const std::string& name, const Program& program,
                                       std::vector<std::string>& without_id) {
  std::vector<std::string> ids;
  const Value* steps = job.get("steps");
  if (!steps) return ids;
  for (const auto& s : steps->items) {
    const Value* tool = s->get("tool");
    const ToolDecl* decl = tool ? find_tool(program, *tool) : nullptr;
    if (!decl) continue;
    for (const auto& o : decl->outputs) {
      if (o.name != name || o.to == "env") continue;
      if (const Value* id = s->get("id")) ids.push_back(id->text);
      else without_id.push_back(decl->name);
    }
  }
  return ids;
}

class PassThrough {
 public:
  PassThrough(WorkflowModel& wf, const Program& program, Diagnostics& diags)
      : wf_(wf), program_(program), diags_(diags) {}

  void run() {
    Diagnostics::Once once(diags_);
    ValuePtr body = wf_.body;
    if (const Value* jobs = body->get("jobs")) {
      auto resolved = std::make_shared<Value>(*jobs);
      for (auto& j : resolved->fields) j.value = job(j.key, j.value);
      body = with_field(body, "jobs", resolved);
    }
    const Value* jobs = body->get("jobs");
    body = resolve_in(body, "outputs", [&](const Field& f) { return job_output(f, jobs); });
    body = described_outputs(body, jobs);
    report_leftovers(*body);
    wf_.body = body;
  }

 private:
  // A workflow's output written `x { description = "..." }`, with no value:
  // the value a bare x would take, and the description beside it.
  ValuePtr described_outputs(const ValuePtr& body, const Value* jobs) {
    const Value* outs = body->get("outputs");
    if (!outs || outs->kind != Value::Kind::Object) return body;
    auto resolved = std::make_shared<Value>(*outs);
    bool changed = false;
    for (auto& f : resolved->fields) {
      const Value& o = *f.value;
      // Only a description: another key (a misspelt value) is the lowering's
      // to name.
      if (o.kind != Value::Kind::Object || !o.tag.empty() || o.fields.empty() ||
          std::any_of(o.fields.begin(), o.fields.end(), [](const Field& k) { return k.key != "description"; }))
        continue;
      auto with_value = std::make_shared<Value>(o);
      with_value->fields.push_back({"value", f.key_pos, job_output(f, jobs, true)});
      f.value = with_value;
      changed = true;
    }
    return changed ? with_field(body, "outputs", resolved) : body;
  }

  ValuePtr job(const std::string& id, const ValuePtr& j) {
    ValuePtr out = resolve_in(resolve_in(j, "with", input_of_same_name), "secrets", secret_of_same_name);
    out = resolve_in(out, "outputs", [&](const Field& f) { return step_output(id, *j, f); });
    if (const Value* steps = out->get("steps")) {
      auto resolved = std::make_shared<Value>(*steps);
      for (auto& s : resolved->items) {
        const auto from = step_uses(diags_, *s, wf_.file);
        s = resolve_in(resolve_in(s, "with", input_of_same_name), "args",
                       [&](const Field& f) { return tool_argument(*s, f); });
      }
      out = with_field(out, "steps", resolved);
    }
    return out;
  }

  // A bare name in a tool step's args: the input of that name, when the
  // tool has a flag or env of the name. When it has none, the step check
  // reports the name, and the input it would read is no second slip.
  ValuePtr tool_argument(const Value& step, const Field& f) const {
    const Value* tool = step.get("tool");
    if (const ToolDecl* decl = tool ? find_tool(program_, *tool) : nullptr; decl && !contains(argument_names(*decl), f.key))
      return make_error(f.key_pos);
    return input_of_same_name(f);
  }

  ValuePtr step_output(const std::string& job_id, const Value& job, const Field& f) {
    std::vector<std::string> without_id;
    auto ids = steps_writing(job, f.key, program_, without_id);
    if (ids.size() == 1) return reference({"steps", ids[0], "outputs", f.key}, f.key_pos);
    if (ids.empty() && !without_id.empty()) {
      // In the same words for each output it writes: one report (Once).
      diags_.error(f.key_pos, "pass-through",
                   "the " + without_id[0] + " step, which writes this output of job \"" + job_id +
                       "\", has no id; name it (step ID { tool = " + without_id[0] + " ... })");
    } else if (ids.empty()) {
      diags_.error(
          f.key_pos, "pass-through",
          "no step tool in job \"" + job_id + "\" writes an output \"" + f.key + "\"" +
              did_you_mean(f.key, tool_outputs(job)) + "; a bare name in a " +
              "job's outputs takes that output of the one step tool that writes it (else write " +
              f.key + " = steps.ID.outputs.NAME)");
    } else {
      diags_.error(f.key_pos, "pass-through",
                   "output \"" + f.key + "\" is written by several steps of job \"" + job_id + "\" (" + join(ids) +
                       "); say which: " + f.key + " = steps.ID.outputs." + f.key);
    }
    return make_error(f.key_pos);
  }

  // `described`: written x { description = "..." }, with no value.
  ValuePtr job_output(const Field& f, const Value* jobs, bool described = false) {
    std::vector<std::string> ids;
    if (jobs) {
      for (const auto& j : jobs->fields) {
        if (has_output(*j.value, f.key)) ids.push_back(j.key);
      }
    }
    if (ids.size() == 1) return reference({"jobs", ids[0], "outputs", f.key}, f.key_pos);
    if (ids.empty()) {
      std::vector<std::string> names;  // the outputs the jobs have
      for (const auto& j : jobs ? jobs->fields : std::vector<Field>{}) {
        const Value* o = j.value->get("outputs");
        if (const WorkflowModel* callee = o ? nullptr : called_workflow(program_, *j.value))
          o = callee->body->get("outputs");
        for (const auto& out : o ? o->fields : std::vector<Field>{}) names.push_back(out.key);
      }
      diags_.error(f.key_pos, "pass-through",
                   "no job of " + wf_.instance + " has an output \"" + f.key + "\"" +
                       did_you_mean(f.key, names) +
                       (described ? "; an output with a description and no value takes that output of the one "
                                    "job that has it (else write value = jobs.ID.outputs.NAME)"
                                  : "; a bare name in a workflow's outputs takes that output of the one job that "
                                    "has it (else write " + f.key + " = jobs.ID.outputs.NAME)"));
    } else {
      diags_.error(f.key_pos, "pass-through",
                   "several jobs of " + wf_.instance + " have an output \"" + f.key + "\" (" + join(ids) + "); say which: " +
                       (described ? "value" : f.key) + " = jobs.ID.outputs." + f.key);
    }
    return make_error(f.key_pos);
  }

  // The outputs the step tools of a job write.
  std::vector<std::string> tool_outputs(const Value& job) const {
    std::vector<std::string> out;
    const Value* steps = job.get("steps");
    for (const auto& s : steps ? steps->items : std::vector<ValuePtr>{}) {
      const Value* tool = s->get("tool");
      if (const ToolDecl* decl = tool ? find_tool(program_, *tool) : nullptr) {
        for (const auto& o : decl->outputs) out.push_back(o.name);
      }
    }
    return out;
  }

  // Whether a job has an output: in its outputs block, or, for a job that
  // calls a workflow pipec makes, in that workflow's outputs.
  bool has_output(const Value& job, const std::string& name) const {
    if (const Value* o = job.get("outputs")) return o->field(name) != nullptr;
    const WorkflowModel* callee = called_workflow(program_, job);
    const Value* o = callee ? callee->body->get("outputs") : nullptr;
    return o && o->field(name);
  }

  // A bare name anywhere else (env { NAME }, ...) means nothing. In a
  // with, args, secrets or outputs block that is not where one passes
  // values on (it is in a block of a misspelt name, stpe { args { x } }),
  // the message names the block it is in.
  void report_leftovers(const Value& v, const std::string& key = "", const std::string& outer = "") {
    static const std::vector<std::string> passing = {"with", "args", "secrets", "outputs"};
    for (const auto& f : v.fields) {
      if (!is_pass(*f.value)) {
        report_leftovers(*f.value, f.key, key);
        continue;
      }
      std::string where;
      if (std::find(passing.begin(), passing.end(), key) != passing.end() && !outer.empty())
        where = "; this " + key + " { } is in " + outer + " { }, which is no step, job or workflow" +
                did_you_mean(outer, {"step", "job", "workflow"});
      diags_.error(f.key_pos, "pass-through",
                   "a bare name passes a value on only in with, args, secrets and outputs" + where + "; write " +
                       f.key + " = ...");
    }
    for (const auto& i : v.items) report_leftovers(*i, "", key);
  }

  WorkflowModel& wf_;
  const Program& program_;
  Diagnostics& diags_;
};

}  // namespace

void resolve_pass_through(WorkflowModel& wf, const Program& program, Diagnostics& diags) {
  PassThrough(wf, program, diags).run();
}

}  // namespace pipec
