#include "check_shared_groups.h"

#include <set>
#include <string>
#include <vector>

#include "event_fields.h"
#include "expr_chain.h"
#include "render_expr.h"

namespace pipec {
namespace {

// github fields that are the same for two runs of a workflow on any refs.
const std::set<std::string> kSameInEveryRun = {"workflow", "repository", "repository_owner",
                                               "event_name", "job"};

// What a group's expressions read, chain by chain.
struct Reads {
  const EventField* field = nullptr;  // the first event field read bare
  std::string read;                   // that read, as written
  bool distinguishes = false;         // something that tells two runs apart
};

void visit(const Expr& e, bool guarded, Reads& r) {
  const Chain c = chain(e);
  if (!c.empty()) {
    if (const EventField* f = event_field(c)) {
      // Beside a fallback (x || y) the field's absence is said for; y is
      // judged on its own.
      if (!guarded && !r.field) {
        r.field = f;
        r.read = render_expr(e);
      }
      return;
    }
    const std::string& root = c[0].first;
    if (root == "vars" || root == "inputs" || root == "matrix" || root == "strategy") return;
    if (root == "github" && c.size() >= 2 && kSameInEveryRun.count(c[1].first)) return;
    r.distinguishes = true;
    return;
  }
  const bool fallback = e.kind == Expr::Kind::Binary && e.text == "||";
  for (size_t i = 0; i < e.operands.size(); ++i)
    visit(*e.operands[i], guarded || (fallback && i == 0), r);
  for (const auto& p : e.parts)
    if (p.expr) visit(*p.expr, guarded, r);
}

void check_group(const Value& group, const std::string& where, const Value& on,
                 Diagnostics& diags) {
  Reads r;
  if (group.kind == Value::Kind::Runtime && group.expr) visit(*group.expr, false, r);
  for (const auto& p : group.parts)
    if (p.expr) visit(*p.expr, false, r);
  const EventField* field = r.field;
  const std::string& read = r.read;
  const bool distinguishes = r.distinguishes;
  if (!field || distinguishes) return;
  std::string unset;  // the triggers whose runs do not set the field
  for (const auto& t : on.fields) {
    if (is_trigger(t.key, "call")) continue;
    if (!sets(*field, t.key)) unset += (unset.empty() ? "" : " and ") + t.key;
  }
  if (unset.empty()) return;
  diags.error(group.pos, "concurrency",
              where + " does not tell branches apart in " + unset + " runs: " + read +
                  " is empty there, and nothing else in the group names the "
                  "branch or the run, so runs on different branches share it: one runs at a "
                  "time and each new one cancels the one waiting (the one running too, with "
                  "cancel-in-progress); write " +
                  read + " || github.ref");
}

}  // namespace

void check_shared_groups(const WorkflowModel& wf, Diagnostics& diags) {
  const Value* on = wf.body->get("on");
  if (!on || on->kind != Value::Kind::Object) return;
  if (const Value* g = concurrency_group(*wf.body))
    check_group(*g, "the concurrency group of " + file_name(wf.file), *on, diags);
  for (const auto& j : jobs_of(*wf.body))
    if (const Value* g = concurrency_group(*j.value))
      check_group(*g, "the concurrency group of job \"" + j.key + "\" in " + file_name(wf.file),
                  *on, diags);
}

}  // namespace pipec
