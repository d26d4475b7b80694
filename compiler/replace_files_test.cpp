#include "replace_files.h"

#include <doctest/doctest.h>

#include <csignal>

namespace pipec {
namespace {

volatile std::sig_atomic_t received = 0;
extern "C" void record(int sig) { received = sig; }

// Runs `body` with `record` as the handler of `sig`, then puts the old one back.
template <typename F>
void with_handler(int sig, F body) {
  struct sigaction act = {}, old = {};
  act.sa_handler = record;
  sigemptyset(&act.sa_mask);
  sigaction(sig, &act, &old);
  received = 0;
  body();
  sigaction(sig, &old, nullptr);
}

TEST_CASE("a termination signal waits while files are replaced, and acts after") {
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) {
    CAPTURE(sig);
    with_handler(sig, [&] {
      {
        HoldTermination hold;
        raise(sig);
        CHECK(received == 0);
      }
      CHECK(received == sig);
    });
  }
}

TEST_CASE("other signals are not held") {
  with_handler(SIGUSR1, [] {
    HoldTermination hold;
    raise(SIGUSR1);
    CHECK(received == SIGUSR1);
  });
}

}  // namespace
}  // namespace pipec
