#include "cron_spec.h"

#include <algorithm>
#include <array>
#include <regex>
#include <vector>

#include "ascii.h"
#include "regex_bound.h"

namespace pipec {
namespace {

struct FieldSpec {
  std::string_view name;
  int lo, hi;
  std::vector<std::string_view> names;  // names[i] is lo + i
};

// clang-format off
const std::array<FieldSpec, 5> kFields = {{
    {"minute", 0, 59, {}},
    {"hour", 0, 23, {}},
    {"day of month", 1, 31, {}},
    {"month", 1, 12, {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}},
    {"day of week", 0, 6, {"sun", "mon", "tue", "wed", "thu", "fri", "sat"}},
}};
// clang-format on

// The forms of a field the workflow schema (SchemaStore's, which the lint
// job checks every generated file against) accepts: narrower than GitHub's,
// as a list holds numbers only and names are upper case.
const std::regex kSchemaField(
    "(\\d+,)+\\d+|(\\d+|\\*)/\\d+|\\d+-\\d+|\\d+(-\\d+)?/\\d+(-\\d+)?|\\d+|\\*|"
    "(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(-(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|"
    "NOV|DEC))?|"
    "(MON|TUE|WED|THU|FRI|SAT|SUN)(-(MON|TUE|WED|THU|FRI|SAT|SUN))?");

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

// One value of field f: a number in its range, or its name.
std::string value(std::string_view s, const FieldSpec& f, int& out) {
  auto named = std::find(f.names.begin(), f.names.end(), lower(std::string(s)));
  if (named != f.names.end()) {
    out = f.lo + static_cast<int>(named - f.names.begin());
    return "";
  }
  if (s.empty() || s.size() > 2 || s.find_first_not_of("0123456789") != std::string_view::npos)
    return "its " + std::string(f.name) + " " + quoted(s) + " is no number" +
           (f.names.empty() ? "" : " or name");
  out = std::stoi(std::string(s));
  if (out < f.lo || out > f.hi)
    return "its " + std::string(f.name) + " " + std::to_string(out) + " is not in " +
           std::to_string(f.lo) + "-" + std::to_string(f.hi);
  return "";
}

// Marks in `set` (indexed from 0) the values a field's text selects.
std::string field(std::string_view text, const FieldSpec& f, std::vector<bool>& set) {
  set.assign(f.hi + 1, false);
  size_t start = 0;
  while (true) {
    size_t comma = text.find(',', start);
    std::string_view item =
        text.substr(start, comma == std::string_view::npos ? comma : comma - start);
    if (item.empty())
      return "its " + std::string(f.name) + " field " + quoted(text) + " has an empty item";
    std::string_view base = item.substr(0, item.find('/'));
    int step = 1;
    if (base.size() < item.size()) {
      std::string_view s = item.substr(base.size() + 1);
      if (s.empty() || s.size() > 2 ||
          s.find_first_not_of("0123456789") != std::string_view::npos ||
          std::stoi(std::string(s)) == 0)
        return "its " + std::string(f.name) + " step " + quoted(item) +
               " is not a whole number above zero after /";
      step = std::stoi(std::string(s));
    }
    int lo = f.lo, hi = f.hi;
    if (base != "*") {
      size_t dash = base.find('-');
      if (std::string why = value(base.substr(0, dash), f, lo); !why.empty()) return why;
      if (dash != std::string_view::npos) {
        if (std::string why = value(base.substr(dash + 1), f, hi); !why.empty()) return why;
        if (lo > hi)
          return "its " + std::string(f.name) + " range " + quoted(base) + " runs backwards";
      } else if (step == 1) {
        hi = lo;  // a value alone; with a step, from it to the field's end
      }
    }
    for (int v = lo; v <= hi; v += step) set[v] = true;
    if (comma == std::string_view::npos) return "";
    start = comma + 1;
  }
}

// Whether a schedule runs on two days in a row, day by day through 28
// years (every weekday each date falls on, and leap years): a day runs when
// its month does, and its day of the month or of the week does, as cron
// reads them (either one, when neither is every day).
bool days_in_a_row(const std::vector<bool>& month_days, const std::vector<bool>& months,
                   const std::vector<bool>& week_days) {
  const bool every_month_day = std::all_of(month_days.begin() + 1, month_days.end(), [](bool b) { return b; });
  const bool every_week_day = std::all_of(week_days.begin(), week_days.end(), [](bool b) { return b; });
  auto runs = [&](int month, int day, int weekday) {
    if (!months[month]) return false;
    if (every_month_day) return static_cast<bool>(week_days[weekday]);
    if (every_week_day) return static_cast<bool>(month_days[day]);
    return month_days[day] || week_days[weekday];
  };
  static const int kDays[] = {0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool before = false;
  int weekday = 6;  // 1 January 2000 was a Saturday
  for (int year = 2000; year < 2028; ++year) {
    const bool leap = year % 4 == 0;  // 2000 is one too
    for (int month = 1; month <= 12; ++month) {
      const int days = kDays[month] + (month == 2 && leap);
      for (int day = 1; day <= days; ++day, weekday = (weekday + 1) % 7) {
        const bool now = runs(month, day, weekday);
        if (now && before) return true;
        before = now;
      }
    }
  }
  return false;
}

}  // namespace

std::string cron_error(std::string_view spec) {
  std::vector<std::string_view> words;
  for (size_t i = 0; i < spec.size();) {
    size_t end = spec.find_first_of(" \t", i);
    if (end == std::string_view::npos) end = spec.size();
    if (end > i) words.push_back(spec.substr(i, end - i));
    i = end + 1;
  }
  if (words.size() != kFields.size())
    return "it has " + std::to_string(words.size()) +
           " fields; GitHub's has 5: minute, hour, day of month, month, day of week";
  std::array<std::vector<bool>, 5> sets;
  for (size_t i = 0; i < words.size(); ++i) {
    if (std::string why = field(words[i], kFields[i], sets[i]); !why.empty()) return why;
  }
  if (spec.find_first_of("\t") != std::string_view::npos ||
      spec.find("  ") != std::string_view::npos || spec.front() == ' ' || spec.back() == ' ')
    return "its fields are apart by more than one space, which the workflow schema refuses";
  for (size_t i = 0; i < words.size(); ++i) {
    if (words[i].size() > kLongestMatched)
      return "its " + std::string(kFields[i].name) + " field is " + std::to_string(words[i].size()) +
             " characters long, longer than pipec reads (" + std::to_string(kLongestMatched) + ")";
    if (!std::regex_match(words[i].begin(), words[i].end(), kSchemaField))
      return "its " + std::string(kFields[i].name) + " field " + quoted(words[i]) +
             " is a form the workflow schema refuses; it takes a number, *, a range a-b, a step "
             "(*/n, a/n, a-b/n), a list of numbers a,b, or an upper-case name or range of names";
  }
  // The closest two runs: two minutes of one hour, or the last minute of an
  // hour and the first of the next, when both hours run (23 and 0 of two
  // days in a row).
  std::vector<int> minutes;
  for (int m = 0; m < 60; ++m) {
    if (sets[0][m]) minutes.push_back(m);
  }
  int closest = 60;
  for (size_t i = 1; i < minutes.size(); ++i)
    closest = std::min(closest, minutes[i] - minutes[i - 1]);
  for (int h = 0; h < 24; ++h) {
    if (sets[1][h] && sets[1][(h + 1) % 24] && (h < 23 || days_in_a_row(sets[2], sets[3], sets[4])))
      closest = std::min(closest, 60 - minutes.back() + minutes.front());
  }
  if (closest < 5)
    return "it runs " + std::to_string(closest) + " minute" + (closest == 1 ? "" : "s") +
           " apart; GitHub runs a schedule at most once every 5 minutes";
  return "";
}

}  // namespace pipec
