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
// A rename of a job that does not exist, or to the id of a job that keeps
// its own, adds a message to `problems` (`file` names the corpus file).
YAML::Node rename_jobs(const YAML::Node& root, const std::map<std::string, std::string>& renames,
                       const std::string& file, std::vector<std::string>& problems);

}  // namespace wfcompare
