// Prints a lowered value tree as YAML: GitHub's usual layout, no anchors,
// strings quoted whenever YAML (1.1 or 1.2) or GitHub would read them as
// something else, multi-line text as block literals.
#pragma once

#include <string>
#include <vector>

#include "value.h"

namespace pipec {

// With line_sources, also records for each line written the source position
// of the key or value that produced it.
std::string emit_yaml(const Value& root, std::vector<Pos>* line_sources = nullptr);
// True when a plain scalar would not read back as this exact string.
bool needs_quotes(const std::string& s);

}  // namespace pipec
