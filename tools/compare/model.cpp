#include "model.h"

namespace wfcompare {

std::string_view kind_name(Kind kind) {
  switch (kind) {
    case Kind::triggers:
      return "triggers";
    case Kind::inputs:
      return "inputs";
    case Kind::jobs:
      return "jobs";
    case Kind::needs:
      return "needs";
    case Kind::conditions:
      return "conditions";
    case Kind::matrices:
      return "matrices";
    case Kind::actions:
      return "actions";
    case Kind::permissions:
      return "permissions";
    case Kind::concurrency:
      return "concurrency";
  }
  return "?";
}

std::optional<Kind> parse_kind(std::string_view name) {
  for (Kind kind : kAllKinds) {
    if (kind_name(kind) == name) return kind;
  }
  return std::nullopt;
}

void ModelBuilder::value(Kind kind, std::string item, nlohmann::json value,
                         const std::optional<Key>& parent) {
  model_.emplace(Key{kind, std::move(item)}, Entry{std::move(value), false, parent});
}

Key ModelBuilder::presence(Kind kind, std::string item, nlohmann::json summary,
                           const std::optional<Key>& parent) {
  Key key{kind, std::move(item)};
  model_.emplace(key, Entry{std::move(summary), true, parent});
  return key;
}

}  // namespace wfcompare
