#include "check_step_outputs.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "ascii.h"
#include "expr_chain.h"
#include "tool_lookup.h"

namespace pipec {
namespace {

// What a step writes to GITHUB_OUTPUT, as far as pipec knows it.
struct Writes {
  std::string what;                  // runs tool upload, uses action "cache" (v5.0.3)
  std::vector<std::string> outputs;  // GITHUB_OUTPUT
  std::vector<std::string> env;      // a tool's outputs with to = "env"
};

// A step's outputs; nullopt for a step whose outputs pipec does not know.
std::optional<Writes> writes_of(const Value& step, const Program& program) {
  if (const Value* t = step.get("tool")) {
    const ToolDecl* tool = find_tool(program, *t);
    if (!tool) return std::nullopt;
    Writes w{"runs tool " + tool->name, {}, {}};
    for (const auto& o : tool->outputs) (o.to == "env" ? w.env : w.outputs).push_back(o.name);
    return w;
  }
  const Value* uses = step.get("uses");
  const Value* outputs = uses && uses->tag == "action" ? uses->get("outputs") : nullptr;
  if (!outputs || outputs->kind != Value::Kind::List) return std::nullopt;
  const Value* version = uses->get("version");
  const Value* name = uses->get("name");
  Writes w{"uses action \"" + (name ? name->text : "") + "\"" +
               (version && version->is_string() ? " (" + version->text + ")" : ""),
           {},
           {}};
  for (const auto& o : outputs->items) {
    if (!o->is_string()) return std::nullopt;  // reported where the action is declared
    w.outputs.push_back(o->text);
  }
  return w;
}

bool has(const std::vector<std::string>& names, const std::string& name) {
  return std::any_of(names.begin(), names.end(),
                     [&](const std::string& n) { return lower(n) == lower(name); });
}

// A read of steps.ID.outputs.NAME where the steps before `end` are seen:
// those before the step that reads, or all of them for the job's own fields.
void check_read(const Chain& c, const std::vector<ValuePtr>& steps, size_t end,
                const Program& program, Diagnostics& diags) {
  if (c.size() != 4 || c[0].first != "steps" || c[2].first != "outputs") return;
  const std::string& id = c[1].first;
  const std::string& name = c[3].first;
  // The step of that id; check_refs reports an id no step before has, and
  // one that two steps of the job have (which of them is meant?).
  auto has_id = [&](const ValuePtr& s) {
    const Value* sid = s->get("id");
    return sid && sid->is_string() && lower(sid->text) == lower(id);
  };
  auto it = std::find_if(steps.begin(), steps.begin() + end, has_id);
  if (it == steps.begin() + end || std::count_if(steps.begin(), steps.end(), has_id) > 1) return;
  const std::optional<Writes> w = writes_of(**it, program);
  if (!w || has(w->outputs, name)) return;
  const std::string step = "step \"" + id + "\", which " + w->what + ",";
  if (has(w->env, name)) {
    diags.error(c[3].second, "unknown-output",
                step + " writes " + name + " to GITHUB_ENV, not to its outputs, so steps." + id +
                    ".outputs." + name + " is empty; the steps after it read it as env." + name);
    return;
  }
  const std::string suggestion = did_you_mean(name, w->outputs);
  diags.error(c[3].second, "unknown-output",
              step + " has no output \"" + name + "\"" + suggestion + ", so steps." + id +
                  ".outputs." + name + " is empty" +
                  (!suggestion.empty()  ? ""
                   : w->outputs.empty() ? "; it has no outputs"
                                        : "; it has " + join(w->outputs)));
}

}  // namespace

void check_step_outputs(const WorkflowModel& wf, const Program& program, Diagnostics& diags) {
  for (const auto& j : jobs_of(*wf.body)) {
    const auto& steps = steps_of(*j.value);
    for (const auto& f : j.value->fields) {
      if (f.key != "steps")
        each_runtime(*f.value, [&](const Expr& e) {
          check_read(chain(e), steps, steps.size(), program, diags);
        });
    }
    for (size_t i = 0; i < steps.size(); ++i) {
      const auto from = step_uses(diags, *steps[i], wf.file);
      each_runtime(*steps[i],
                   [&](const Expr& e) { check_read(chain(e), steps, i, program, diags); });
    }
  }
}

}  // namespace pipec
