// The report as text (one line per difference, then its reason or
// UNEXPLAINED, then a summary line) or as JSON. Both are deterministic.
#pragma once

#include <string>

#include "report.h"

namespace wfcompare {

// Text:
//   == <workflow>: <n> differences       (names both files when they differ)
//   <workflow> <kind> <item>: corpus=<value> generated=<value>
//     reason: <text>   or   part of: <kind> <item>   or   UNEXPLAINED
//   == unpaired files
//   only-in-corpus <file>     /  only-in-generated <file>
//     reason: <map explanation>  or  UNEXPLAINED
//   == stale
//   STALE REASON <reasons.yml:l:c>: <workflow> <kind> <item>: <text>
//   STALE MAP ENTRY <map.yml:l:c>: <message>
//   workflows: N compared, D differences, E explained, U unexplained, S stale reasons
std::string render_text(const Report& report);

// JSON: {workflows: [{workflow, generated, corpus, differences: [{kind,
// item, corpus?, generated?, explained, reason?, reason_at?, part_of?}]}], unpaired,
// stale_reasons, stale_map_entries, summary}; an absent side has no key.
std::string render_json(const Report& report);

// Lines: each difference as text prints it, without its reason, then each
// unpaired file; nothing else. Committed, the list holds every value a
// reason explains, so that a change to one shows in review even where a
// reason still matches it.
std::string render_lines(const Report& report);

}  // namespace wfcompare
