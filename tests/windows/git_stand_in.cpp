// A stand-in for git.exe in the Windows step tools' test (Wine runs no
// Linux git): logs each call's arguments, one per line in brackets, to
// GIT_LOG, and answers the three commands configure_ci runs with canned
// text: `diff --name-only REF` prints GIT_DIFF (a file of paths),
// `rev-parse --show-toplevel` prints C:/repo, `-C DIR submodule status`
// prints nothing.
#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char** argv) {
  const char* log = std::getenv("GIT_LOG");
  if (FILE* f = log ? std::fopen(log, "ab") : nullptr) {
    for (int i = 1; i < argc; ++i) std::fprintf(f, "[%s]", argv[i]);
    std::fputc('\n', f);
    std::fclose(f);
  }
  const std::string command = argc > 1 ? argv[1] : "";
  if (command == "diff") {
    const char* diff = std::getenv("GIT_DIFF");
    if (FILE* f = diff ? std::fopen(diff, "rb") : nullptr) {
      for (int c; (c = std::fgetc(f)) != EOF;) std::putchar(c);
      std::fclose(f);
    }
    return 0;
  }
  if (command == "rev-parse") {
    std::puts("C:/repo");
    return 0;
  }
  if (command == "-C") return 0;
  std::fprintf(stderr, "git stand-in: unexpected command %s\n", command.c_str());
  return 2;
}
