// The differences between the models of a corpus workflow and the generated
// one, sorted by kind (in the order of Kind) then item.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "model.h"

namespace wfcompare {

struct Difference {
  Kind kind;
  std::string item;
  std::optional<nlohmann::json> corpus;     // nullopt: absent in the corpus
  std::optional<nlohmann::json> generated;  // nullopt: absent in the generated
  // A detail of something on one side only (a new job's actions, needs
  // and conditions): that thing's presence entry, the outermost one on one
  // side only. Its reason covers the detail, which is still reported, so
  // that the committed list of differences holds the detail's value.
  std::optional<Key> part_of;
};

// A key on both sides differs when its values do (presence entries never do);
// a key on one side differs, as part of its outermost parent on one side
// only, if any.
std::vector<Difference> diff_models(const Model& corpus, const Model& generated);

// `absent`, or the value rendered compactly.
std::string render_side(const std::optional<nlohmann::json>& value);

}  // namespace wfcompare
