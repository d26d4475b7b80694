// The `on:` section: events and their filters (kind triggers) and the inputs
// of workflow_dispatch and workflow_call (kind inputs). `on: push`,
// `on: [push]` and `on: {push: null}` all load the same.
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>

#include "model.h"

namespace wfcompare {

// Items (kind triggers):
//   event E                         the event is handled (presence)
//   event E <filter>                branches, paths, types, tags... as a set
//   event schedule cron             the crons, as a set
//   event workflow_call output O    (presence), then `... value`, `... description`
//   event workflow_call secret S    (presence), then `... required`, `... description`
// Items (kind inputs), E is workflow_dispatch or workflow_call:
//   input E.N                       the input exists (presence)
//   input E.N type|required|default|options|description
// `description` is whether there is one; `required` defaults to false and a
// workflow_dispatch input's `type` to string.
void load_triggers(const YAML::Node& on, const std::string& file, ModelBuilder& builder);

}  // namespace wfcompare
