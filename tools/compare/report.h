// The whole comparison as data: each pair's differences with their reasons,
// the unpaired files, the stale reasons and map entries, and the counts that
// decide the exit code.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "diff.h"
#include "pairing.h"
#include "reasons.h"

namespace wfcompare {

struct ReportedDifference {
  Difference difference;
  std::optional<std::string> reason;  // nullopt: unexplained
  std::string reason_where;           // reasons.yml:line:col
};

struct WorkflowReport {
  WorkflowPair pair;
  std::vector<ReportedDifference> differences;
};

struct Summary {
  std::size_t compared = 0;
  std::size_t differences = 0;
  std::size_t explained = 0;
  std::size_t unexplained = 0;
  std::size_t stale = 0;  // stale reasons and stale map entries
};

struct Report {
  std::vector<WorkflowReport> workflows;
  std::vector<UnpairedFile> unpaired;
  std::vector<Reason> stale_reasons;
  std::vector<StaleMapEntry> stale_map_entries;

  Summary summary() const;
  // 0 when every difference is explained and nothing is stale, else 1.
  int exit_code() const;
};

// Attaches reasons to one pair's differences (marking them used).
WorkflowReport explain(const WorkflowPair& pair, std::vector<Difference> differences,
                       ReasonMatcher& matcher);

}  // namespace wfcompare
