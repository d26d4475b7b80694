#include "runtime/process.h"

#include <cstdio>
#include <cstring>
#include <memory>
#include <sstream>

#include "runtime/step_error.h"

#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <io.h>
#include <windows.h>
#else
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <cerrno>
extern char** environ;
#endif

namespace steps::runtime {
namespace {

// The first line with text of what a program wrote on stderr (into `err`,
// a temporary file), at most 300 bytes of it: the cause, as git writes it
// ("fatal: detected dubious ownership ...", "warning: Not a git repository")
// before its advice or pages of usage. "" for none.
std::string first_error_line(std::FILE* err) {
  if (!err) return "";
  std::string head(4096, '\0');
  std::rewind(err);
  head.resize(std::fread(head.data(), 1, head.size(), err));
  std::istringstream in(head);
  for (std::string l; std::getline(in, l);) {
    if (!l.empty() && l.back() == '\r') l.pop_back();
    if (l.find_first_not_of(" \t") != std::string::npos) return l.size() > 300 ? l.substr(0, 300) + "..." : l;
  }
  return "";
}

// "exited with 129", with what the program said first on stderr.
std::string exited(unsigned long code, std::FILE* err) {
  const std::string said = first_error_line(err);
  return "exited with " + std::to_string(code) + (said.empty() ? "" : ": " + said);
}

// How a run went: whether the program started, and what went wrong ("" for
// nothing), as a message goes on after the command.
struct Outcome {
  bool ran;
  std::string problem;
};

// How the command reads in a message.
std::string shown(const std::vector<std::string>& argv) {
  std::string s;
  for (const auto& a : argv) s += (s.empty() ? "" : " ") + a;
  return s;
}

#ifdef _WIN32
// An argument as Windows takes it. Text that is not UTF-8 (a value the
// C runtime gave in the ANSI code page) is refused, not passed mangled.
std::wstring wide(const std::string& utf8, const std::vector<std::string>& argv) {
  if (utf8.empty()) return L"";
  const int n = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, utf8.data(), static_cast<int>(utf8.size()), nullptr, 0);
  if (n <= 0) throw InputError("cannot pass `" + utf8 + "` to `" + shown(argv) + "`: it is not UTF-8 text");
  std::wstring out(static_cast<size_t>(n), L'\0');
  MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, utf8.data(), static_cast<int>(utf8.size()), out.data(), n);
  return out;
}

// One argument as the C runtime (and CommandLineToArgvW) splits a command
// line: in double quotes, a quote escaped by a backslash, and the
// backslashes before a quote doubled. No shell reads the line.
std::wstring quoted(const std::wstring& arg) {
  std::wstring out = L"\"";
  size_t backslashes = 0;
  for (wchar_t c : arg) {
    if (c == L'\\') {
      ++backslashes;
      continue;
    }
    out.append(c == L'"' ? 2 * backslashes + 1 : backslashes, L'\\');
    out += c;
    backslashes = 0;
  }
  out.append(2 * backslashes, L'\\');
  return out + L"\"";
}

// The program a name stands for, looked up in PATH's folders alone (not the
// current folder, which CreateProcess would search first: a checkout could
// hold a git.exe), with .exe added unless the name ends in it.
std::wstring on_path(const std::wstring& name) {
  std::wstring file = name;
  if (file.size() < 4 || _wcsicmp(file.c_str() + file.size() - 4, L".exe") != 0) file += L".exe";
  if (file.find_first_of(L"\\/:") != std::wstring::npos) return file;  // a path already
  const DWORD size = GetEnvironmentVariableW(L"PATH", nullptr, 0);
  std::wstring path(size, L'\0');
  path.resize(GetEnvironmentVariableW(L"PATH", path.data(), size));
  for (size_t start = 0; start <= path.size();) {
    size_t end = path.find(L';', start);
    if (end == std::wstring::npos) end = path.size();
    std::wstring dir = path.substr(start, end - start);
    start = end + 1;
    if (dir.size() >= 2 && dir.front() == L'"' && dir.back() == L'"') dir = dir.substr(1, dir.size() - 2);
    if (dir.empty()) continue;
    const std::wstring candidate = dir + (dir.back() == L'\\' || dir.back() == L'/' ? L"" : L"\\") + file;
    const DWORD attributes = GetFileAttributesW(candidate.c_str());
    if (attributes != INVALID_FILE_ATTRIBUTES && !(attributes & FILE_ATTRIBUTE_DIRECTORY)) return candidate;
  }
  return L"";
}

