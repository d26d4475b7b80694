#include "filter_patterns.h"

#include <doctest/doctest.h>

namespace pipec {
namespace {

std::string ref(std::string_view p) { return filter_pattern_error(p, PatternKind::Ref); }
std::string path(std::string_view p) { return filter_pattern_error(p, PatternKind::Path); }

TEST_CASE("good branch, tag and path patterns") {
  for (const char* p :
       {"main", "release/therock-*", "releases/**", "!releases/**-alpha", "v[0-9]+.[0-9]+", "v2.?",
        "feature[ab]", "a\\+b", "a\\\\b", "a\\!b", "*", "**"})
    CHECK_MESSAGE(ref(p) == "", p);
  for (const char* p : {"docs/**", "**.md", "!docs/**/*.txt", "src/[ab]*.cpp", "a b/c", "a\\b",
                        "a\\*b", ".github/**"})
    CHECK_MESSAGE(path(p) == "", p);
}

TEST_CASE("patterns GitHub would not match as written") {
  CHECK(ref("") == "a filter pattern cannot be empty");
  CHECK(path("") == "a filter pattern cannot be empty");
  CHECK(ref("!") == "! negates the pattern after it, and there is none");
  CHECK(ref("?main") == "? repeats the character before it, and there is none");
  CHECK(ref("!+main") == "+ repeats the character before it, and there is none");
  CHECK(ref("main*+") == "+ repeats the character before it, and that is no character");
  CHECK(ref("a??") == "? repeats the character before it, and that is no character");
  CHECK(ref("v[]") == "[] matches no character");
  CHECK(ref("v[0-9") == "[ has no closing ]");
  CHECK(ref("v[0-") == "[ has no closing ]");
  CHECK(ref("v[0-]") == "the range 0- in [...] has no end");
  CHECK(ref("v[9-0]") == "the range 9-0 in [...] runs backwards");
  CHECK(ref("v[x]") == "[...] holds one character; write the character itself");
  CHECK(ref("a\nb") == "a filter pattern is one line");
  CHECK(path("a\r\nb") == "a filter pattern is one line");
}

TEST_CASE("branch and tag patterns are git ref names") {
  CHECK(ref("release 1") ==
        "it holds \" \", and no branch or tag name holds a space, ~, ^, :, [, ? or *");
  CHECK(ref("a\tb") ==
        "it holds a tab, and no branch or tag name holds a space, ~, ^, :, [, ? or *");
  CHECK(ref("a~1") ==
        "it holds \"~\", and no branch or tag name holds a space, ~, ^, :, [, ? or *");
  CHECK(ref("a:b") ==
        "it holds \":\", and no branch or tag name holds a space, ~, ^, :, [, ? or *");
  CHECK(ref("a\\*") == "no branch or tag name holds a space, ~, ^, :, [, ? or *");
  CHECK(ref("a\\b") == "\\ escapes only [, ?, +, *, \\ and ! in a branch or tag pattern");
  CHECK(ref("/main") == "no branch or tag name starts with /");
  CHECK(ref("!/main") == "no branch or tag name starts with /");
  CHECK(ref("release/") == "no branch or tag name ends with / or .");
  CHECK(ref("v1.") == "no branch or tag name ends with / or .");
  CHECK(path("docs/") == "");
}

TEST_CASE("path patterns start at the repository's root") {
  const std::string root =
      "a path pattern starts at the repository's root: no . or .. (dir/** rather than ./dir/**)";
  CHECK(path(".") == root);
  CHECK(path("..") == root);
  CHECK(path("./docs/**") == root);
  CHECK(path("!../x") == root);
  const std::string slash =
      "a path pattern starts at the repository's root, and no path from there starts with / "
      "(dir/** rather than /dir/**)";
  CHECK(path("/docs/**") == slash);
  CHECK(path("!/README.md") == slash);
  CHECK(path("/") == slash);
  CHECK(path(" docs/**") == "a path pattern has no spaces at its ends");
  CHECK(path("docs/** ") == "a path pattern has no spaces at its ends");
}

}  // namespace
}  // namespace pipec
