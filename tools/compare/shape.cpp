#include "shape.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "yaml_value.h"

namespace wfcompare {

namespace {

std::string_view type_name(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Undefined:
      return "nothing";
    case YAML::NodeType::Null:
      return "null";
    case YAML::NodeType::Scalar:
      return "a scalar";
    case YAML::NodeType::Sequence:
      return "a sequence";
    case YAML::NodeType::Map:
      return "a mapping";
  }
  return "?";
}

}  // namespace

void expect_map(const YAML::Node& node, const std::string& file, std::string_view what) {
  if (!node.IsMap()) {
    throw InputError(file, node.Mark(),
                     fmt::format("{} must be a mapping, not {}", what, type_name(node)));
  }
  std::set<std::string> seen;
  for (const auto& kv : node) {
    if (!seen.insert(key_text(kv.first)).second) {
      throw InputError(file, kv.first.Mark(),
                       fmt::format("duplicate key '{}' in {}", key_text(kv.first), what));
    }
  }
}

void expect_sequence(const YAML::Node& node, const std::string& file, std::string_view what) {
  if (!node.IsSequence()) {
    throw InputError(file, node.Mark(),
                     fmt::format("{} must be a sequence, not {}", what, type_name(node)));
  }
}

nlohmann::json sorted_list(const nlohmann::json& value) {
  if (!value.is_array()) return value;
  std::vector<std::pair<std::string, nlohmann::json>> items;
  for (const auto& item : value) items.emplace_back(render(item), item);
  std::stable_sort(items.begin(), items.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  nlohmann::json out = nlohmann::json::array();
  for (auto& item : items) out.push_back(std::move(item.second));
  return out;
}

nlohmann::json as_set(const nlohmann::json& value) {
  if (value.is_array()) {
    nlohmann::json sorted = sorted_list(value);
    nlohmann::json out = nlohmann::json::array();
    for (const auto& item : sorted) {
      if (out.empty() || render(out.back()) != render(item)) out.push_back(item);
    }
    return out;
  }
  if (value.is_object()) return value;
  return nlohmann::json::array({value});
}

}  // namespace wfcompare
