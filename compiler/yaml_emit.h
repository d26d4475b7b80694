// Prints a lowered value tree as YAML: GitHub's usual layout, no anchors,
// strings quoted whenever YAML (1.1 or 1.2) or GitHub would read them as
// something else, multi-line text as block literals.
#pragma once

#include <string>

#include "value.h"

namespace pipec {

std::string emit_yaml(const Value& root);
// True when a plain scalar would not read back as this exact string.
bool needs_quotes(const std::string& s);

}  // namespace pipec
