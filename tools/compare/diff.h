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
};

// A key on both sides differs when its values do (presence entries never do);
// a key on one side differs unless its parent is on that side only, which is
// then the one difference reported.
std::vector<Difference> diff_models(const Model& corpus, const Model& generated);

// `absent`, or the value rendered compactly.
std::string render_side(const std::optional<nlohmann::json>& value);

}  // namespace wfcompare
