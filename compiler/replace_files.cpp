#include "replace_files.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

#include <signal.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace pipec {
namespace {

// .pipec-tmp-PID-N: the writer's process id, so that two pipecs at once do
// not take each other's, and a killed one's are found and removed; not the
// target's name, which may already be as long as a name can be.
const std::string kTempPrefix = ".pipec-tmp-";

std::string temp_name(size_t n) { return kTempPrefix + std::to_string(getpid()) + "-" + std::to_string(n); }

// The writer's process id in a temporary file's name; 0 for another name.
long temp_pid(const std::string& name) {
  if (name.rfind(kTempPrefix, 0) != 0) return 0;
  char* end = nullptr;
  long pid = std::strtol(name.c_str() + kTempPrefix.size(), &end, 10);
  return pid > 0 && *end == '-' ? pid : 0;
}

}  // namespace

HoldTermination::HoldTermination() {
  sigset_t held;
  sigemptyset(&held);
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) sigaddset(&held, sig);
  pthread_sigmask(SIG_BLOCK, &held, &old_);
}

HoldTermination::~HoldTermination() { pthread_sigmask(SIG_SETMASK, &old_, nullptr); }

bool temp_of_live_pipec(const std::string& name) {
  long pid = temp_pid(name);
  if (pid == 0 || pid == getpid()) return false;
  return kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

std::vector<std::string> remove_dead_temps(const std::string& root, const std::vector<std::string>& paths) {
  std::error_code ec;
  const fs::path base = fs::absolute(root, ec).lexically_normal();
  std::set<fs::path> folders;
  for (const auto& p : paths) folders.insert((base / p).lexically_normal().parent_path());
  std::vector<std::string> removed;
  for (const auto& folder : folders) {
    for (auto it = fs::directory_iterator(folder, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
      // Only a name pipec writes, of a process that no longer exists.
      std::string name = it->path().filename().string();
      long pid = temp_pid(name);
      std::error_code file_ec;
      if (pid == 0 || pid == getpid() || !it->is_regular_file(file_ec)) continue;
      if (kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;
      if (fs::remove(it->path(), file_ec)) removed.push_back(it->path().lexically_relative(base).generic_string());
    }
    ec.clear();
  }
  std::sort(removed.begin(), removed.end());
  return removed;
}

Replaced replace_files(const std::string& root, const std::vector<std::pair<std::string, std::string>>& files) {
  HoldTermination hold;
  Replaced r;
  std::vector<std::pair<fs::path, fs::path>> renames;  // temporary, target
  auto fail = [&](const std::string& path, const std::string& why, size_t from) {
    r.failed = path;
    r.error = why;
    std::error_code ec;
    for (size_t k = from; k < renames.size(); ++k) fs::remove(renames[k].first, ec);
    return r;
  };
  for (const auto& [path, content] : files) {
    fs::path target = fs::path(root) / path;
    std::error_code ec;
    if (fs::is_directory(target, ec)) return fail(path, "is a directory", 0);
    // Through a symbolic link to the file it names, as an editor writes:
    // renaming onto the link would replace it with a copy.
    if (fs::is_symlink(fs::symlink_status(target, ec))) {
      fs::path file = fs::canonical(target, ec);
      if (ec) return fail(path, "is a symbolic link to a missing file", 0);
      target = file;
    }
    fs::create_directories(target.parent_path(), ec);
    if (ec) return fail(path, "cannot create its folder: " + ec.message(), 0);
    fs::path tmp = target.parent_path() / temp_name(renames.size());
    renames.push_back({tmp, target});
    errno = 0;
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << content;
    out.close();
    if (!out) {
      std::string why = errno ? std::string(": ") + std::strerror(errno) : "";
      return fail(path, "cannot write " + tmp.lexically_relative(root).generic_string() + why, 0);
    }
  }
  for (size_t i = 0; i < renames.size(); ++i) {
    std::error_code ec;
    fs::rename(renames[i].first, renames[i].second, ec);
    // The files not yet renamed keep their old content.
    if (ec) return fail(files[i].first, ec.message(), i);
    r.written.push_back(files[i].first);
  }
  return r;
}

}  // namespace pipec
