#include "runs_along.h"

#include <cstdint>
#include <set>
#include <utility>
#include <vector>

#include "ascii.h"
#include "expr_chain.h"
#include "github_eval.h"
#include "render_expr.h"

namespace pipec {
namespace {

// The workflow instance a part of a condition is read in, by the number of
// jobs on the way down to it (its callers); or, for a part that reads only
// github and vars, every workflow of the run.
constexpr size_t kRunWide = SIZE_MAX;

struct Part {
  size_t scope = 0;
  std::string text;  // as written out
  Pos pos;
};

bool run_wide(const Expr& e) {
  bool wide = true;
  each_expr(e, [&](const Expr& x) {
    if (x.kind != Expr::Kind::Name) return;
    const std::string name = lower(x.text);
    wide = wide && (name == "github" || name == "vars");
  });
  return wide;
}

// The parts of a condition that check no job's or step's status, read
// `scope` jobs down the way.
std::vector<Part> parts(const Value* cond, size_t scope) {
  std::vector<Part> out;
  const Expr* e = cond ? whole_expr(*cond) : nullptr;
  if (!e) return out;
  for (const Expr* p : and_operands(*e)) {
    if (has_status_function(*p)) continue;
    out.push_back({run_wide(*p) ? kRunWide : scope, render_expr(*p), p->pos});
  }
  return out;
}

// Whether a job with this condition is skipped when a job it waits for
// was: no status function in it (GitHub reads it as success() && (...)),
// or success() as a part of it.
bool waits_for_success(const Value* cond) {
  const Expr* e = cond ? whole_expr(*cond) : nullptr;
  if (!e || !has_status_function(*e)) return true;
  for (const Expr* p : and_operands(*e)) {
    if (lower(render_expr(*p)) == "success()") return true;
  }
  return false;
}

const Value* job_if(const WorkflowModel& wf, const std::string& job) {
  for (const auto& j : jobs_of(*wf.body)) {
    if (j.key == job) return j.value->get("if");
  }
  return nullptr;
}

std::string job_name(const WorkflowModel& wf, const std::string& job) {
  return "job \"" + job + "\" in " + file_name(wf.file);
}

std::string step_name(const ArtifactStep& a) {
  const Hop& h = a.chain.back();
  return step_named(*a.step) + " of " + job_name(*h.wf, h.job);
}

std::string held_nowhere(const Part& p, const std::string& earlier) {
  return " holds " + p.text + " (" + to_string(p.pos) + "), and nothing on the way to " + earlier +
         " does";
}

}  // namespace

NeededJobs& RunsAlong::needed(const WorkflowModel& wf) {
  return needed_.try_emplace(&wf, wf).first->second;
}

std::optional<SkipReason> RunsAlong::may_skip(const ArtifactStep& later,
                                              const std::vector<const ArtifactStep*>& earlier,
                                              const std::string& what) {
  // For each earlier step: how many jobs its way shares with later's, and
  // what holds whenever it runs (by the workflow instance it is read in).
  struct Way {
    size_t shared = 0;
    std::set<std::pair<size_t, std::string>> held;
  };
  std::vector<Way> ways;
  for (const ArtifactStep* e : earlier) {
    Way w;
    const Fork f = fork(later, *e);
    w.shared = f.x ? f.depth : later.chain.size();
    auto hold = [&](const std::vector<Part>& ps) {
      for (const Part& p : ps) w.held.insert({p.scope, p.text});
    };
    for (size_t d = 0; d < e->chain.size(); ++d) {
      const Hop& h = e->chain[d];
      const Value* cond = job_if(*h.wf, h.job);
      hold(parts(cond, d));
      // Each job it waits for ran, when it waits for success.
      if (waits_for_success(cond)) {
        for (const std::string& j : needed(*h.wf).of(h.job)) hold(parts(job_if(*h.wf, j), d));
      }
    }
    hold(parts(e->step_if(), e->chain.size()));
    ways.push_back(std::move(w));
  }
  // Held on the way to an earlier step, read where both ways read it (in a
  // workflow instance they share), or run-wide. (So is every part on the
  // jobs a way shares.)
  auto holds = [&](const Part& p) {
    for (const Way& w : ways) {
      if ((p.scope == kRunWide || p.scope <= w.shared) && w.held.count({p.scope, p.text}))
        return true;
    }
    return false;
  };
  const std::string fix = "take that part out, or put it on the way to " + what + " too";

  // The conditions on the way to `later`.
  for (size_t d = 0; d < later.chain.size(); ++d) {
    const Hop& h = later.chain[d];
    for (const Part& p : parts(job_if(*h.wf, h.job), d)) {
      if (!holds(p))
        return SkipReason{"the condition of " + job_name(*h.wf, h.job) + held_nowhere(p, what),
                          fix};
    }
  }
  for (const Part& p : parts(later.step_if(), later.chain.size())) {
    if (!holds(p))
      return SkipReason{"the condition of " + step_name(later) + held_nowhere(p, what), fix};
  }

  // The jobs those wait for, when they wait for success.
  for (size_t d = 0; d < later.chain.size(); ++d) {
    const Hop& h = later.chain[d];
    const Value* cond = job_if(*h.wf, h.job);
    if (!waits_for_success(cond)) continue;
    for (const std::string& j : needed(*h.wf).of(h.job)) {
      for (const Part& p : parts(job_if(*h.wf, j), d)) {
        if (holds(p)) continue;
        const std::string name = job_name(*h.wf, h.job);
        const Expr* e = cond ? whole_expr(*cond) : nullptr;
        const bool success = e && has_status_function(*e);  // success() is a part of it
        return SkipReason{
            name + " is skipped when job \"" + j + "\", which it waits for, is (" +
                (success ? "success() in its condition" : "no status function in its condition") +
                "), and the condition of " + job_name(*h.wf, j) + held_nowhere(p, what),
            (success ? "put unless_failed() for success() in the condition of "
                     : "begin the condition of ") +
                name + (success ? "" : " with unless_failed() &&")};
      }
    }
  }
  return std::nullopt;
}

}  // namespace pipec
