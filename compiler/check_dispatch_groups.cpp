#include "check_dispatch_groups.h"

#include <set>
#include <string>

#include "ascii.h"
#include "check_unread_inputs.h"
#include "expr_chain.h"

namespace pipec {
namespace {

// What a group reads of the run: the inputs it names (in lower case, as
// GitHub compares them), or that it tells every run apart.
struct Reads {
  std::set<std::string> inputs;
  bool every_run = false;  // all inputs, or a value of the run's own
  bool event_name = false;  // github.event_name: runs of two triggers never share it
};

void read(const Expr& e, Reads& out) {
  each_chain(e, [&](const Chain& c, const Expr&) {
    const std::string input = input_read(c);
    const std::string head = lower(c[0].first), field = c.size() == 2 ? lower(c[1].first) : "";
    if (input == "*")
      out.every_run = true;
    else if (!input.empty())
      out.inputs.insert(input);
    else if (head == "github" && (field == "run_id" || field == "run_number"))
      out.every_run = true;
    else if (head == "github" && field == "event_name")
      out.event_name = true;
  });
}

// The input a chain names, in lower case: inputs.X or
// github.event.inputs.X; "" for any other.
std::string input_named(const Expr& e) {
  const Chain c = chain(e);
  const std::string input = input_read(c);
  if (input.empty() || input == "*") return "";
  return c.size() == (lower(c[0].first) == "inputs" ? 2 : 4) ? input : "";
}

// What a group writes for a default that a run without inputs reads alike
// but writes as '' (false, 0; input-default reports the others); "" for
// any other.
std::string default_written(const InputDecl& in) {
  const Value* d = in.default_value.get();
  if (!d || in.only == "call" || default_is_lost(in)) return "";
  if (d->kind == Value::Kind::Bool) return "false";
  if (d->kind == Value::Kind::Number) return "0";
  return "";
}

// How a group reads an input: as it is, or, in a workflow that other
// triggers start too (runs without inputs), with what a manual run at the
// default writes, so that the two share a group (check_runs_without_inputs
// and input-default ask for it): `|| false`, `|| 0`, `|| 'prod'`.
std::string group_read(const WorkflowModel& wf, const InputDecl& in, bool runs_without_inputs) {
  const std::string bare = "inputs." + in.name;
  if (!runs_without_inputs) return "${{ " + bare + " }}";
  if (const std::string written = default_written(in); !written.empty())
    return "${{ " + bare + " || " + written + " }}";
  // (A default only calls have is read so too, as input-default asks; a
  // choice without one, as its first option, which the form starts at.)
  const ValuePtr first = first_option_default(wf, in);
  const Value* d = first ? first.get() : in.default_value.get();
  if (d && d->is_string() && (first || default_is_lost(in))) {
    std::string quoted;
    // As a .pipe source writes it in a "..." group (pipec writes GitHub's
    // '' itself).
    for (char c : d->text) quoted += c == '\'' || c == '\\' || c == '"' ? std::string("\\") + c : std::string(1, c);
    return "${{ " + bare + " || '" + quoted + "' }}";
  }
  return "${{ " + bare + " }}";
}

// Each input a group writes as it is, with where.
void bare_inputs(const Expr& e, std::vector<std::pair<std::string, Pos>>& out) {
  if (e.kind != Expr::Kind::String) {
    if (std::string name = input_named(e); !name.empty()) out.push_back({name, chain_head(e).pos});
    return;
  }
  for (const auto& p : e.parts) {
    if (p.expr) bare_inputs(*p.expr, out);
  }
}

// A manual run and another trigger's run that ask for the same, which a
// group tells apart.
void check_runs_without_inputs(const WorkflowModel& wf, const Value& group, Diagnostics& diags) {
  if (runs_without(wf, "").empty()) return;
  std::vector<std::pair<std::string, Pos>> bare;
  each_top_expr(group, [&](const Expr& e) { bare_inputs(e, bare); });
  std::set<std::string> told;
  for (const auto& [name, pos] : bare) {
    for (const auto& in : wf.inputs) {
      if (lower(in.name) != name || !told.insert(name).second) continue;
      const std::string written = default_written(in);
      if (written.empty()) continue;
      diags.error(pos, "dispatch-group",
                  "the concurrency group writes input \"" + in.name + "\" as it is: a run that no dispatch or caller starts (a push, say) has no inputs, so it "
                      "writes '' there, and a manual run that leaves the input at its "
                      "default writes '" + written +
                      "': a manual run never shares the group of one that asks for the same, and neither "
                      "cancels the other; write ${{ inputs." + in.name + " || " + written + " }}");
    }
  }
}

}  // namespace

void check_dispatch_groups(const Program& program, const WorkflowModel& wf, Diagnostics& diags) {
  const Value* c = wf.body->get("concurrency");
  if (!c || c->kind != Value::Kind::Object || !has_trigger(wf, "dispatch")) return;
  const Value* cancel = c->get("cancel-in-progress");
  const Value* group = c->get("group");
  if (!cancel || cancel->kind != Value::Kind::Bool || !cancel->boolean || !group) return;
  Reads reads;
  each_top_expr(*group, [&](const Expr& e) { read(e, reads); });
  if (reads.every_run) return;
  // A group that names the trigger keeps a manual run apart on purpose.
  if (!reads.event_name) check_runs_without_inputs(wf, *group, diags);
  // An input nothing reads is check_unread_inputs' to report.
  const std::set<std::string> unread = unread_inputs(program, wf);
  for (const auto& in : wf.inputs) {
    if (in.only == "call" || reads.inputs.count(lower(in.name)) || unread.count(lower(in.name))) continue;
    diags.error(in.pos, "dispatch-group",
                "two manual runs of " + file_name(wf.file) + " that differ only in input \"" +
                    in.name + "\" cancel each other: the workflow's concurrency group (" +
                    to_string(group->pos) +
                    ") does not read it, and cancel-in-progress is true; put " +
                    group_read(wf, in, !reads.event_name && !runs_without(wf, in.only).empty()) +
                    " in the group");
  }
}

}  // namespace pipec
