// GitHub's filter patterns (a trigger's branches, tags and paths): globs
// with *, **, ?, + and [...], and a leading ! that negates. A branch or tag
// pattern matches git ref names, so it cannot hold what git refuses in one
// (git-check-ref-format); a path pattern starts at the repository's root.
// The rules are GitHub's filter pattern cheat sheet, as actionlint (which
// every generated file passes) checks them.
#pragma once

#include <string>
#include <string_view>

namespace pipec {

enum class PatternKind { Ref, Path };

// Why GitHub would not match `pattern` as the author meant it, or "" when
// it is a good pattern.
std::string filter_pattern_error(std::string_view pattern, PatternKind kind);

// Whether a good pattern (no leading !: the list it is in says what that
// does) matches `text`: * matches any characters but /, ** any, **/ any
// folders (none too), ? and + make the character or [...] before them
// optional or repeated, and \ takes the next character as itself. Matched
// by the set of pattern positions each prefix of text can reach: the time
// is at most the product of the lengths, and nothing recurses.
bool filter_pattern_matches(std::string_view pattern, std::string_view text);

}  // namespace pipec
