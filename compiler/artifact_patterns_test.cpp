// pattern_matches() against what minimatch 9 (download-artifact v7's) says
// for each case; none where pipec does not follow the pattern.
#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "artifact_steps.h"

namespace pipec {
namespace {

struct Case {
  const char* pattern;
  const char* name;
  std::optional<bool> matches;
};

TEST_CASE("download-artifact patterns against artifact names") {
  const std::optional<bool> yes = true, no = false, none;
  for (const Case& c : {
           Case{"coverage*", "coverage.xml", yes},
           {"*.xml", "coverage.xml", yes},
           {"*", "coverage.xml", yes},
           {"**", "coverage.xml", yes},
           {".*", ".coverage", yes},
           {"cov?rage.xml", "coverage.xml", yes},
           {"cov[a-f]rage.xml", "coverage.xml", yes},
           {"lib-*-x", "lib-a-b-x", yes},
           {"a*b*c", "aXbYbZc", yes},
           {"a**b", "aXXb", yes},
           {"[]]x", "]x", yes},
           {"[a-]x", "-x", yes},
           {"wheel-3.1[0-9].txt", "wheel-3.12.txt", yes},
           {"*c*", "abc", yes},
           {"test*", "test", yes},
           // minimatch's dot: false, classes, case.
           {"*", ".coverage", no},
           {"?coverage", ".coverage", no},
           {"cov[!e]rage.xml", "coverage.xml", no},
           {"cov[^e]rage.xml", "coverage.xml", no},
           {"a*b*c", "aXbYbZ", no},
           {"*.XML", "coverage.xml", no},
           // Not followed: no pattern to download-artifact, braces, extglobs,
           // negation, comments, escapes, POSIX classes, an open "[", a class
           // against a leading ".".
           {"", "x", none},
           {"{a,b}.xml", "a.xml", none},
           {"+(a|b).xml", "a.xml", none},
           {"!*.xml", "a.txt", none},
           {"#x", "#x", none},
           {"a\\*b", "a*b", none},
           {"[[:alpha:]].xml", "a.xml", none},
           {"a[b", "a[b", none},
           {"[.]coverage", ".coverage", none},
       })
    CHECK_MESSAGE(pattern_matches(c.pattern, c.name) == c.matches, c.pattern, " ", c.name);
}

TEST_CASE("a pattern and name whose lengths multiply past 2^20 are not followed") {
  // A value may be 1 MiB, and matching steps through pattern x name.
  const std::string a1024(1024, 'a'), a1025(1025, 'a'), a1m(1 << 20, 'a');
  CHECK(pattern_matches("*" + a1024.substr(1), a1024) == true);
  CHECK(pattern_matches("*" + a1024.substr(1), a1025) == std::nullopt);
  CHECK(pattern_matches("*", a1m) == true);
  CHECK(pattern_matches("**", a1m) == std::nullopt);
  CHECK(pattern_matches("*" + a1m + "b", a1m) == std::nullopt);
}

}  // namespace
}  // namespace pipec
