#include "load_jobs.h"

#include <fmt/format.h>

#include <map>
#include <set>

#include "expr_norm.h"
#include "load_settings.h"
#include "shape.h"
#include "yaml_value.h"

namespace wfcompare {

namespace {

// Action name (before the first `@`) and ref (after it; null when none).
std::pair<std::string, nlohmann::json> split_uses(const std::string& uses) {
  auto at = uses.find('@');
  if (at == std::string::npos) return {uses, nullptr};
  return {uses.substr(0, at), uses.substr(at + 1)};
}

struct ActionUse {
  nlohmann::json uses = nlohmann::json::array();
  nlohmann::json refs = nlohmann::json::array();
};

std::string step_label(const YAML::Node& step, std::size_t position) {
  if (step["name"] && !step["name"].IsNull()) return scalar_text(step["name"]);
  if (step["id"] && !step["id"].IsNull()) return scalar_text(step["id"]);
  if (step["uses"] && step["uses"].IsScalar()) return split_uses(step["uses"].Scalar()).first;
  if (step["run"] && step["run"].IsScalar()) {
    std::string line = step["run"].Scalar();
    line = line.substr(0, line.find('\n'));
    if (line.size() > 60) line = line.substr(0, 60);
    return "run: " + line;
  }
  return fmt::format("#{}", position);
}

void load_strategy(const std::string& job, const YAML::Node& strategy, const std::string& file,
                   const Key& job_key, ModelBuilder& b) {
  const std::string prefix = "job " + job + " ";
  Key key = b.presence(Kind::matrices, prefix + "strategy", to_json(strategy), job_key);
  if (!strategy.IsMap()) {
    if (!strategy.IsNull()) expect_map(strategy, file, "strategy of job " + job);
    b.value(Kind::matrices, prefix + "strategy.fail-fast", true, key);
    b.value(Kind::matrices, prefix + "matrix fromJSON", false, key);
    return;
  }
  b.value(Kind::matrices, prefix + "strategy.fail-fast",
          strategy["fail-fast"] ? to_json(strategy["fail-fast"]) : nlohmann::json(true), key);
  if (strategy["max-parallel"]) {
    b.value(Kind::matrices, prefix + "strategy.max-parallel", to_json(strategy["max-parallel"]),
            key);
  }
  bool from_json = false;
  const YAML::Node& matrix = strategy["matrix"];
  if (matrix && matrix.IsScalar()) {
    b.value(Kind::matrices, prefix + "matrix", normalize_expression_value(matrix.Scalar()), key);
    from_json = uses_from_json(matrix.Scalar());
  } else if (matrix && matrix.IsMap()) {
    expect_map(matrix, file, "matrix of job " + job);
    nlohmann::json keys = nlohmann::json::array();
    for (const auto& kv : matrix) {
      const std::string k = key_text(kv.first);
      keys.push_back(k);
      nlohmann::json value = to_json(kv.second);
      if (value.is_string() && is_whole_expression(value.get<std::string>())) {
        from_json = from_json || uses_from_json(value.get<std::string>());
        value = normalize_expression_value(value.get<std::string>());
      } else if (k != "include" && k != "exclude") {
        value = sorted_list(value);  // the order of values only orders the legs
      }
      b.value(Kind::matrices, prefix + "matrix." + k, value, key);
    }
    b.value(Kind::matrices, prefix + "matrix keys", sorted_list(keys), key);
  } else if (matrix && !matrix.IsNull()) {
    expect_map(matrix, file, "matrix of job " + job);
  }
  b.value(Kind::matrices, prefix + "matrix fromJSON", from_json, key);
}

void load_steps(const std::string& job, const YAML::Node& steps, const std::string& file,
                const Key& job_key, std::map<std::string, ActionUse>& actions, ModelBuilder& b) {
  expect_sequence(steps, file, "steps of job " + job);
  std::map<std::string, int> seen;
  std::size_t position = 0;
  for (const auto& step : steps) {
    ++position;
    expect_map(step, file, fmt::format("step {} of job {}", position, job));
    std::string label = step_label(step, position);
    int count = ++seen[label];
    std::string shown = render(nlohmann::json(label));
    if (count > 1) shown += fmt::format("#{}", count);
    if (step["if"]) {
      b.value(Kind::conditions, fmt::format("job {} step {} if", job, shown),
              normalize_condition(scalar_text(step["if"])), job_key);
    }
    if (step["uses"]) {
      std::string uses = scalar_text(step["uses"]);
      auto [name, ref] = split_uses(uses);
      actions[name].uses.push_back(uses);
      actions[name].refs.push_back(ref);
    }
  }
}

void load_job(const std::string& job, const YAML::Node& node, const std::string& file,
              ModelBuilder& b) {
  expect_map(node, file, "job " + job);
  const std::string prefix = "job " + job;
  nlohmann::json summary = nlohmann::json::object();
  for (const char* k : {"name", "uses", "runs-on"}) {
    if (node[k]) summary[k] = to_json(node[k]);
  }
  Key key = b.presence(Kind::jobs, prefix, summary);
  if (node["name"]) b.value(Kind::jobs, prefix + " name", to_json(node["name"]), key);
  if (node["runs-on"])
    b.value(Kind::jobs, prefix + " runs-on", as_set(to_json(node["runs-on"])), key);
  // What else decides how a job runs, with GitHub's defaults for a job that
  // runs steps (a call has neither).
  if (!node["uses"]) {
    b.value(Kind::jobs, prefix + " timeout-minutes",
            node["timeout-minutes"] ? normalize_expression_json(to_json(node["timeout-minutes"])) : nlohmann::json(360),
            key);
    b.value(Kind::jobs, prefix + " continue-on-error",
            node["continue-on-error"] ? normalize_expression_json(to_json(node["continue-on-error"])) : nlohmann::json(false),
            key);
  }
  // `environment: release` is `environment: {name: release}`.
  if (node["environment"]) {
    nlohmann::json env = normalize_expression_json(to_json(node["environment"]));
    if (env.is_string()) env = {{"name", env}};
    b.value(Kind::jobs, prefix + " environment", env, key);
  }
  if (node["services"]) b.value(Kind::jobs, prefix + " services", normalize_expression_json(to_json(node["services"])), key);
  // The image a job runs in: `container: IMAGE` is `container: {image: IMAGE}`;
  // its options (devices, groups) too.
  if (node["container"]) {
    nlohmann::json container = normalize_expression_json(to_json(node["container"]));
    if (container.is_string()) container = {{"image", container}};
    b.value(Kind::jobs, prefix + " container", container, key);
  }

  nlohmann::json needs = nlohmann::json::array();
  if (node["needs"] && !node["needs"].IsNull()) needs = as_set(to_json(node["needs"]));
  b.value(Kind::needs, prefix + " needs", needs, key);

  if (node["if"]) {
    b.value(Kind::conditions, prefix + " if", normalize_condition(scalar_text(node["if"])), key);
  }
  if (node["strategy"]) load_strategy(job, node["strategy"], file, key, b);

  if (node["uses"] && node["with"] && !node["with"].IsNull()) {
    expect_map(node["with"], file, "with of job " + job);
    for (const auto& kv : node["with"]) {
      b.value(Kind::inputs, prefix + " with." + key_text(kv.first),
              normalize_expression_json(to_json(kv.second)), key);
    }
  }
  if (node["uses"] && node["secrets"]) {
    b.value(Kind::inputs, prefix + " secrets", normalize_expression_json(to_json(node["secrets"])),
            key);
  }

  std::map<std::string, ActionUse> actions;
  if (node["uses"]) {
    std::string uses = scalar_text(node["uses"]);
    auto [name, ref] = split_uses(uses);
    actions[name].uses.push_back(uses);
    actions[name].refs.push_back(ref);
  }
  if (node["steps"] && !node["steps"].IsNull()) {
    load_steps(job, node["steps"], file, key, actions, b);
  }
  for (const auto& [name, use] : actions) {
    Key action = b.presence(Kind::actions, prefix + " action " + name, as_set(use.uses), key);
    nlohmann::json refs = as_set(use.refs);
    b.value(Kind::actions, prefix + " action " + name + " ref", refs.size() == 1 ? refs[0] : refs,
            action);
    // How many steps use it: a step removed from a job that uses the
    // action in another step shows too.
    b.value(Kind::actions, prefix + " action " + name + " steps", use.uses.size(), action);
  }

  if (node["permissions"]) load_permissions(node["permissions"], prefix + " ", key, b);
  if (node["concurrency"]) load_concurrency(node["concurrency"], prefix + " ", key, b);
}

}  // namespace

void load_jobs(const YAML::Node& jobs, const std::string& file, ModelBuilder& builder) {
  expect_map(jobs, file, "jobs");
  for (const auto& kv : jobs) load_job(key_text(kv.first), kv.second, file, builder);
}

}  // namespace wfcompare
