// Text compared as GitHub's runner compares it: .NET's OrdinalIgnoreCase,
// which compares UTF-16 code units after an upper-case mapping of one unit
// to one unit (ICU's simple mapping, as .NET takes it: 'é' is 'É', 'ı' and
// 'ſ' stay themselves, 'ß' stays 'ß'). The names pipec folds itself
// (contexts, functions, keys) are ASCII and use ascii.h.
#pragma once

#include <string>

namespace pipec {

// The UTF-16 units of UTF-8 text, each upper-cased as OrdinalIgnoreCase
// does. A byte that is no UTF-8 is U+FFFD.
std::u16string ordinal_upper(const std::string& utf8);

// a == b, ignoring case.
bool ordinal_equal(const std::string& a, const std::string& b);
// a's order against b's (< 0, 0, > 0), ignoring case: by UTF-16 unit, so
// that "a_" > "aB" ('_' > 'B') and U+FF61 > U+10000.
int ordinal_compare(const std::string& a, const std::string& b);
// Whether text holds part (contains), starts or ends with it, ignoring case.
bool ordinal_contains(const std::string& text, const std::string& part);
bool ordinal_starts_with(const std::string& text, const std::string& part);
bool ordinal_ends_with(const std::string& text, const std::string& part);

}  // namespace pipec
