// A called run has its caller's event: github.event is the payload of the
// event that started the first workflow of the chain, and
// github.event.inputs that workflow's manual-run form. check_event_fields
// and check_refs judge a workflow by its own triggers and inputs, which say
// nothing of that in a workflow with `on { call }`. Here such a workflow is
// judged by the workflows of the program that call it, directly or through
// others: an event field that none of the triggers that start them sets is
// empty in every run, github.event.inputs.NAME that no form of theirs has
// is null in every run, and github.event_name is never an event that none
// of those triggers is. A workflow with `on { call }` that no workflow
// of the program calls is called from elsewhere: it is not judged, nor is
// any workflow it calls.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_called_events(const Program& program, Diagnostics& diags);

}  // namespace pipec
