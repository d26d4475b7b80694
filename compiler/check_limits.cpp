#include "check_limits.h"

#include <cstdint>
#include <map>
#include <set>

#include "linter.h"
#include "matrix_legs.h"

namespace pipec {
namespace {

// GitHub takes 25 since December 2025; actionlint, which every file pipec
// writes must pass, refuses more than 10 until 1.7.10 (tools/ pins 1.7.7).
constexpr size_t kMaxDispatchInputs = 10;
constexpr size_t kMaxLevels = 10;
constexpr size_t kMaxUniqueCalled = 50;

// A job that calls a reusable workflow: its id, and the workflow as GitHub
// names it (`./.github/workflows/x.yml` or `owner/repo/...@sha`), with our
// model of it when pipec generates it.
struct Call {
  const Field* job;
  std::string name;
  const WorkflowModel* callee;
};

std::vector<Call> calls_of(const WorkflowModel& wf, const Program& program) {
  std::vector<Call> calls;
  for (const auto& j : jobs_of(*wf.body)) {
    const Value* uses = j.value->get("uses");
    if (!uses) continue;
    if (uses->tag == "workflow_ref") {
      const WorkflowModel* callee = called_workflow(program, *j.value);
      if (callee) calls.push_back({&j, local_uses(callee->file), callee});
    } else if (uses->is_string()) {
      calls.push_back({&j, uses->text, nullptr});
    }
  }
  return calls;
}

class LimitChecker {
 public:
  LimitChecker(const Program& program, Diagnostics& diags) : program_(program), diags_(diags) {}

  void run() {
    std::set<const WorkflowModel*> called;
    for (const auto& w : program_.workflows) {
      for (const Call& c : calls_of(*w, program_)) called.insert(c.callee);
    }
    for (const auto& w : program_.workflows) {
      check_dispatch_inputs(*w);
      check_matrices(*w);
      // Where a run starts, or a workflow only callers outside these
      // pipelines reach: each is the top of its own tree.
      if (starts_runs(*w) || !called.count(w.get())) {
        check_levels(*w);
        check_unique_calls(*w);
      }
    }
  }

 private:
  void check_dispatch_inputs(const WorkflowModel& wf) {
    if (!has_trigger(wf, "dispatch")) return;
    size_t n = 0;
    for (const auto& in : wf.inputs) {
      if (in.only == "call" || ++n != kMaxDispatchInputs + 1) continue;
      size_t total = 0;
      for (const auto& i : wf.inputs) total += i.only != "call";
      diags_.error(in.pos, "limit",
                   "input \"" + in.name + "\" is dispatch input " + std::to_string(n) + " of " +
                       std::to_string(total) + " in " + file_name(wf.file) +
                       "; " + kLinter + " takes at most " +
                       std::to_string(kMaxDispatchInputs) + " on workflow_dispatch (GitHub takes 25): the form's inputs "
                       "are counted in the order written, so the one added may be another; make one call-only "
                       "(only = \"call\") or leave one out");
    }
  }

  // How many levels of workflows a run of `wf` connects (itself included),
  // and the job that leads down the longest chain.
  size_t levels(const WorkflowModel& wf) {
    if (auto it = levels_.find(&wf); it != levels_.end()) return it->second;
    levels_[&wf] = 1;  // a call cycle is reported where workflows are made
    size_t best = 1;
    for (const Call& c : calls_of(wf, program_)) {
      size_t below = 1 + (c.callee ? levels(*c.callee) : 1);
      if (below > best) {
        best = below;
        deepest_[&wf] = c;
      }
    }
    return levels_[&wf] = best;
  }

  void check_levels(const WorkflowModel& wf) {
    size_t n = levels(wf);
    if (n <= kMaxLevels) return;
    std::vector<std::string> chain{file_name(wf.file)};
    for (const WorkflowModel* w = &wf; w && deepest_.count(w) && chain.size() <= n;) {
      const Call& c = deepest_.at(w);
      chain.push_back(c.callee ? file_name(c.callee->file) : c.name);
      w = c.callee;
    }
    diags_.error(deepest_.at(&wf).job->key_pos, "limit",
                 file_name(wf.file) + " connects " + std::to_string(n) +
                     " levels of workflows: " + join(chain, " -> ") + "; GitHub runs at most " +
                     std::to_string(kMaxLevels) + " (the workflow a run starts with and 9 nested)");
  }

  // Adds every reusable workflow the calls reach to `seen`.
  void collect(const WorkflowModel& wf, std::set<std::string>& seen,
               std::set<const WorkflowModel*>& walked) {
    if (!walked.insert(&wf).second) return;
    for (const Call& c : calls_of(wf, program_)) {
      seen.insert(c.name);
      if (c.callee) collect(*c.callee, seen, walked);
    }
  }

  void check_unique_calls(const WorkflowModel& wf) {
    std::set<std::string> seen;
    std::set<const WorkflowModel*> walked{&wf};
    const Field* crossing = nullptr;
    for (const Call& c : calls_of(wf, program_)) {
      seen.insert(c.name);
      if (c.callee) collect(*c.callee, seen, walked);
      if (!crossing && seen.size() > kMaxUniqueCalled) crossing = c.job;
    }
    if (!crossing) return;
    diags_.error(crossing->key_pos, "limit",
                 file_name(wf.file) + " calls " + std::to_string(seen.size()) +
                     " unique reusable workflows, counting those they call (past " +
                     std::to_string(kMaxUniqueCalled) + " from job \"" + crossing->key +
                     "\"); GitHub allows at most " + std::to_string(kMaxUniqueCalled) +
                     " from one workflow file");
  }

  void check_matrices(const WorkflowModel& wf) {
    for (const auto& j : jobs_of(*wf.body)) {
      const Value* strategy = j.value->get("strategy");
      const Value* matrix = strategy ? strategy->get("matrix") : nullptr;
      if (!matrix || matrix->kind != Value::Kind::Object) continue;
      size_t n = 0;
      bool at_least = false;
      if (!matrix_jobs(*matrix, n, &at_least) || n <= kMaxMatrixJobs) continue;
      // (A count past SIZE_MAX is SIZE_MAX.)
      const std::string count = (at_least || n == SIZE_MAX ? "at least " : "") + std::to_string(n);
      diags_.error(matrix->pos, "limit",
                   "the matrix of job \"" + j.key + "\" in " + file_name(wf.file) + " makes " + count +
                       " jobs; GitHub allows at most " + std::to_string(kMaxMatrixJobs) + " jobs per matrix");
    }
  }

  const Program& program_;
  Diagnostics& diags_;
  std::map<const WorkflowModel*, size_t> levels_;
  std::map<const WorkflowModel*, Call> deepest_;
};

}  // namespace

void check_limits(const Program& program, Diagnostics& diags) {
  LimitChecker(program, diags).run();
}

}  // namespace pipec
