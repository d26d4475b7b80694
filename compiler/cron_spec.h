// GitHub's cron schedules (on.schedule): five fields, minute, hour, day of
// month, month and day of week, each `*`, a value, a range `a-b`, any of
// those with a step `/n`, or a comma list of them; months may be JAN-DEC
// and days SUN-SAT. GitHub runs a schedule at most once every 5 minutes.
#pragma once

#include <string>
#include <string_view>

namespace pipec {

// Why GitHub would refuse `spec` or not run it as written, or "" when it
// is a good schedule.
std::string cron_error(std::string_view spec);

}  // namespace pipec
