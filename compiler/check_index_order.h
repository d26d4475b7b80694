// Indexes made before all is written. A tool declared with
// `indexes { store = "STORE" ... }` writes the index of a store (TheRock's
// index of a run's python/<group>/ folder) from what is in it when it runs,
// and tools with `writes { ... }` put files there; an upload that indexes
// what it wrote declares both, the index with `unless = "flag"` when a flag
// keeps it from indexing. A step that does either with a script declares
// it itself (check_store_steps.h). GitHub starts every job whose needs are
// done, and the index written last is the one that stays. So, within one
// workflow:
//   - an index must be written after each write that could come alongside
//     it, or be written again later, after both, by another index;
//   - the legs of a matrix that write into and index the same folder at
//     once need a later index too;
//   - in a workflow that starts runs itself (not only called), each write
//     must be followed by an index;
//   - a step or job that declares it reads the store (installs from its
//     index) and waits for a write needs an index after the write before
//     it, after every index that may list the store before the write
//     (but those in other legs of a matrix it is in).
// Otherwise the index leaves out what comes after it, and nothing fails.
// "After" is through needs, directly or through other jobs, of the
// workflow where the ways to the two steps part (the run's, or one a job
// calls), and by step order within one job; the legs of one matrix job run
// at once. A later index counts only when GitHub runs it whenever the
// write is made (runs_along.h). A workflow only called, by workflows
// here, is checked in their runs, not on its own, where an index its
// caller makes after it would be unseen. Which store a step writes or
// indexes is the values of the store's key, followed through the workflows
// a job calls as artifact names are (artifact_steps.h): a step whose key
// is not known there is not checked, and one whose `unless` flag is not
// known counts as an index that may come later, never as one that comes
// too early, and not as a write. Legs of one matrix that a report would
// name alike are named in one report.
#pragma once

#include <map>

#include "diag.h"
#include "event_reach.h"
#include "program.h"

namespace pipec {

void check_index_order(const Program& program,
                       const std::map<const WorkflowModel*, EventReach>& reaches,
                       Diagnostics& diags);

}  // namespace pipec
