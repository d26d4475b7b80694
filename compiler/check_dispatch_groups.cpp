#include "check_dispatch_groups.h"

#include <set>
#include <string>

#include "ascii.h"
#include "expr_chain.h"

namespace pipec {
namespace {

// What a group reads of the run: the inputs it names (in lower case, as
// GitHub compares them), or that it tells every run apart.
struct Reads {
  std::set<std::string> inputs;
  bool every_run = false;  // all inputs, or a value of the run's own
};

void read(const Expr& e, Reads& out) {
  const Chain c = chain(e);
  if (c.empty()) {
    for (const auto& o : e.operands) read(*o, out);
    for (const auto& p : e.parts) {
      if (p.expr) read(*p.expr, out);
    }
    return;
  }
  std::vector<std::string> names;
  for (const auto& n : c) names.push_back(lower(n.first));
  size_t at =
      names[0] == "inputs" ? 1
      : names.size() >= 3 && names[0] == "github" && names[1] == "event" && names[2] == "inputs"
          ? 3
          : 0;
  if (at > 0) {
    if (names.size() == at)
      out.every_run = true;  // the whole object
    else
      out.inputs.insert(names[at]);
  } else if (names.size() == 2 && names[0] == "github" &&
             (names[1] == "run_id" || names[1] == "run_number")) {
    out.every_run = true;
  }
}

}  // namespace

void check_dispatch_groups(const WorkflowModel& wf, Diagnostics& diags) {
  const Value* c = wf.body->get("concurrency");
  if (!c || c->kind != Value::Kind::Object || !has_trigger(wf, "dispatch")) return;
  const Value* cancel = c->get("cancel-in-progress");
  const Value* group = c->get("group");
  if (!cancel || cancel->kind != Value::Kind::Bool || !cancel->boolean || !group) return;
  Reads reads;
  each_top_expr(*group, [&](const Expr& e) { read(e, reads); });
  if (reads.every_run) return;
  for (const auto& in : wf.inputs) {
    if (in.only == "call" || reads.inputs.count(lower(in.name))) continue;
    diags.error(in.pos, "dispatch-group",
                "two manual runs of " + file_name(wf.file) + " that differ only in input \"" +
                    in.name + "\" cancel each other: the workflow's concurrency group (" +
                    to_string(group->pos) +
                    ") does not read it, and cancel-in-progress is true; put ${{ inputs." +
                    in.name + " }} in the group");
  }
}

}  // namespace pipec
