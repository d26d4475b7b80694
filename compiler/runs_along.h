// Whether a step runs whenever another one does, in a run where every job
// and step succeeds (for check_index_order: an index that comes after a
// write must not be skipped when the write is made). Conditions are
// compared as written, part by part (the operands of &&): each part of a
// condition on the way to the later step, below where the two ways part,
// must be a part of one on the way to the earlier step, read in the same
// workflow instance (or reading only github and vars, the same in every
// workflow of a run). And a job whose condition has no status function,
// or has success(), is skipped when a job it waits for, directly or
// through others, was skipped (actions/runner#491): each such job must
// run whenever the earlier step does too, unless the earlier step's job
// waits for it and is itself skipped without it.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "artifact_steps.h"
#include "program.h"

namespace pipec {

struct SkipReason {
  std::string why;  // the condition that may be false, and where
  std::string fix;
};

class RunsAlong {
 public:
  // Why GitHub may skip `later` in a run that makes `earlier` (the two on
  // the ways of one run, `later` after `earlier`); none when it may not.
  std::optional<SkipReason> may_skip(const ArtifactStep& later, const ArtifactStep& earlier);

 private:
  NeededJobs& needed(const WorkflowModel& wf);
  std::map<const WorkflowModel*, NeededJobs> needed_;
};

}  // namespace pipec
