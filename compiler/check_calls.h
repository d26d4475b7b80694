// Checks jobs that call a reusable workflow instance against what it declares:
// the callee must be callable, `with` may only name its inputs, required
// inputs must be given, and values known now must fit the input's type (a
// choice input keeps its options even though workflow_call sees a string);
// check_types checks the values known at run time.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_calls(const WorkflowModel& wf, const Program& program, Diagnostics& diags);

// What a job calls, as a call is held to it: a workflow pipec makes, or
// one of the repository's own that it reads (external_workflows.h).
struct Callee {
  std::string name;     // ci_os(platform = "linux"), or test_artifacts.yml
  bool callable;        // it has a call trigger
  std::string trigger;  // how to give it one
  const std::vector<InputDecl>& inputs;
  const std::vector<SecretDecl>& secrets;
  // Both are pipec's: an input with no default that the call leaves out
  // is a slip (GitHub gives it the empty value of its type).
  bool no_default_is_slip;
};

// One job's call against what the callee declares: the trigger, `with`
// (its keys, the required inputs, literal values' types) and `secrets`.
// Used by check_calls, and by check_external_callers for the jobs of
// hand-written workflows, read as values.
void check_call(const Field& job, const Pos& at, const Callee& c, Diagnostics& diags);

}  // namespace pipec
