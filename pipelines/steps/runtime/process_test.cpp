#include "runtime/process.h"

#include <doctest/doctest.h>

#include "runtime/step_error.h"

// ECHO_ARGS: the path of echo_args, which prints its arguments back.

TEST_CASE("command_lines: each argument reaches the program as it is, with no shell between") {
  const std::vector<std::string> args = {ECHO_ARGS, "HEAD^", "100%", "a b", "q\"uote", "back\\", "back\\\"slash",
                                         "", "&|<>", "$HOME", "*"};
  CHECK(steps::runtime::command_lines(args, "") ==
        std::vector<std::string>{"[HEAD^]", "[100%]", "[a b]", "[q\"uote]", "[back\\]", "[back\\\"slash]", "[]",
                                 "[&|<>]", "[$HOME]", "[*]"});
}

TEST_CASE("command_lines: a program that fails or is not there is an error that says which") {
  CHECK_THROWS_WITH_AS(steps::runtime::command_lines({ECHO_ARGS, "!fail"}, "why"),
                       ("`" + std::string(ECHO_ARGS) + " !fail` exited with 3 (why)").c_str(), steps::InputError);
  // The hint is about the arguments, so not for a program that is not there.
  CHECK_THROWS_WITH_AS(steps::runtime::command_lines({"pipec-no-such-program", "x"}, "why"),
                       "`pipec-no-such-program x` could not run: no pipec-no-such-program on PATH", steps::InputError);
}

#ifdef _WIN32
TEST_CASE("command_lines on Windows: text that is not UTF-8 is refused, not passed mangled") {
  CHECK_THROWS_WITH_AS(steps::runtime::command_lines({ECHO_ARGS, "caf\xE9"}, ""),
                       ("cannot pass `caf\xE9` to `" + std::string(ECHO_ARGS) + " caf\xE9`: it is not UTF-8 text").c_str(),
                       steps::InputError);
  CHECK(steps::runtime::command_lines({ECHO_ARGS, "caf\xC3\xA9"}, "") == std::vector<std::string>{"[caf\xC3\xA9]"});
}
#endif
