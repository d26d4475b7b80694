#include "matrix_legs.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>

#include "github_eval.h"
#include "utf8.h"

namespace pipec {
namespace {

using json = nlohmann::json;

// Beyond this many comparisons of a combination with an exclude or include
// entry, the legs are not made and not counted, rather than take long.
constexpr size_t kMaxComparisons = size_t{1} << 26;

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

// For each axis (in `keys` order), which of its values an entry holds; an
// empty list for an axis the entry does not name. False when a comparison
// reads a value not known here.
bool match_table(const json& entry, const json& axes, const std::vector<std::string>& keys,
                 std::vector<std::vector<bool>>& table) {
  table.assign(keys.size(), {});
  for (size_t a = 0; a < keys.size(); ++a) {
    const auto it = entry.find(keys[a]);
    if (it == entry.end()) continue;
    for (const auto& value : axes[keys[a]]) {
      const Match m = holds(&value, *it);
      if (m == Match::Unknown) return false;
      table[a].push_back(m == Match::Yes);
    }
  }
  return true;
}

// Whether the combination whose axis values are at `at` fits a table.
bool fits(const std::vector<std::vector<bool>>& table, const std::vector<size_t>& at) {
  for (size_t a = 0; a < at.size(); ++a) {
    if (!table[a].empty() && !table[a][at[a]]) return false;
  }
  return true;
}

// Walks the legs of `matrix` in the runner's order, calling visit on each
// (with the leg when `make`, else with null; and where it comes from)
// until it returns false; false when it does, or when the legs cannot be
// known here (see matrix_legs).
bool walk(const json& matrix, const std::vector<std::string>& order, bool make,
          const std::function<bool(json&&, LegSource&&)>& visit) {
  json axes, include, exclude;
  if (!parts(matrix, axes, include, exclude)) return false;
  const size_t n = product(axes);
  if (n != 0 && n > kMaxComparisons / (include.size() + exclude.size() + 1)) return false;
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
  std::vector<std::vector<std::vector<bool>>> excludes(exclude.size()), includes(include.size());
  for (size_t e = 0; e < exclude.size(); ++e) {
    if (!match_table(exclude[e], axes, keys, excludes[e])) return false;
  }
  for (size_t i = 0; i < include.size(); ++i) {
    if (!match_table(include[i], axes, keys, includes[i])) return false;
  }
  std::vector<bool> used(include.size(), false);
  std::vector<size_t> at(keys.size(), 0);
  for (size_t k = 0; k < n; ++k) {
    if (k > 0) {  // the next combination: the last axis changes fastest
      for (size_t a = keys.size(); a-- > 0;) {
        if (++at[a] < axes[keys[a]].size()) break;
        at[a] = 0;
      }
    }
    bool excluded = false;
    for (const auto& table : excludes) excluded = excluded || fits(table, at);
    if (excluded) continue;
    json leg;
    LegSource source;
    if (make) {
      leg = json::object();
      for (size_t a = 0; a < keys.size(); ++a) leg[keys[a]] = axes[keys[a]][at[a]];
    }
    for (size_t i = 0; i < include.size(); ++i) {
      if (!fits(includes[i], at)) continue;
      used[i] = true;
      if (!make) continue;
      source.entries.push_back(i);
      for (const auto& [key, value] : include[i].items()) {
        if (!axes.contains(key)) leg[key] = value;
      }
    }
    if (!visit(std::move(leg), std::move(source))) return false;
  }
  for (size_t i = 0; i < include.size(); ++i) {
    if (!used[i] && !visit(make ? json(include[i]) : json(), LegSource{true, {i}})) return false;
  }
  return true;
}

// More legs than a check or a report has use for: GitHub refuses a matrix
// past 256 jobs.
constexpr size_t kMaxLegs = size_t{1} << 12;

}  // namespace

bool matrix_key_values(const Value& matrix, const std::string& key,
                       std::vector<const Value*>& values) {
  values.clear();
  if (matrix.kind != Value::Kind::Object) return false;
  if (const Value* axis = matrix.get(key)) {
    if (axis->kind != Value::Kind::List) return false;
    for (const auto& v : axis->items) values.push_back(v.get());
  }
  if (const Value* include = matrix.get("include")) {
    if (include->kind != Value::Kind::List) return false;
    for (const auto& row : include->items) {
      if (row->kind != Value::Kind::Object) return false;
      if (const Value* v = row->get(key)) values.push_back(v);
    }
  }
  return true;
}

namespace {

// The keys of `object`: those `written` (an object in a .pipe file) gives,
// in its order, then the rest sorted.
std::vector<std::string> ordered_keys(const json& object, const Value* written) {
  std::vector<std::string> keys;
  if (written && written->kind == Value::Kind::Object) {
    for (const auto& f : written->fields) {
      if (object.contains(f.key) && std::find(keys.begin(), keys.end(), f.key) == keys.end())
        keys.push_back(f.key);
    }
  }
  for (const auto& [key, value] : object.items()) {
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  }
  return keys;
}

// Appends the text of each primitive leaf of `v`, depth first, as the
// runner's JobNameBuilder takes a leg's values (Traverse): a number or
// boolean as its text, null and empty text left out. `written`, when it is
// v as written, gives the order of an object's keys. Past 32 levels a
// value shows nothing, so that JSON nested deep cannot exhaust the stack.
void add_leaves(const json& v, const Value* written, std::vector<std::string>& out, int depth = 0) {
  if (depth > 32) return;
  if (v.is_object()) {
    for (const auto& key : ordered_keys(v, written))
      add_leaves(v[key],
                 written && written->kind == Value::Kind::Object ? written->get(key) : nullptr, out,
                 depth + 1);
  } else if (v.is_array()) {
    for (size_t i = 0; i < v.size(); ++i) {
      const bool list = written && written->kind == Value::Kind::List && i < written->items.size();
      add_leaves(v[i], list ? written->items[i].get() : nullptr, out, depth + 1);
    }
  } else if (const std::string text = github_to_string(v); !text.empty()) {
    out.push_back(text);
  }
}

}  // namespace

LegLayout leg_layout(const json& matrix, const json& leg, const LegSource& source,
                     const Value* written) {
  LegLayout out;
  json axes, include, exclude;
  if (!parts(matrix, axes, include, exclude)) return out;
  const Value* written_include =
      written && written->kind == Value::Kind::Object ? written->get("include") : nullptr;
  auto entry = [&](size_t i) -> const Value* {
    if (!written_include || written_include->kind != Value::Kind::List ||
        i >= written_include->items.size())
      return nullptr;
    return written_include->items[i].get();
  };
  // The value a key of the leg has as written: the axis's value that is
  // the leg's, or the include entry's.
  const Value* own_entry =
      source.own && !source.entries.empty() ? entry(source.entries[0]) : nullptr;
  auto written_value = [&](const std::string& key) -> const Value* {
    if (own_entry && own_entry->kind == Value::Kind::Object) return own_entry->get(key);
    const Value* axis = !source.own && written && written->kind == Value::Kind::Object
                            ? written->get(key)
                            : nullptr;
    if (!axis || axis->kind != Value::Kind::List) return nullptr;
    for (const auto& v : axis->items) {
      if (value_json(*v, nullptr) == leg.value(key, json())) return v.get();
    }
    return nullptr;
  };
  auto add = [&](const std::string& key, bool show) {
    if (std::find(out.keys.begin(), out.keys.end(), key) != out.keys.end()) return;
    out.keys.push_back(key);
    if (show) add_leaves(leg.value(key, json()), written_value(key), out.shown);
  };
  if (!source.own) {
    for (const auto& key : ordered_keys(axes, written)) add(key, true);
    for (size_t e : source.entries) {
      if (e >= include.size()) continue;
      for (const auto& key : ordered_keys(include[e], entry(e))) {
        if (!axes.contains(key)) add(key, false);
      }
    }
  } else if (!source.entries.empty() && source.entries[0] < include.size()) {
    const size_t e = source.entries[0];
    const std::vector<std::string> keys = ordered_keys(include[e], entry(e));
    for (const bool axis : {true, false}) {
      for (const auto& key : keys) {
        if (axes.contains(key) == axis) add(key, true);
      }
    }
  }
  for (const auto& [key, value] : leg.items())
    add(key, false);  // none left, as walk makes the legs
  return out;
}

bool plain_name(const Value* name) {
  return !name || name->kind == Value::Kind::Number || name->kind == Value::Kind::Bool ||
         (name->kind == Value::Kind::String && name->parts.empty());
}

std::string leg_name(const std::string& id, const Value* name,
                     const std::vector<std::string>& shown) {
  std::string base = !name                             ? ""
                     : name->kind == Value::Kind::Bool ? (name->boolean ? "true" : "false")
                                                       : name->text;
  if (base.empty()) base = id;
  if (shown.empty()) return base;
  std::string values;
  for (const auto& s : shown) values += (values.empty() ? "" : ", ") + s;
  return base + " (" + values + ")";
}

std::string job_name_shown(const std::string& name) {
  constexpr size_t kMax = 100;  // UTF-16 code units, as .NET counts
  if (utf16_length(name) <= kMax) return name;
  // The first 97 units; a character of two units cut in half is left as
  // the one unit, which is written U+FFFD.
  std::string out;
  size_t units = 0;
  const std::vector<size_t> at = code_point_offsets(name);
  for (size_t i = 0; i + 1 < at.size(); ++i) {
    const std::string c = name.substr(at[i], at[i + 1] - at[i]);
    const size_t n = utf16_length(c);
    if (units + n > kMax - 3) {
      if (units < kMax - 3) out += "\xEF\xBF\xBD";
      break;
    }
    out += c;
    units += n;
  }
  return out + "...";
}

bool matrix_legs(const json& matrix, std::vector<json>& legs, const std::vector<std::string>& order,
                 std::vector<LegSource>* sources) {
  legs.clear();
  if (sources) sources->clear();
  return walk(matrix, order, true, [&](json&& leg, LegSource&& source) {
    if (sources) sources->push_back(std::move(source));
    legs.push_back(std::move(leg));
    return legs.size() <= kMaxLegs;
  });
}

std::vector<std::string> written_order(const Value& matrix) {
  std::vector<std::string> keys;
  for (const auto& f : matrix.fields) keys.push_back(f.key);
  return keys;
}

bool matrix_jobs(const Value& matrix, size_t& n, bool* at_least) {
  if (at_least) *at_least = false;
  const json m = value_json(matrix, nullptr);
  json axes, include, exclude;
  if (!parts(m, axes, include, exclude)) return false;
  if (!exclude.empty()) {
    // Counted leg by leg, as far as kMaxComparisons allows.
    n = 0;
    if (walk(m, {}, false, [&](json&&, LegSource&&) {
          ++n;
          return true;
        }))
      return true;
    // Past that, at least the combinations no exclude entry can remove: each
    // removes at most those that hold its values.
    if (!at_least) return false;
    std::vector<std::string> keys;
    for (const auto& [key, values] : axes.items()) keys.push_back(key);
    size_t removed = 0;
    for (const auto& entry : exclude) {
      std::vector<std::vector<bool>> table;
      if (!match_table(entry, axes, keys, table)) return false;
      size_t matches = 1;
      for (size_t a = 0; a < keys.size(); ++a) {
        const size_t k = table[a].empty() ? axes[keys[a]].size()
                                          : static_cast<size_t>(std::count(table[a].begin(), table[a].end(), true));
        matches = k != 0 && matches > SIZE_MAX / k ? SIZE_MAX : matches * k;
      }
      removed = matches > SIZE_MAX - removed ? SIZE_MAX : removed + matches;
    }
    const size_t combinations = product(axes);
    // (SIZE_MAX stands for at least that many: less what is removed, still
    // a lower bound.)
    n = removed >= combinations ? 0 : combinations - removed;
    *at_least = true;
    return true;
  }
  // Without exclude every combination is there, so an entry matches one
  // when each of its axis keys matches a value of its axis: counted without
  // making the legs, however many there are.
  const size_t combinations = product(axes);
  n = combinations;
  for (const auto& entry : include) {
    bool matched = combinations > 0;  // with no axes, each entry is a job of its own
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

bool holds_leaves(const json& value, const json& entry) {
  return holds(&value, entry) == Match::Yes;
}

std::string matrix_key_type(const Value& matrix, const std::string& key) {
  std::vector<const Value*> values;
  if (!matrix_key_values(matrix, key, values) || values.empty()) return "";
  const std::string first = json_type(value_json(*values[0], nullptr));
  for (const Value* v : values)
    if (json_type(value_json(*v, nullptr)) != first) return "";
  return first;
}

bool many_legs(const Value& job) {
  const Value* strategy = job.get("strategy");
  const Value* matrix = strategy ? strategy->get("matrix") : nullptr;
  if (!matrix) return false;
  size_t legs = 0;
  return !(matrix->kind == Value::Kind::Object && matrix_jobs(*matrix, legs) && legs <= 1);
}

}  // namespace pipec
