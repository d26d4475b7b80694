#include "load_triggers.h"

#include <fmt/format.h>

#include "expr_norm.h"
#include "shape.h"
#include "yaml_value.h"

namespace wfcompare {

namespace {

bool has_text(const YAML::Node& node) { return node && !node.IsNull() && scalar_text(node) != ""; }

// The keys of a mapping, sorted (for summaries).
nlohmann::json key_list(const YAML::Node& node) {
  nlohmann::json keys = nlohmann::json::array();
  if (node.IsMap()) {
    for (const auto& kv : node) keys.push_back(key_text(kv.first));
  }
  return sorted_list(keys);
}

void load_inputs(const std::string& event, const YAML::Node& inputs, const std::string& file,
                 const Key& event_key, ModelBuilder& b) {
  if (inputs.IsNull()) return;
  expect_map(inputs, file, fmt::format("on.{}.inputs", event));
  for (const auto& kv : inputs) {
    const std::string name = key_text(kv.first);
    const YAML::Node& def = kv.second;
    const std::string item = fmt::format("input {}.{}", event, name);
    if (!def.IsNull()) expect_map(def, file, fmt::format("input {}", name));
    Key key = b.presence(Kind::inputs, item, def.IsMap() ? to_json(def) : nlohmann::json::object(),
                         event_key);
    if (def.IsMap() && def["type"]) {
      b.value(Kind::inputs, item + " type", to_json(def["type"]), key);
    } else if (event == "workflow_dispatch") {
      b.value(Kind::inputs, item + " type", "string", key);
    }
    b.value(Kind::inputs, item + " required",
            def.IsMap() && def["required"] ? to_json(def["required"]) : nlohmann::json(false), key);
    if (def.IsMap() && def["default"]) {
      b.value(Kind::inputs, item + " default", to_json(def["default"]), key);
    }
    if (def.IsMap() && def["options"]) {
      b.value(Kind::inputs, item + " options", to_json(def["options"]), key);
    }
    b.value(Kind::inputs, item + " description", def.IsMap() && has_text(def["description"]), key);
  }
}

void load_outputs(const YAML::Node& outputs, const std::string& file, const Key& event_key,
                  ModelBuilder& b) {
  if (outputs.IsNull()) return;
  expect_map(outputs, file, "on.workflow_call.outputs");
  for (const auto& kv : outputs) {
    const std::string item = "event workflow_call output " + key_text(kv.first);
    const YAML::Node& def = kv.second;
    Key key = b.presence(Kind::triggers, item, to_json(def), event_key);
    nlohmann::json value = nullptr;
    if (def.IsMap() && def["value"]) value = normalize_expression_json(to_json(def["value"]));
    b.value(Kind::triggers, item + " value", value, key);
    b.value(Kind::triggers, item + " description", def.IsMap() && has_text(def["description"]),
            key);
  }
}

void load_secrets(const YAML::Node& secrets, const std::string& file, const Key& event_key,
                  ModelBuilder& b) {
  if (secrets.IsNull()) return;
  expect_map(secrets, file, "on.workflow_call.secrets");
  for (const auto& kv : secrets) {
    const std::string item = "event workflow_call secret " + key_text(kv.first);
    const YAML::Node& def = kv.second;
    Key key = b.presence(Kind::triggers, item,
                         def.IsMap() ? to_json(def) : nlohmann::json::object(), event_key);
    b.value(Kind::triggers, item + " required",
            def.IsMap() && def["required"] ? to_json(def["required"]) : nlohmann::json(false), key);
    b.value(Kind::triggers, item + " description", def.IsMap() && has_text(def["description"]),
            key);
  }
}

void load_schedule(const YAML::Node& config, const std::string& file, const Key& event_key,
                   ModelBuilder& b) {
  nlohmann::json crons = nlohmann::json::array();
  if (!config.IsNull()) {
    expect_sequence(config, file, "on.schedule");
    for (const auto& entry : config) {
      expect_map(entry, file, "a schedule entry");
      if (!entry["cron"]) throw InputError(file, entry.Mark(), "a schedule entry needs 'cron'");
      crons.push_back(to_json(entry["cron"]));
    }
  }
  b.value(Kind::triggers, "event schedule cron", as_set(crons), event_key);
}

void load_event(const std::string& event, const YAML::Node& config, const std::string& file,
                ModelBuilder& b) {
  const bool callable = event == "workflow_dispatch" || event == "workflow_call";
  nlohmann::json summary = nlohmann::json::object();
  if (event == "schedule") {
    summary = to_json(config);
  } else if (!config.IsNull()) {
    expect_map(config, file, "on." + event);
    for (const auto& kv : config) {
      const std::string k = key_text(kv.first);
      const bool listed = callable && (k == "inputs" || k == "outputs" || k == "secrets");
      summary[k] = listed ? key_list(kv.second) : to_json(kv.second);
    }
  }
  Key key = b.presence(Kind::triggers, "event " + event, summary);
  if (event == "schedule") {
    load_schedule(config, file, key, b);
    return;
  }
  if (config.IsNull()) return;
  for (const auto& kv : config) {
    const std::string k = key_text(kv.first);
    if (callable && k == "inputs") {
      load_inputs(event, kv.second, file, key, b);
    } else if (event == "workflow_call" && k == "outputs") {
      load_outputs(kv.second, file, key, b);
    } else if (event == "workflow_call" && k == "secrets") {
      load_secrets(kv.second, file, key, b);
    } else {
      b.value(Kind::triggers, fmt::format("event {} {}", event, k), as_set(to_json(kv.second)),
              key);
    }
  }
}

}  // namespace

void load_triggers(const YAML::Node& on, const std::string& file, ModelBuilder& builder) {
  if (on.IsScalar()) {
    load_event(on.Scalar(), YAML::Node(YAML::NodeType::Null), file, builder);
    return;
  }
  if (on.IsSequence()) {
    for (const auto& event : on) {
      if (!event.IsScalar()) throw InputError(file, event.Mark(), "an event name must be a scalar");
      load_event(event.Scalar(), YAML::Node(YAML::NodeType::Null), file, builder);
    }
    return;
  }
  expect_map(on, file, "on");
  for (const auto& kv : on) load_event(key_text(kv.first), kv.second, file, builder);
}

}  // namespace wfcompare
