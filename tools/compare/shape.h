// The shapes a workflow's structural nodes must have (a mapping of jobs, a
// list of steps, ...) and the set-like normal form of lists whose order means
// nothing to GitHub (branches, needs, runs-on labels).
#pragma once

#include <yaml-cpp/yaml.h>

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace wfcompare {

// Throws an InputError at the node unless it is a mapping without duplicate
// keys; `what` names the node in the message.
void expect_map(const YAML::Node& node, const std::string& file, std::string_view what);

// Throws an InputError at the node unless it is a sequence.
void expect_sequence(const YAML::Node& node, const std::string& file, std::string_view what);

// A value read as a set: a scalar becomes a one-element list, a list is
// sorted by its rendering with duplicates removed; anything else unchanged.
nlohmann::json as_set(const nlohmann::json& value);

// A list sorted by rendering (duplicates kept); anything else unchanged.
nlohmann::json sorted_list(const nlohmann::json& value);

}  // namespace wfcompare
