// Whether a step runs whenever some others do, in a run where every job
// and step succeeds (for check_index_order: an index that comes after a
// write must not be skipped when the write is made, and the index it may
// race with). Conditions are compared as written, part by part (the
// operands of &&, status functions aside): each part of a condition on the
// way to the later step must be a part of one on the way to one of the
// others, read in a workflow instance the two ways share (or reading only
// github and vars, the same in every workflow of a run). A job that waits
// for success (no status function in its condition, or success() in it)
// runs only when every job it waits for, directly or through others, ran
// (actions/runner#491): on the way to the others, the conditions of those
// jobs hold too; on the way to the later step, they must hold as well.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "artifact_steps.h"
#include "program.h"

namespace pipec {

struct SkipReason {
  std::string why;  // the condition that may be false, and where
  std::string fix;
};

class RunsAlong {
 public:
  // Why GitHub may skip `later` in a run that makes every step of
  // `earlier` (steps on the ways of one run, `later` after them; `what`
  // the reports call the first, or those); none when it may not.
  std::optional<SkipReason> may_skip(const ArtifactStep& later,
                                     const std::vector<const ArtifactStep*>& earlier,
                                     const std::string& what = "the write");

 private:
  NeededJobs& needed(const WorkflowModel& wf);
  std::map<const WorkflowModel*, NeededJobs> needed_;
};

}  // namespace pipec
