// Which triggers start the runs of each workflow. A workflow's own
// triggers start its runs; a called run has its caller's event, so the
// runs of a workflow with `on { call }` start with the triggers of the
// workflows whose calls reach it, directly or through others, and
// github.event.inputs there is one of their manual-run forms. Read by the
// checks on event fields, event names and github.event.inputs, and by
// check_index_order, which checks a run from the workflow it starts with.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "program.h"

namespace pipec {

struct EventReach {
  // The triggers, as pipec writes them (dispatch, not workflow_dispatch):
  // a workflow's own in the order written, without call; for a workflow
  // with `on { call }`, also its callers', sorted.
  std::vector<std::string> triggers;
  // The files of the workflows a reaching trigger starts.
  std::set<std::string> files;
  // The inputs of those workflows' manual-run forms.
  std::set<std::string> form;
  bool called = false;  // the workflow has `on { call }`
  bool own = false;     // it has triggers besides call: runs can start with it
  // Whether the triggers are all that start its runs. Not for a workflow
  // with `on { call }` that a chain of calls from outside the program
  // reaches (one with `call` that no workflow here calls begins it), nor
  // for one only a cycle of calls reaches.
  bool known = false;
};

std::map<const WorkflowModel*, EventReach> event_reaches(const Program& program);

// The triggers a workflow's `on` may name, in the order pipec writes them
// (workflow_call and workflow_dispatch, which sources write call and
// dispatch, among them).
const std::vector<std::string>& trigger_names();

}  // namespace pipec
