// The shared part of every generated main(): parsing as the declaration
// says, and writing results where GitHub Actions reads them.
#include "runtime/step_main.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#ifndef _WIN32
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#include "runtime/step_error.h"
#include "runtime/text.h"

using namespace steps::runtime;

namespace {

Interface demo() {
  return {"demo", "A demo.",
          {{"name", Type::String, true, false, std::nullopt, {}, "Who."},
           {"loud", Type::Boolean, false, false, std::string("false"), {}, "Shout."},
           {"kind", Type::Choice, false, false, std::string("a"), {"a", "b"}, "Kind."},
           {"times", Type::Number, false, false, std::nullopt, {}, "How often."},
           {"dir", Type::String, false, true, std::nullopt, {}, "Where."}},
          {{"DEMO_ENV", Type::Boolean, false, false, std::nullopt, {}, "A switch."}}};
}

std::optional<Values> parse_args(std::vector<std::string> args, std::map<std::string, std::string> env = {}) {
  return parse(demo(), args, [&](const std::string& k) -> std::optional<std::string> {
    auto it = env.find(k);
    if (it == env.end()) return std::nullopt;
    return it->second;
  }, nullptr);
}

std::string error_of(std::vector<std::string> args, std::map<std::string, std::string> env = {}) {
  try {
    parse_args(args, env);
  } catch (const steps::InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("flags, negations, defaults, positional and environment") {
  auto v = parse_args({"--name", "x", "--no-loud", "--kind=b", "out", "--times", "2.5"}, {{"DEMO_ENV", "yes"}});
  REQUIRE(v);
  CHECK(v->string("name") == "x");
  CHECK_FALSE(v->boolean("loud"));
  CHECK(v->string("kind") == "b");
  CHECK(v->string("dir") == "out");
  CHECK(v->number("times") == 2.5);
  CHECK(v->boolean("DEMO_ENV"));
  auto d = parse_args({"--name=y", "--loud"});
  CHECK(d->boolean("loud"));
  CHECK(d->string("kind") == "a");
  CHECK_FALSE(d->get("dir"));
  CHECK_FALSE(d->optional_number("times"));
}

TEST_CASE("every kind of bad command line is one message") {
  CHECK(error_of({}) == "--name is required (see --help)");
  CHECK(error_of({"--name"}) == "--name needs a value");
  // The next flag is not taken for the value; written with = it is one.
  CHECK(error_of({"--name", "--verbose"}) == "--name needs a value");
  CHECK(parse_args({"--name=--verbose"})->string("name") == "--verbose");
  CHECK(error_of({"--name", "x", "--name", "y"}) == "--name is given twice");
  CHECK(error_of({"--name", "x", "--nme"}) == "unknown flag --nme (see --help)");
  CHECK(error_of({"--name", "x", "--kind", "c"}) == "--kind must be one of a, b, not \"c\"");
  CHECK(error_of({"--name", "x", "--times", "2x"}) == "--times must be a number, not \"2x\"");
  CHECK(error_of({"--name", "x", "--loud=maybe"}) == "--loud must be true or false (or yes/no, 1/0, on/off), not \"maybe\"");
  CHECK(error_of({"--name", "x", "a", "b"}) == "unexpected argument \"b\"");
  CHECK(error_of({"--name", "x"}, {{"DEMO_ENV", "perhaps"}}) ==
        "environment variable DEMO_ENV must be true or false (or yes/no, 1/0, on/off), not \"perhaps\"");
}

TEST_CASE("after --, an argument is the positional value, whatever it looks like") {
  CHECK(parse_args({"--name", "x", "--", "--help"})->string("dir") == "--help");
  CHECK(parse_args({"--name", "x", "--", "-h"})->string("dir") == "-h");
  CHECK(parse_args({"--name", "x", "--", "--"})->string("dir") == "--");
  CHECK(error_of({"--", "--name"}) == "--name is required (see --help)");
  CHECK(error_of({"--", "--name", "x"}) == "unexpected argument \"x\"");
  // Before it, -h is the help, as before.
  CHECK(parse_args({"--name", "x", "-h"}) == std::nullopt);
}

TEST_CASE("--help") {
  std::string help;
  auto v = parse(demo(), {"--name", "x", "--help"}, [](const std::string&) { return std::nullopt; }, &help);
  CHECK_FALSE(v);
  CHECK(help == "usage: demo --name VALUE [--loud] [--kind VALUE] [--times VALUE] [dir]\n\nA demo.\n\nflags:\n"
                "  --name\n      Who. Required.\n  --loud, --no-loud\n      Shout. Default: false.\n"
                "  --kind\n      Kind. One of: a, b. Default: a.\n  --times\n      How often.\n  dir\n      Where.\n\n"
                "environment:\n  DEMO_ENV\n      A switch.\n");
}

TEST_CASE("outputs: key=value, and GitHub's heredoc form for several lines") {
  auto path = std::filesystem::temp_directory_path() / "step_main_test_output";
  std::filesystem::remove(path);
#ifdef _WIN32
  _putenv_s("GITHUB_OUTPUT", path.string().c_str());
#else
  setenv("GITHUB_OUTPUT", path.string().c_str(), 1);
#endif
  GitHubSink sink;
  sink.output("a", "1");
  sink.output("b", "x\ny");
  sink.output("c", "PIPEC_EOF");
  sink.output("d", "PIPEC_EOF\nz");
  CHECK(!std::filesystem::exists(path));  // kept until the step is done
  sink.commit();
  std::stringstream text;
  {
    std::ifstream in(path, std::ios::binary);  // closed before the remove: Windows removes no open file
    text << in.rdbuf();
  }
  CHECK(text.str() == "a=1\nb<<PIPEC_EOF\nx\ny\nPIPEC_EOF\nc=PIPEC_EOF\nd<<PIPEC_EOF_1\nPIPEC_EOF\nz\nPIPEC_EOF_1\n");
  std::filesystem::remove(path);
}

#ifndef _WIN32
TEST_CASE("an append that fails takes back those before it") {
  auto path = std::filesystem::temp_directory_path() / "step_main_test_rollback";
  {
    std::ofstream(path) << "before=1\n";
  }
  setenv("GITHUB_OUTPUT", path.string().c_str(), 1);
  setenv("GITHUB_STEP_SUMMARY", "/dev/full", 1);
  GitHubSink sink;
  sink.output("a", "1");
  sink.summary("## done");
  sink.output("b", "2");
  CHECK_THROWS_WITH_AS(sink.commit(), "cannot append to GITHUB_STEP_SUMMARY (/dev/full): the write failed (a full disk?)", steps::InputError);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  CHECK(text.str() == "before=1\n");
  std::filesystem::remove(path);
  unsetenv("GITHUB_STEP_SUMMARY");
}

TEST_CASE("a link to nothing is refused, not followed: no file is left where it leads") {
  // The file made through the link was once kept, and the link removed,
  // when a later append failed.
  const auto dir = std::filesystem::temp_directory_path() / "step_main_test_dangling";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::filesystem::create_symlink(dir / "target", dir / "link");
  setenv("GITHUB_ENV", (dir / "env").string().c_str(), 1);
  setenv("GITHUB_OUTPUT", (dir / "link").string().c_str(), 1);
  GitHubSink sink;
  sink.env("E", "1");
  sink.output("a", "1");
  CHECK_THROWS_WITH_AS(sink.commit(), ("cannot append to GITHUB_OUTPUT (" + (dir / "link").string() +
                                       "): it is a link to a file that does not exist").c_str(),
                       steps::InputError);
  CHECK(!std::filesystem::exists(dir / "target"));
  CHECK(std::filesystem::is_symlink(dir / "link"));
  CHECK(!std::filesystem::exists(dir / "env"));  // made, and taken back
  std::filesystem::remove_all(dir);
  unsetenv("GITHUB_ENV");
  unsetenv("GITHUB_OUTPUT");
}

TEST_CASE("a pipe no process reads is refused at once; one that a process reads is written") {
  const auto dir = std::filesystem::temp_directory_path() / "step_main_test_fifo";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const auto fifo = dir / "fifo";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  setenv("GITHUB_OUTPUT", fifo.string().c_str(), 1);
  {
    GitHubSink sink;
    sink.output("a", "1");
    CHECK_THROWS_WITH_AS(sink.commit(), ("cannot append to GITHUB_OUTPUT (" + fifo.string() +
                                         "): it is a pipe that no process reads").c_str(),
                         steps::InputError);
  }
  // A reader: opened before the step writes (O_RDWR does not wait for a
  // writer), read after.
  const int reader = open(fifo.c_str(), O_RDWR | O_NONBLOCK);
  REQUIRE(reader >= 0);
  GitHubSink sink;
  sink.output("a", "1");
  sink.commit();
  char got[16] = {};
  CHECK(read(reader, got, sizeof got - 1) == 4);
  CHECK(std::string(got) == "a=1\n");
  close(reader);
  std::filesystem::remove_all(dir);
  unsetenv("GITHUB_OUTPUT");
}

TEST_CASE("a file two variables name, through two paths, goes back to its first size") {
  auto path = std::filesystem::temp_directory_path() / "step_main_test_twice";
  {
    std::ofstream(path) << "before=1\n";
  }
  setenv("GITHUB_OUTPUT", path.string().c_str(), 1);
  setenv("GITHUB_ENV", (path.parent_path() / "." / path.filename()).string().c_str(), 1);
  setenv("GITHUB_STEP_SUMMARY", "/dev/full", 1);
  GitHubSink sink;
  sink.output("a", "1");
  sink.env("E", "2");
  sink.summary("## done");
  CHECK_THROWS_AS(sink.commit(), steps::InputError);
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  CHECK(text.str() == "before=1\n");
  std::filesystem::remove(path);
  unsetenv("GITHUB_ENV");
  unsetenv("GITHUB_STEP_SUMMARY");
}
#endif

TEST_CASE("JSON nesting is counted outside strings") {
  CHECK_NOTHROW(steps::runtime::check_json_nesting("[[[\"[[[[\\\"[[\"]]]", "X", 3));
  CHECK_THROWS_WITH_AS(steps::runtime::check_json_nesting("{\"a\": [[1]]}", "X", 2), "X nests deeper than 2 levels",
                       steps::InputError);
}

TEST_CASE("an error message is one line of the log, and a long one is cut") {
  using steps::runtime::one_line;
  CHECK(one_line("a\nb\r\tc\x01\x7f") == "a\\nb\\r\\tc\\x01\\x7f");
  const std::string long_text(2500, 'x');
  CHECK(one_line(long_text) == std::string(2000, 'x') + "... (500 more bytes)");
  CHECK(one_line(std::string(2000, 'y')) == std::string(2000, 'y'));
  // Not inside a character: the whole of the one the limit falls in.
  std::string accents = "x";
  for (int i = 0; i < 1500; ++i) accents += "\u00e9";
  CHECK(one_line(accents) == accents.substr(0, 2001) + "... (1000 more bytes)");
}

TEST_CASE("a log line is one line of the step's log, whatever values it echoes") {
  std::ostringstream captured;
  auto* before = std::cout.rdbuf(captured.rdbuf());
  GitHubSink sink;
  // A value with a line break: its second line would be a workflow command.
  sink.line("found torch-2.0\n::warning::injected-cp.whl\r\x01 (a\ttab stays)");
  sink.line("");
  std::cout.rdbuf(before);
  CHECK(captured.str() == "found torch-2.0\\n::warning::injected-cp.whl\\r\\x01 (a\ttab stays)\n\n");
}
