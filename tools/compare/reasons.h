// The reasons file: why an expected difference is there.
//   - workflow: ci_linux.yml          # the workflow's name in the report
//     kind: needs                     # one of the kinds of model.h
//     item: job test_linux_artifacts needs   # the item exactly as printed
//     reason: "the tests wait for the Python packages"
// A reason that matches no reported difference is stale. In workflow and
// item, `*` matches any run of characters, so one reason can explain a whole
// category ("input workflow_call.* default"); an exact reason wins over a
// pattern, and patterns are tried in file order.
#pragma once

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "model.h"

namespace wfcompare {

struct Reason {
  std::string workflow;
  Kind kind;
  std::string item;
  std::string text;
  std::string where;  // reasons.yml:line:col
};

// Parses a reasons file; throws InputError when malformed (a missing field,
// an unknown kind, two reasons for the same difference).
std::vector<Reason> parse_reasons(const std::string& text, const std::string& file);
std::vector<Reason> load_reasons(const std::string& path);

// Looks reasons up by (workflow, kind, item) and remembers which were used.
class ReasonMatcher {
 public:
  explicit ReasonMatcher(const std::vector<Reason>& reasons);
  // The reason for a difference, or nullptr; marks it used.
  const Reason* match(const std::string& workflow, Kind kind, const std::string& item);
  // The reasons never matched, in file order.
  std::vector<const Reason*> stale() const;

 private:
  const std::vector<Reason>& reasons_;
  std::map<std::tuple<std::string, Kind, std::string>, std::size_t> index_;
  std::vector<std::size_t> patterns_;  // reasons with a `*`, in file order
  std::vector<bool> used_;
};

}  // namespace wfcompare
