#include "report.h"

namespace wfcompare {

Summary Report::summary() const {
  Summary s;
  s.compared = workflows.size();
  for (const auto& w : workflows) {
    for (const auto& d : w.differences) {
      ++s.differences;
      ++(d.reason ? s.explained : s.unexplained);
    }
  }
  for (const auto& f : unpaired) {
    ++s.differences;
    ++(f.explanation ? s.explained : s.unexplained);
  }
  s.stale = stale_reasons.size() + stale_map_entries.size();
  return s;
}

int Report::exit_code() const {
  Summary s = summary();
  return s.unexplained == 0 && s.stale == 0 ? 0 : 1;
}

WorkflowReport explain(const WorkflowPair& pair, std::vector<Difference> differences,
                       ReasonMatcher& matcher) {
  WorkflowReport out{pair, {}};
  for (auto& d : differences) {
    ReportedDifference r{std::move(d), std::nullopt, ""};
    if (const Reason* reason = matcher.match(pair.id, r.difference.kind, r.difference.item)) {
      r.reason = reason->text;
      r.reason_where = reason->where;
    }
    out.differences.push_back(std::move(r));
  }
  return out;
}

}  // namespace wfcompare
