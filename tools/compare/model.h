// The comparable model of a workflow: a flat, sorted map from a difference
// key (kind + item, e.g. needs / `job build needs`) to a normalised value.
// Two workflows differ exactly where their models differ.
#pragma once

#include <array>
#include <compare>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace wfcompare {

enum class Kind {
  triggers,
  inputs,
  jobs,
  needs,
  conditions,
  matrices,
  actions,
  permissions,
  concurrency,
};

inline constexpr std::array<Kind, 9> kAllKinds = {
    Kind::triggers, Kind::inputs,  Kind::jobs,        Kind::needs,       Kind::conditions,
    Kind::matrices, Kind::actions, Kind::permissions, Kind::concurrency,
};

std::string_view kind_name(Kind kind);
std::optional<Kind> parse_kind(std::string_view name);

struct Key {
  Kind kind;
  std::string item;
  friend auto operator<=>(const Key&, const Key&) = default;
};

struct Entry {
  // The normalised value; for a presence entry, a summary shown when the
  // thing exists on one side only.
  nlohmann::json value;
  // A presence entry (`job build`, `input workflow_dispatch.x`) only says the
  // thing exists: its details are separate entries, so it never differs when
  // both sides have it.
  bool presence_only = false;
  // The presence entry this detail belongs to: when that exists on one side
  // only, the detail is not reported again.
  std::optional<Key> parent;
};

using Model = std::map<Key, Entry>;

// Adds entries to a model; the first entry of a key wins.
class ModelBuilder {
 public:
  explicit ModelBuilder(Model& model) : model_(model) {}
  // A detail value.
  void value(Kind kind, std::string item, nlohmann::json value,
             const std::optional<Key>& parent = std::nullopt);
  // A presence entry with its summary; returns its key to use as a parent.
  Key presence(Kind kind, std::string item, nlohmann::json summary,
               const std::optional<Key>& parent = std::nullopt);

 private:
  Model& model_;
};

}  // namespace wfcompare
