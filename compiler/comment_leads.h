// The comments a generated workflow carries: a comment written right above
// a key, a step, a job or an input in a .pipe source is written above what
// it makes in the YAML, at its indentation, in every workflow that has it
// (each instance of a template). A comment above a `when` with no `else`
// goes to the first statement of its branch. Other comments (above a let,
// a template, a use, a when with an else) stay in the source.
#pragma once

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "ast.h"
#include "diag.h"

namespace pipec {

class CommentLeads {
 public:
  explicit CommentLeads(const std::map<std::string, File>& files);
  // The comment lines above what `key` at `pos` makes: a field (its key and
  // where the key is written) or a step (key "-", at the step's `step`).
  const std::vector<std::string>* find(const Pos& pos, const std::string& key) const;

 private:
  void add(const Body& body, std::vector<std::string> inherited);
  std::map<std::tuple<std::string, int, int, std::string>, std::vector<std::string>> at_;
};

}  // namespace pipec
