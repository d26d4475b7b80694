// A run script read line by line, as the checks that look for a command in
// it read it.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "value.h"

namespace pipec {

struct ScriptLine {
  // The line's text, each ${{ }} in it written as VALUE.
  std::string text;
  // The expressions of those ${{ }}, in order.
  std::vector<const Expr*> values;
};

// The literal text of a run value, each ${{ }} in it a line break: what
// the script itself reads, without the values pipec passes through env.
std::string script_text(const Value& run);

// Calls each with each line of a run value, in order. A line that ends in
// a backslash goes on in the next, as the shell reads it (the backslash and
// line break are dropped).
void for_each_script_line(const Value& run, const std::function<void(const ScriptLine&)>& each);

}  // namespace pipec
