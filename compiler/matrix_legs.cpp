#include "matrix_legs.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "github_eval.h"

namespace pipec {
namespace {

using json = nlohmann::json;

enum class Match { No, Yes, Unknown };

// Whether `value` holds every leaf of `filter` (the runner compares each
// leaf as `matrix.key.leaf == literal`).
Match holds(const json* value, const json& filter) {
  if (is_unknown(filter) || (value && is_unknown(*value))) return Match::Unknown;
  if (filter.is_object() || filter.is_array()) {
    bool unknown = false;
    size_t i = 0;
    for (auto it = filter.begin(); it != filter.end(); ++it, ++i) {
      const json* inner = nullptr;
      if (filter.is_object() && value) inner = github_property(*value, it.key());
      if (filter.is_array() && value && value->is_array() && i < value->size())
        inner = &(*value)[i];
      const Match m = holds(inner, *it);
      if (m == Match::No) return Match::No;
      unknown = unknown || m == Match::Unknown;
    }
    return unknown ? Match::Unknown : Match::Yes;
  }
  return github_equal(value ? *value : json(), filter) ? Match::Yes : Match::No;
}

// Whether `combination` (the axes' values) has each of the entry's axis keys.
Match matches(const json& combination, const json& entry, const json& axes) {
  bool unknown = false;
  for (const auto& [key, filter] : entry.items()) {
    if (!axes.contains(key)) continue;
    const Match m = holds(&combination.at(key), filter);
    if (m == Match::No) return Match::No;
    unknown = unknown || m == Match::Unknown;
  }
  return unknown ? Match::Unknown : Match::Yes;
}

// The matrix's axes, include and exclude entries; false when it is not a
// matrix of lists.
bool parts(const json& matrix, json& axes, json& include, json& exclude) {
  if (!matrix.is_object()) return false;
  axes = json::object();
  include = exclude = json::array();
  for (const auto& [key, value] : matrix.items()) {
    if (!value.is_array()) return false;
    if (key == "include" || key == "exclude") {
      for (const auto& entry : value) {
        if (!entry.is_object()) return false;
      }
      (key == "include" ? include : exclude) = value;
    } else {
      axes[key] = value;
    }
  }
  return true;
}

// The number of combinations of the axes, SIZE_MAX past it.
size_t product(const json& axes) {
  size_t n = axes.empty() ? 0 : 1;
  for (const auto& [key, values] : axes.items()) {
    const size_t k = values.size();
    n = k != 0 && n > SIZE_MAX / k ? SIZE_MAX : n * k;
  }
  return n;
}

}  // namespace

bool matrix_legs(const json& matrix, std::vector<json>& legs, const std::vector<std::string>& order,
                 size_t limit) {
  json axes, include, exclude;
  if (!parts(matrix, axes, include, exclude)) return false;
  const size_t n = product(axes);
  if (n != 0 && n > limit / (include.size() + exclude.size() + 1)) return false;
  legs.clear();
  std::vector<bool> used(include.size(), false);
  // The first axis written changes slowest; json keeps its keys sorted, so
  // `order` gives the written order, and keys it leaves out follow sorted.
  std::vector<std::string> keys;
  for (const auto& key : order) {
    if (axes.contains(key) && std::find(keys.begin(), keys.end(), key) == keys.end())
      keys.push_back(key);
  }
  for (const auto& [key, values] : axes.items()) {
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  }
  for (size_t k = 0; k < n; ++k) {
    json combination = json::object();
    size_t block = n;
    for (const auto& key : keys) {
      const json& values = axes[key];
      block /= values.size();
      combination[key] = values[(k / block) % values.size()];
    }
    bool excluded = false;
    for (const auto& entry : exclude) {
      const Match m = matches(combination, entry, axes);
      if (m == Match::Unknown) return false;
      excluded = excluded || m == Match::Yes;
    }
    if (excluded) continue;
    json leg = combination;
    for (size_t i = 0; i < include.size(); ++i) {
      const Match m = matches(combination, include[i], axes);
      if (m == Match::Unknown) return false;
      if (m == Match::No) continue;
      used[i] = true;
      for (const auto& [key, value] : include[i].items()) {
        if (!axes.contains(key)) leg[key] = value;
      }
    }
    legs.push_back(leg);
  }
  for (size_t i = 0; i < include.size(); ++i) {
    if (!used[i]) legs.push_back(include[i]);
  }
  return true;
}

std::vector<std::string> written_order(const Value& matrix) {
  std::vector<std::string> keys;
  for (const auto& f : matrix.fields) keys.push_back(f.key);
  return keys;
}

bool matrix_jobs(const Value& matrix, size_t& n) {
  const json m = value_json(matrix, nullptr);
  std::vector<json> legs;
  if (matrix_legs(m, legs, {})) {
    n = legs.size();
    return true;
  }
  json axes, include, exclude;
  if (!parts(m, axes, include, exclude) || !exclude.empty()) return false;
  // Every combination is there, so an entry matches one when each of its
  // axis keys matches a value of its axis.
  n = product(axes);
  for (const auto& entry : include) {
    bool matched = n > 0;
    for (const auto& [key, filter] : entry.items()) {
      if (!axes.contains(key)) continue;
      bool listed = false;
      for (const auto& value : axes[key]) {
        const Match m = holds(&value, filter);
        if (m == Match::Unknown) return false;
        listed = listed || m == Match::Yes;
      }
      matched = matched && listed;
    }
    if (!matched && n < SIZE_MAX) ++n;
  }
  return true;
}

bool many_legs(const Value& job) {
  const Value* strategy = job.get("strategy");
  const Value* matrix = strategy ? strategy->get("matrix") : nullptr;
  if (!matrix) return false;
  size_t legs = 0;
  return !(matrix->kind == Value::Kind::Object && matrix_jobs(*matrix, legs) && legs <= 1);
}

}  // namespace pipec
