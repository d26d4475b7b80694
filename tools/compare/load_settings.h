// Permissions and concurrency, which a workflow and each of its jobs may set.
// Items are prefixed: "" at workflow level, "job ID " for a job.
#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>

#include "model.h"

namespace wfcompare {

// `permissions: read-all` is one value; a mapping is one item per scope,
// `<prefix>permissions <scope>`, under a `<prefix>permissions` presence entry.
void load_permissions(const YAML::Node& node, const std::string& prefix,
                      const std::optional<Key>& parent, ModelBuilder& builder);

// `concurrency: G` is `{group: G}`; cancel-in-progress defaults to false.
// Items: `<prefix>concurrency group`, `<prefix>concurrency cancel-in-progress`.
void load_concurrency(const YAML::Node& node, const std::string& prefix,
                      const std::optional<Key>& parent, ModelBuilder& builder);

}  // namespace wfcompare
