// Prints a lowered value tree as YAML: GitHub's usual layout, no anchors,
// strings quoted whenever YAML (1.1 or 1.2) or GitHub would read them as
// something else, multi-line text as block literals.
#pragma once

#include <string>
#include <vector>

#include "comment_leads.h"
#include "value.h"

namespace pipec {

// With line_sources, also records for each line written the source position
// of the key or value that produced it. With leads, writes the comments of
// the sources above the keys and steps they are written above there.
std::string emit_yaml(const Value& root, std::vector<Pos>* line_sources = nullptr,
                      const CommentLeads* leads = nullptr);
// True when a plain scalar would not read back as this exact string.
bool needs_quotes(const std::string& s);

}  // namespace pipec
