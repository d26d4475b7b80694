// Needs: a job that reads another job's outputs or result (needs.build.
// outputs.version) and lists no `needs` is given needs = [build, ...], the
// jobs it reads in the order it first reads them: its own keys first, then
// its steps. Only jobs of the workflow that it can wait for are listed:
// not itself, not a job if = false leaves out, not a name no job has;
// check_refs reports those reads, and a job that lists its needs but not
// one it reads.
#pragma once

#include "program.h"

namespace pipec {

// Replaces wf.body when it adds needs to a job. Each need it adds is placed
// at the read it comes from, so a report about it points there.
void infer_needs(WorkflowModel& wf);

}  // namespace pipec
