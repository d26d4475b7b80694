// pattern_matches() against what minimatch 9 (download-artifact v7's) says
// for each case.
#include <doctest/doctest.h>

#include "artifact_steps.h"

namespace pipec {
namespace {

TEST_CASE("download-artifact patterns that match an artifact's name") {
  for (const auto& [pattern, name] : std::vector<std::pair<const char*, const char*>>{
           {"coverage*", "coverage.xml"},
           {"*.xml", "coverage.xml"},
           {"*", "coverage.xml"},
           {"**", "coverage.xml"},
           {".*", ".coverage"},
           {"cov?rage.xml", "coverage.xml"},
           {"cov[a-f]rage.xml", "coverage.xml"},
           {"lib-*-x", "lib-a-b-x"},
           {"a*b*c", "aXbYbZc"},
           {"a**b", "aXXb"},
           {"[]]x", "]x"},
           {"[a-]x", "-x"},
           {"wheel-3.1[0-9].txt", "wheel-3.12.txt"},
           {"*c*", "abc"},
           {"test*", "test"},
       })
    CHECK_MESSAGE(pattern_matches(pattern, name) == true, pattern, " ", name);
}

TEST_CASE("download-artifact patterns that do not match") {
  for (const auto& [pattern, name] : std::vector<std::pair<const char*, const char*>>{
           {"*", ".coverage"},
           {"?coverage", ".coverage"},
           {"cov[!e]rage.xml", "coverage.xml"},
           {"cov[^e]rage.xml", "coverage.xml"},
           {"a*b*c", "aXbYbZ"},
           {"*.XML", "coverage.xml"},
       })
    CHECK_MESSAGE(pattern_matches(pattern, name) == false, pattern, " ", name);
}

TEST_CASE("download-artifact patterns that are not followed") {
  for (const auto& [pattern, name] : std::vector<std::pair<const char*, const char*>>{
           {"", "x"},
           {"{a,b}.xml", "a.xml"},
           {"+(a|b).xml", "a.xml"},
           {"!*.xml", "a.txt"},
           {"#x", "#x"},
           {"a\\*b", "a*b"},
           {"[[:alpha:]].xml", "a.xml"},
           {"a[b", "a[b"},
           {"[.]coverage", ".coverage"},
       })
    CHECK_MESSAGE(!pattern_matches(pattern, name), pattern, " ", name);
}

}  // namespace
}  // namespace pipec
