#include "cron_spec.h"

#include <doctest/doctest.h>

namespace pipec {
namespace {

TEST_CASE("good cron schedules") {
  for (const char* s : {"0 2 * * *", "30 2 * * 1", "*/5 * * * *", "0,30 * * * *", "0 0 1 JAN *",
                        "15 4 1-7 * MON-FRI", "0 */6 * * *", "5/15 * * * *", "0 9 * 1-12/3 0",
                        "59 23 31 12 6", "55,0 0,12 * * *"})
    CHECK_MESSAGE(cron_error(s) == "", s);
}

TEST_CASE("cron schedules GitHub refuses") {
  CHECK(cron_error("0 2 * *") ==
        "it has 4 fields; GitHub's has 5: minute, hour, day of month, month, day of week");
  CHECK(cron_error("") ==
        "it has 0 fields; GitHub's has 5: minute, hour, day of month, month, day of week");
  CHECK(cron_error("60 * * * *") == "its minute 60 is not in 0-59");
  CHECK(cron_error("0 24 * * *") == "its hour 24 is not in 0-23");
  CHECK(cron_error("0 0 0 * *") == "its day of month 0 is not in 1-31");
  CHECK(cron_error("0 0 * 13 *") == "its month 13 is not in 1-12");
  CHECK(cron_error("0 0 * * 7") == "its day of week 7 is not in 0-6");
  CHECK(cron_error("0 0 * FOO *") == "its month \"FOO\" is no number or name");
  CHECK(cron_error("x 0 * * *") == "its minute \"x\" is no number");
  CHECK(cron_error("0 0 * * MON-") == "its day of week \"\" is no number or name");
  CHECK(cron_error("0 5-2 * * *") == "its hour range \"5-2\" runs backwards");
  CHECK(cron_error("*/0 0 * * *") ==
        "its minute step \"*/0\" is not a whole number above zero after /");
  CHECK(cron_error("0/ 0 * * *") ==
        "its minute step \"0/\" is not a whole number above zero after /");
  CHECK(cron_error("0,,5 0 * * *") == "its minute field \"0,,5\" has an empty item");
  CHECK(cron_error("0 0 ? * *") == "its day of month \"?\" is no number");
}

TEST_CASE("cron schedules GitHub takes and the workflow schema refuses") {
  const std::string form =
      " is a form the workflow schema refuses; it takes a number, *, a range a-b, a step (*/n, "
      "a/n, "
      "a-b/n), a list of "
      "numbers a,b, or an upper-case name or range of names";
  CHECK(cron_error("0 0 1 JAN,JUL *") == "its month field \"JAN,JUL\"" + form);
  CHECK(cron_error("0 0 1 jan *") == "its month field \"jan\"" + form);
  CHECK(cron_error("0 0-5,10 * * *") == "its hour field \"0-5,10\"" + form);
  CHECK(cron_error("0 2  * * *") ==
        "its fields are apart by more than one space, which the workflow schema refuses");
  CHECK(cron_error("0 2 * *\t*") ==
        "its fields are apart by more than one space, which the workflow schema refuses");
  CHECK(cron_error(" 0 2 * * *") ==
        "its fields are apart by more than one space, which the workflow schema refuses");
}

TEST_CASE("GitHub runs a schedule at most once every 5 minutes") {
  CHECK(cron_error("* * * * *") ==
        "it runs 1 minute apart; GitHub runs a schedule at most once every 5 minutes");
  CHECK(cron_error("*/2 3 * * *") ==
        "it runs 2 minutes apart; GitHub runs a schedule at most once every 5 minutes");
  CHECK(cron_error("0,30,31 * * * *") ==
        "it runs 1 minute apart; GitHub runs a schedule at most once every 5 minutes");
  CHECK(cron_error("58,0 1,2 * * *") ==
        "it runs 2 minutes apart; GitHub runs a schedule at most once every 5 minutes");
  CHECK(cron_error("58,0 1,3 * * *") == "");
  // 23:58 and 00:00 of the next day.
  const std::string two_apart = "it runs 2 minutes apart; GitHub runs a schedule at most once every 5 minutes";
  CHECK(cron_error("0,58 0,23 * * *") == two_apart);
  CHECK(cron_error("0,58 0,23 * * 5,6") == two_apart);
  CHECK(cron_error("0,58 0,23 14,15 * *") == two_apart);
  // Days apart, or a day of the week on days that are not in a row.
  CHECK(cron_error("0,58 0,23 * * 1,3") == "");
  CHECK(cron_error("0,58 0,23 1,15 * *") == "");
  // The last day of a month and the first of the next; a day of the month
  // or of the week (cron runs on either).
  CHECK(cron_error("0,58 0,23 31,1 * *") == two_apart);
  CHECK(cron_error("0,58 0,23 28,1 2,3 *") == two_apart);
  CHECK(cron_error("0,58 0,23 1 * 1") == two_apart);
  CHECK(cron_error("0,58 0,23 31,1 1 *") == "");
  CHECK(cron_error("0,58 0,23 15 * 1") == two_apart);
}

}  // namespace
}  // namespace pipec
