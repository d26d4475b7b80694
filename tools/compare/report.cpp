#include "report.h"

#include <map>

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
  // A detail of a thing on one side only has that thing's reason, so the
  // things are explained first.
  std::map<Key, const Reason*> of_thing;
  for (const auto& d : differences) {
    if (!d.part_of) of_thing[Key{d.kind, d.item}] = matcher.match(pair.id, d.kind, d.item);
  }
  for (auto& d : differences) {
    ReportedDifference r{std::move(d), std::nullopt, ""};
    const auto& part_of = r.difference.part_of;
    auto it = of_thing.find(part_of ? *part_of : Key{r.difference.kind, r.difference.item});
    if (it != of_thing.end() && it->second) {
      r.reason = it->second->text;
      r.reason_where = it->second->where;
    }
    out.differences.push_back(std::move(r));
  }
  return out;
}

}  // namespace wfcompare
