// GitHub's events, and the fields of the github context that only some
// events set, with the triggers whose runs set them (pipec writes
// workflow_dispatch as dispatch). Elsewhere they are empty. Read by the
// checks on fields and event names no trigger has, and on concurrency
// groups that runs share.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "expr_chain.h"

namespace pipec {

// The names github.event_name takes: GitHub's events that start workflows,
// and "dynamic" (runs GitHub starts itself, such as code scanning's).
inline const std::vector<std::string>& github_events() {
  static const std::vector<std::string> events = {"branch_protection_rule",
                                                  "check_run",
                                                  "check_suite",
                                                  "create",
                                                  "delete",
                                                  "deployment",
                                                  "deployment_status",
                                                  "discussion",
                                                  "discussion_comment",
                                                  "dynamic",
                                                  "fork",
                                                  "gollum",
                                                  "issue_comment",
                                                  "issues",
                                                  "label",
                                                  "merge_group",
                                                  "milestone",
                                                  "page_build",
                                                  "project",
                                                  "project_card",
                                                  "project_column",
                                                  "public",
                                                  "pull_request",
                                                  "pull_request_review",
                                                  "pull_request_review_comment",
                                                  "pull_request_target",
                                                  "push",
                                                  "registry_package",
                                                  "release",
                                                  "repository_dispatch",
                                                  "schedule",
                                                  "status",
                                                  "watch",
                                                  "workflow_call",
                                                  "workflow_dispatch",
                                                  "workflow_run"};
  return events;
}

// The github context's fields, as actionlint knows them.
inline const std::vector<std::string>& github_fields() {
  static const std::vector<std::string> fields = {
      "action", "action_path", "action_ref", "action_repository", "action_status", "actor", "actor_id",
      "api_url", "artifact_cache_size_limit", "base_ref", "env", "event", "event_name", "event_path",
      "graphql_url", "head_ref", "job", "output", "path", "ref", "ref_name", "ref_protected", "ref_type",
      "repository", "repository_id", "repository_owner", "repository_owner_id", "repository_visibility",
      "repositoryUrl", "retention_days", "run_attempt", "run_id", "run_number", "secret_source",
      "server_url", "sha", "state", "step_summary", "token", "triggering_actor", "workflow", "workflow_ref",
      "workflow_sha", "workspace"};
  return fields;
}

inline bool github_event(const std::string& name) {
  const auto& events = github_events();
  return std::find(events.begin(), events.end(), name) != events.end();
}

// A trigger's event name: pipec writes workflow_dispatch and workflow_call
// as dispatch and call.
inline std::string event_of(const std::string& trigger) {
  if (trigger == "dispatch") return "workflow_dispatch";
  if (trigger == "call") return "workflow_call";
  return trigger;
}

struct EventField {
  std::vector<std::string> names;  // github.<names...>
  std::vector<std::string> triggers;
};

inline const std::vector<EventField>& event_fields() {
  static const std::vector<EventField> fields = {
      // (pull_request_review and pull_request_review_comment set it too,
      // triggers pipec does not take, so no report names them.)
      {{"event", "pull_request"}, {"pull_request", "pull_request_target"}},
      {{"head_ref"}, {"pull_request", "pull_request_target"}},
      {{"base_ref"}, {"pull_request", "pull_request_target"}},
      {{"event", "workflow_run"}, {"workflow_run"}},
      {{"event", "inputs"}, {"dispatch", "workflow_dispatch"}},
      {{"event", "schedule"}, {"schedule"}},
      {{"event", "release"}, {"release"}},
      {{"event", "merge_group"}, {"merge_group"}},
  };
  return fields;
}

// The field a chain reads (github.head_ref, github.event.release.tag_name),
// or null when it reads none of them.
inline const EventField* event_field(const Chain& c) {
  if (c.empty() || c[0].first != "github") return nullptr;
  for (const EventField& f : event_fields()) {
    if (c.size() < f.names.size() + 1) continue;
    bool match = true;
    for (size_t i = 0; i < f.names.size(); ++i) match = match && c[i + 1].first == f.names[i];
    if (match) return &f;
  }
  return nullptr;
}

// Whether a run of this trigger sets the field.
inline bool sets(const EventField& f, const std::string& trigger) {
  for (const auto& t : f.triggers)
    if (t == trigger) return true;
  return false;
}

// github.<names...>, as written.
inline std::string field_name(const EventField& f) {
  std::string out = "github";
  for (const auto& n : f.names) out += "." + n;
  return out;
}

}  // namespace pipec
