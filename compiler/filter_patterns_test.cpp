#include "filter_patterns.h"

#include <doctest/doctest.h>

#include <utility>
#include <vector>

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

// The examples of GitHub's filter pattern cheat sheet, and what each does
// not match.
TEST_CASE("patterns match as GitHub's cheat sheet says") {
  struct Case {
    const char* pattern;
    std::vector<const char*> matched, not_matched;
  };
  for (const Case& c : std::vector<Case>{
           {"feature/*", {"feature/my-branch", "feature/your-branch"}, {"feature/a/b", "feature"}},
           {"feature/**", {"feature/beta-a/my-branch", "feature/your-branch", "feature/mona/the/octocat"}, {"features/x"}},
           {"*", {"main", "releases"}, {"releases/x"}},
           {"**", {"all/the/branches", "main"}, {}},
           {"*-alpha", {"v1-alpha", "main-alpha"}, {"releases/v1-alpha"}},
           {"v2*", {"v2", "v2.0", "v2.9"}, {"v1", "v2/x"}},
           {"v[12].[0-9]+.[0-9]+", {"v1.10.1", "v2.0.0"}, {"v3.0.0", "v1.x.1", "v1..1"}},
           {"*.jsx?", {"page.js", "page.jsx"}, {"page.jsxx", "src/page.js"}},
           {"*.js", {"app.js", "index.js"}, {"js/index.js"}},
           {"**.js", {"index.js", "js/index.js", "src/js/app.js"}, {"index.jsx"}},
           {"docs/*", {"docs/README.md", "docs/file.txt"}, {"docs/mona/octocat.txt"}},
           {"docs/**", {"docs/README.md", "docs/mona/octocat.txt"}, {"README.md"}},
           {"docs/**/*.md", {"docs/README.md", "docs/mona/hello-world.md", "docs/a/markdown/file.md"}, {"docs/a.txt"}},
           {"**/docs/**", {"docs/hello.md", "dir/docs/my-file.txt", "space/docs/plan/space.doc"}, {"mydocs/x"}},
           {"**/README.md", {"README.md", "js/README.md"}, {"xREADME.md", "js/xREADME.md"}},
           {"**/*src/**", {"a/src/app.js", "my-src/code/js/app.js"}, {"src"}},
           {"**/*-post.md", {"my-post.md", "path/their-post.md"}, {"post.md"}},
           {"**/migrate-*.sql", {"migrate-10909.sql", "db/migrate-v1.0.sql", "db/sept/migrate-v1.sql"}, {"migrate.sql"}},
           {"a\\+b", {"a+b"}, {"ab", "aab"}},
           {"ab+c", {"abc", "abbbc"}, {"ac"}},
       }) {
    for (const char* m : c.matched) CHECK_MESSAGE(filter_pattern_matches(c.pattern, m), c.pattern, " ", m);
    for (const char* n : c.not_matched) CHECK_MESSAGE(!filter_pattern_matches(c.pattern, n), c.pattern, " ", n);
  }
}

}  // namespace
}  // namespace pipec
