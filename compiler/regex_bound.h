// std::regex (libstdc++) matches by recursion, one level or more per
// character it reads, so a long enough text overflows the stack. pipec
// gives it no text longer than this; each caller says what a longer one is.
#pragma once

#include <cstddef>

namespace pipec {

// Longer than any number, date, boolean or cron field a regex here reads.
constexpr size_t kLongestMatched = 1024;

}  // namespace pipec