Outcome run(const std::vector<std::string>& argv, std::string& text) {
  const std::wstring program = on_path(wide(argv[0], argv));
  if (program.empty()) return {false, "could not run: no " + argv[0] + " on PATH"};
  std::wstring command;
  for (const auto& a : argv) command += (command.empty() ? L"" : L" ") + quoted(wide(a, argv));
  SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
  HANDLE read_end = nullptr, write_end = nullptr;
  if (!CreatePipe(&read_end, &write_end, &inherit, 0)) return {false, "could not run: no pipe (Windows error " + std::to_string(GetLastError()) + ")"};
  SetHandleInformation(read_end, HANDLE_FLAG_INHERIT, 0);
  STARTUPINFOW startup{};
  startup.cb = sizeof startup;
  startup.dwFlags = STARTF_USESTDHANDLES;
  startup.hStdInput = GetStdHandle(STD_INPUT_HANDLE);
  startup.hStdOutput = write_end;
  // What the program says on stderr goes to a temporary file, not the
  // step's log: the step's error gives its first line (first_error_line).
  std::FILE* err = std::tmpfile();
  HANDLE err_handle = err ? reinterpret_cast<HANDLE>(_get_osfhandle(_fileno(err))) : INVALID_HANDLE_VALUE;
  if (err_handle != INVALID_HANDLE_VALUE) SetHandleInformation(err_handle, HANDLE_FLAG_INHERIT, HANDLE_FLAG_INHERIT);
  startup.hStdError = err_handle != INVALID_HANDLE_VALUE ? err_handle : GetStdHandle(STD_ERROR_HANDLE);
  PROCESS_INFORMATION process{};
  const BOOL started = CreateProcessW(program.c_str(), command.data(), nullptr, nullptr, TRUE, 0, nullptr, nullptr,
                                      &startup, &process);
  const DWORD start_error = GetLastError();
  CloseHandle(write_end);
  if (started) {
    char buf[4096];
    DWORD n = 0;
    while (ReadFile(read_end, buf, sizeof buf, &n, nullptr) && n > 0) text.append(buf, n);
  }
  CloseHandle(read_end);
  if (!started) {
    if (err) std::fclose(err);
    return {false, "could not run (Windows error " + std::to_string(start_error) + ")"};
  }
  WaitForSingleObject(process.hProcess, INFINITE);
  DWORD code = 1;
  GetExitCodeProcess(process.hProcess, &code);
  CloseHandle(process.hProcess);
  CloseHandle(process.hThread);
  const std::string problem = code == 0 ? "" : exited(code, err);
  if (err) std::fclose(err);
  return {true, problem};
}
#else
Outcome run(const std::vector<std::string>& argv, std::string& text) {
  int fds[2];
  if (pipe(fds) != 0) return {false, std::string("could not run: no pipe (") + std::strerror(errno) + ")"};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  posix_spawn_file_actions_addclose(&actions, fds[1]);
  // What the program says on stderr goes to a temporary file, not the
  // step's log (git's usage outside a checkout is 129 lines): the step's
  // error gives its first line (first_error_line).
  std::FILE* err = std::tmpfile();
  if (err) posix_spawn_file_actions_adddup2(&actions, fileno(err), STDERR_FILENO);
  else posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  // The step ignores SIGPIPE (run_main); the program gets the default back.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t default_signals;
  sigemptyset(&default_signals);
  sigaddset(&default_signals, SIGPIPE);
  sigaddset(&default_signals, SIGXFSZ);
  posix_spawnattr_setsigdefault(&attributes, &default_signals);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, args[0], &actions, &attributes, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  close(fds[1]);
  if (spawned == 0) {
    char buf[4096];
    for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) != 0;) {
      if (n > 0) text.append(buf, static_cast<size_t>(n));
      else if (errno != EINTR) break;
    }
  }
  close(fds[0]);
  // Closed on every way out.
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> closing(err, [](std::FILE* f) { return f ? std::fclose(f) : 0; });
  if (spawned == ENOENT) return {false, "could not run: no " + argv[0] + " on PATH"};
  if (spawned != 0) return {false, std::string("could not run (") + std::strerror(spawned) + ")"};
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return {true, std::string("could not be waited for (") + std::strerror(errno) + ")"};
  }
  if (WIFSIGNALED(status)) return {true, "was stopped by signal " + std::to_string(WTERMSIG(status))};
  return {true, WEXITSTATUS(status) == 0 ? "" : exited(static_cast<unsigned long>(WEXITSTATUS(status)), err)};
}
#endif

}  // namespace

std::vector<std::string> command_lines(const std::vector<std::string>& argv, const std::string& what_failed) {
  if (argv.empty()) throw InputError("no command to run");
  std::string text;
  // The hint is about what the command was given, so it goes with a
  // command that ran and failed, not with one that could not start.
  if (const Outcome o = run(argv, text); !o.problem.empty())
    throw InputError("`" + shown(argv) + "` " + o.problem + (o.ran && !what_failed.empty() ? " (" + what_failed + ")" : ""));
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) {
    if (!l.empty() && l.back() == '\r') l.pop_back();
    if (!l.empty()) lines.push_back(l);
  }
  return lines;
}

}  // namespace steps::runtime
