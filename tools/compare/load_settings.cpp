#include "load_settings.h"

#include "expr_norm.h"
#include "yaml_value.h"

namespace wfcompare {

namespace {

nlohmann::json expression_or_value(const YAML::Node& node) {
  return normalize_expression_json(to_json(node));
}

}  // namespace

void load_permissions(const YAML::Node& node, const std::string& prefix,
                      const std::optional<Key>& parent, ModelBuilder& builder) {
  const std::string item = prefix + "permissions";
  if (node.IsMap() || node.IsNull()) {
    nlohmann::json summary = node.IsMap() ? to_json(node) : nlohmann::json::object();
    Key key = builder.presence(Kind::permissions, item, summary, parent);
    if (!node.IsMap()) return;
    for (const auto& kv : node) {
      builder.value(Kind::permissions, item + " " + key_text(kv.first), to_json(kv.second), key);
    }
    return;
  }
  builder.value(Kind::permissions, item, to_json(node), parent);
}

void load_concurrency(const YAML::Node& node, const std::string& prefix,
                      const std::optional<Key>& parent, ModelBuilder& builder) {
  const std::string item = prefix + "concurrency";
  nlohmann::json group;
  nlohmann::json cancel = false;
  if (node.IsMap()) {
    if (node["group"]) group = expression_or_value(node["group"]);
    if (node["cancel-in-progress"]) cancel = expression_or_value(node["cancel-in-progress"]);
  } else {
    group = expression_or_value(node);
  }
  Key key = builder.presence(Kind::concurrency, item,
                             {{"group", group}, {"cancel-in-progress", cancel}}, parent);
  builder.value(Kind::concurrency, item + " group", group, key);
  builder.value(Kind::concurrency, item + " cancel-in-progress", cancel, key);
}

}  // namespace wfcompare
