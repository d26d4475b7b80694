#include "test_support/s3rver_process.h"

#include <chrono>
#include <cstdlib>
#include <stdexcept>
#include <thread>
#include <vector>

#include "packages/curl_transport.h"

#if defined(_WIN32)
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#include <winsock2.h>
#else
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
extern char** environ;
#endif

namespace steps::packages::testing {

namespace fs = std::filesystem;

namespace {

// Asks the OS for a free loopback port by binding to port 0.
int free_loopback_port() {
#if defined(_WIN32)
  WSADATA data;
  WSAStartup(MAKEWORD(2, 2), &data);
  SOCKET s = socket(AF_INET, SOCK_STREAM, IPPROTO_TCP);
#else
  int s = socket(AF_INET, SOCK_STREAM, 0);
#endif
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  int port = 0;
  if (bind(s, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
#if defined(_WIN32)
    int length = sizeof address;
#else
    socklen_t length = sizeof address;
#endif
    if (getsockname(s, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
      port = ntohs(address.sin_port);
    }
  }
#if defined(_WIN32)
  closesocket(s);
#else
  close(s);
#endif
  if (port == 0) throw std::runtime_error("could not find a free loopback port");
  return port;
}

}  // namespace

#if defined(_WIN32)
struct S3rverChild {
  HANDLE job = nullptr;
  PROCESS_INFORMATION info{};
  bool running() const { return WaitForSingleObject(info.hProcess, 0) == WAIT_TIMEOUT; }
};

static S3rverChild* spawn(const std::vector<std::string>& argv) {
  // npm's .bin shims are .cmd files on Windows; run them through cmd.exe, in
  // a job so stopping kills node too.
  std::string command = "cmd.exe /c \"";
  for (const auto& arg : argv) command += "\"" + arg + "\" ";
  command += "\"";
  auto* child = new S3rverChild;
  child->job = CreateJobObjectA(nullptr, nullptr);
  JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
  limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
  SetInformationJobObject(child->job, JobObjectExtendedLimitInformation, &limits, sizeof limits);
  STARTUPINFOA startup{};
  startup.cb = sizeof startup;
  if (!CreateProcessA(nullptr, command.data(), nullptr, nullptr, FALSE, CREATE_SUSPENDED, nullptr,
                      nullptr, &startup, &child->info)) {
    CloseHandle(child->job);
    delete child;
    throw std::runtime_error("could not start " + argv[0]);
  }
  AssignProcessToJobObject(child->job, child->info.hProcess);
  ResumeThread(child->info.hThread);
  return child;
}

static void stop_child(S3rverChild* child) {
  TerminateJobObject(child->job, 1);
  WaitForSingleObject(child->info.hProcess, 10000);
  CloseHandle(child->info.hThread);
  CloseHandle(child->info.hProcess);
  CloseHandle(child->job);
}
#else
struct S3rverChild {
  pid_t pid = 0;
  bool exited = false;
  bool running() {
    if (exited) return false;
    int status = 0;
    exited = waitpid(pid, &status, WNOHANG) == pid;
    return !exited;
  }
};

static S3rverChild* spawn(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const auto& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  // s3rver prints "S3rver listening on ..." even with --silent; keep the test
  // output clean.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  auto* child = new S3rverChild;
  const int failed = posix_spawn(&child->pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (failed != 0) {
    delete child;
    throw std::runtime_error("could not start " + argv[0]);
  }
  return child;
}

static void stop_child(S3rverChild* child) {
  if (!child->running()) return;
  kill(child->pid, SIGTERM);
  for (int i = 0; i < 100 && child->running(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  if (child->running()) {
    kill(child->pid, SIGKILL);
    waitpid(child->pid, nullptr, 0);
  }
}
#endif

std::optional<fs::path> find_s3rver() {
  std::error_code ec;
#if defined(_WIN32)
  const fs::path installed =
      fs::path(PIPEC_PROJECT_SOURCE_DIR) / "tools/node_modules/.bin/s3rver.cmd";
#else
  const fs::path installed = fs::path(PIPEC_PROJECT_SOURCE_DIR) / "tools/node_modules/.bin/s3rver";
#endif
  if (fs::exists(installed, ec)) return installed;
  if (const char* env = std::getenv("PIPEC_S3RVER"); env != nullptr && fs::exists(env, ec)) {
    return fs::path(env);
  }
  return std::nullopt;
}

S3rverProcess::S3rverProcess(const fs::path& binary, const fs::path& data_dir,
                             const std::string& bucket) {
  // The port is free when the OS names it but nothing holds it until s3rver
  // binds it, so another process can take it first; s3rver then exits, and
  // another port is tried.
  constexpr int kTries = 3;
  constexpr auto kWait = std::chrono::seconds(60);  // node starts slowly on a loaded machine
  CurlTransport probe(AwsSigning{}, CurlTimeouts{2, 2});
  for (int attempt = 1;; ++attempt) {
    port_ = free_loopback_port();
    child_ = spawn({binary.string(), "--address", "127.0.0.1", "--port", std::to_string(port_),
                    "--directory", data_dir.string(), "--configure-bucket", bucket, "--silent"});
    const auto deadline = std::chrono::steady_clock::now() + kWait;
    while (child_->running() && std::chrono::steady_clock::now() < deadline) {
      if (probe.send({"GET", endpoint() + "/", {}, std::nullopt, ""}).status != 0) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    const bool exited = !child_->running();
    stop();
    if (exited && attempt < kTries) continue;
    if (exited)
      throw std::runtime_error("s3rver (" + binary.string() + ") exited during start-up, " +
                               std::to_string(kTries) + " times");
    throw std::runtime_error("s3rver did not answer on " + endpoint() + " within 60 s");
  }
}

S3rverProcess::~S3rverProcess() { stop(); }

void S3rverProcess::stop() {
  if (child_ == nullptr) return;
  stop_child(child_);
  delete child_;
  child_ = nullptr;
}

std::string S3rverProcess::endpoint() const { return "http://127.0.0.1:" + std::to_string(port_); }

}  // namespace steps::packages::testing
