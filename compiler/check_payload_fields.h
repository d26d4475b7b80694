// A misspelt field of the event payload: github.event.pull_request.head.
// repo.forked, where the repository has fork. GitHub reads a field the
// payload does not have as null, so the condition or value quietly means
// something else (a fork guard that never holds). The objects a workflow
// reads most, a pull request, its head and base, a repository and a user,
// are known by their fields (octokit/webhooks' payload schemas). GitHub
// adds fields over time that those schemas may lag behind, so a name is
// reported only when it is a slip or two off one the object has (a letter
// added, dropped, changed, or two swapped; one slip under five letters),
// and not when it is further from them all (perhaps newer than the
// list).
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_payload_fields(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
