#include "runtime/process.h"

#include <cstdio>
#include <sstream>

#include "runtime/step_error.h"

#ifdef _WIN32
#define popen _popen
#define pclose _pclose
#else
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
extern char** environ;
#endif

namespace steps::runtime {
namespace {

// How the command reads in a message.
std::string shown(const std::vector<std::string>& argv) {
  std::string s;
  for (const auto& a : argv) s += (s.empty() ? "" : " ") + a;
  return s;
}

#ifdef _WIN32
// One argument as the C runtime splits a command line: in double quotes,
// with backslashes before a quote doubled. cmd.exe, which _popen runs,
// reads %, ^, &, |, <, > and line breaks itself, so an argument that holds
// one is refused rather than passed.
std::string quoted(const std::string& arg, const std::vector<std::string>& argv) {
  if (arg.find_first_of("%^&|<>\"\r\n") != std::string::npos)
    throw InputError("cannot pass `" + arg + "` to `" + shown(argv) + "` through cmd.exe");
  std::string out = "\"";
  size_t backslashes = 0;
  for (char c : arg) {
    backslashes = c == '\\' ? backslashes + 1 : 0;
    out += c;
  }
  return out + std::string(backslashes, '\\') + "\"";
}

// Runs the command and returns what it printed; false if it could not run
// or exited non-zero.
bool run(const std::vector<std::string>& argv, std::string& text) {
  std::string command;
  for (const auto& a : argv) command += (command.empty() ? "" : " ") + quoted(a, argv);
  FILE* p = popen(("\"" + command + "\"").c_str(), "r");
  if (!p) return false;
  char buf[4096];
  while (size_t n = std::fread(buf, 1, sizeof buf, p)) text.append(buf, n);
  return pclose(p) == 0;
}
#else
bool run(const std::vector<std::string>& argv, std::string& text) {
  int fds[2];
  if (pipe(fds) != 0) return false;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  posix_spawn_file_actions_addclose(&actions, fds[1]);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (spawned == 0) {
    char buf[4096];
    for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) != 0;) {
      if (n > 0) text.append(buf, static_cast<size_t>(n));
      else if (errno != EINTR) break;
    }
  }
  close(fds[0]);
  if (spawned != 0) return false;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return false;
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}
#endif

}  // namespace

std::vector<std::string> command_lines(const std::vector<std::string>& argv, const std::string& what_failed) {
  std::string text;
  if (argv.empty() || !run(argv, text))
    throw InputError("`" + shown(argv) + "` failed" + (what_failed.empty() ? "" : " (" + what_failed + ")"));
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) {
    if (!l.empty() && l.back() == '\r') l.pop_back();
    if (!l.empty()) lines.push_back(l);
  }
  return lines;
}

}  // namespace steps::runtime
