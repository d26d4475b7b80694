// Renames the jobs of a corpus workflow to the ids of the generated jobs that
// play their role (a map entry's `jobs:`), so that the two are compared field
// by field instead of as one job removed and another added.
#pragma once

#include <yaml-cpp/yaml.h>

#include <map>
#include <string>
#include <vector>

namespace wfcompare {

// Returns a copy of the workflow with each renamed job under its new id, and
// with `needs:` entries and every `needs.<old id>.` in its strings rewritten.
// The corpus ids that name no job are added to `missing`.
YAML::Node rename_jobs(const YAML::Node& root, const std::map<std::string, std::string>& renames,
                       std::vector<std::string>& missing);

}  // namespace wfcompare
