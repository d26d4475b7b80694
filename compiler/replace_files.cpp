#include "replace_files.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <set>

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace pipec {
namespace {

// .pipec-tmp-PID-N: the writer's process id, so that two pipecs at once do
// not take each other's names; not the target's name, which may already be
// as long as a name can be.
const std::string kTempPrefix = ".pipec-tmp-";

std::string temp_name(size_t n) { return kTempPrefix + std::to_string(getpid()) + "-" + std::to_string(n); }

// Exactly what temp_name makes: a source or output named .pipec-tmp-1-1.pipe
// is not one, and is not removed.
bool is_temp_name(const std::string& name) {
  if (name.rfind(kTempPrefix, 0) != 0) return false;
  const size_t dash = name.find('-', kTempPrefix.size());
  auto digits = [&](size_t from, size_t to) {
    return to > from && to - from <= 19 &&
           std::all_of(name.begin() + from, name.begin() + to, [](char c) { return c >= '0' && c <= '9'; });
  };
  return dash != std::string::npos && digits(kTempPrefix.size(), dash) && name[kTempPrefix.size()] != '0' &&
         digits(dash + 1, name.size());
}

// The descriptors this pipec holds its locks with, closed at the end.
class Held {
 public:
  Held() = default;
  Held(const Held&) = delete;
  Held& operator=(const Held&) = delete;
  ~Held() {
    for (int fd : fds_) close(fd);
  }
  int keep(int fd) {
    fds_.push_back(fd);
    return fd;
  }
  // Locks the file fd is open on, without waiting, and keeps fd; a file
  // this pipec locked already (a second name of one: a hard link) is not
  // locked again. False with errno EWOULDBLOCK when another pipec holds it:
  // waiting, with the termination signals held, could wait for good (two
  // pipecs each holding what the other wants).
  bool lock(int fd) {
    struct stat st = {};
    if (fstat(keep(fd), &st) != 0) return false;
    return !files_.insert({st.st_dev, st.st_ino}).second || flock(fd, LOCK_EX | LOCK_NB) == 0;
  }

 private:
  std::vector<int> fds_;
  std::set<std::pair<dev_t, ino_t>> files_;
};

std::string errno_text() { return std::strerror(errno); }

// Creates (or empties) the temporary file `tmp`, locked for as long as the
// descriptor returned is open; -1 with errno set on failure. Another pipec
// may take the file for a dead one's and remove it between the open and the
// lock; then the name no longer holds this file, and it is made again.
int create_locked(const fs::path& tmp) {
  for (int attempt = 0; attempt < 8; ++attempt) {
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) return -1;
    struct stat by_fd = {}, by_name = {};
    if (flock(fd, LOCK_EX) == 0 && fstat(fd, &by_fd) == 0 && stat(tmp.c_str(), &by_name) == 0 &&
        by_fd.st_dev == by_name.st_dev && by_fd.st_ino == by_name.st_ino)
      return fd;
    const int e = errno;
    close(fd);
    errno = e;
  }
  if (errno == 0) errno = EAGAIN;
  return -1;
}

bool write_all(int fd, const std::string& content) {
  for (size_t at = 0; at < content.size();) {
    const ssize_t n = ::write(fd, content.data() + at, content.size() - at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    at += static_cast<size_t>(n);
  }
  return true;
}

// The second name of a file about to be replaced, `backup`: a hard link,
// or where the file system has none, a copy with its permissions. The file
// is locked first, so that `backup` is never a temporary file nobody holds
// (one this pipec cannot read is linked unlocked).
bool keep_old(const fs::path& target, const fs::path& backup, Held& held, std::string& why) {
  // Not blocking: a pipe put where the file was since gen looked would
  // otherwise wait for a writer, for good.
  const int fd = ::open(target.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  const int open_errno = errno;
  if (struct stat now = {}; fd >= 0 && (fstat(fd, &now) != 0 || !S_ISREG(now.st_mode))) {
    held.keep(fd);
    why = "is no longer a regular file (something else was put there while pipec ran)";
    return false;
  }
  if (fd >= 0 && !held.lock(fd)) {
    why = errno == EWOULDBLOCK ? "another pipec is writing it now; run this again when that one has ended"
                               : "cannot lock it to keep its old content: " + errno_text();
    return false;
  }
  // A file of that name is a dead pipec's: no running one has this one's id.
  ::unlink(backup.c_str());
  // The file locked, by its descriptor (the name may hold another by now).
  const std::string by_fd = "/proc/self/fd/" + std::to_string(fd);
  if (fd >= 0 && ::linkat(AT_FDCWD, by_fd.c_str(), AT_FDCWD, backup.c_str(), AT_SYMLINK_FOLLOW) == 0) return true;
  if (::link(target.c_str(), backup.c_str()) == 0) return true;
  if (fd < 0) {
    why = std::string("cannot open it to keep its old content: ") + std::strerror(open_errno);
    return false;
  }
  std::string old;
  struct stat st = {};
  char buf[65536];
  for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      why = "cannot read it to keep its old content: " + errno_text();
      return false;
    }
    old.append(buf, static_cast<size_t>(n));
  }
  const int copy = create_locked(backup);
  if (copy < 0 || !write_all(held.keep(copy), old) || fstat(fd, &st) != 0 || fchmod(copy, st.st_mode & 07777) != 0) {
    why = "cannot keep its old content in " + backup.filename().string() + ": " + errno_text();
    return false;
  }
  return true;
}

}  // namespace

std::string broken_link(const std::error_code& ec) {
  if (ec == std::errc::too_many_symbolic_link_levels) return "is a symbolic link in a loop of links";
  if (ec == std::errc::no_such_file_or_directory || ec == std::errc::not_a_directory)
    return "is a symbolic link to a missing file";
  return "is a symbolic link to a file pipec cannot reach: " + ec.message();
}

HoldTermination::HoldTermination() {
  sigset_t held;
  sigemptyset(&held);
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) sigaddset(&held, sig);
  pthread_sigmask(SIG_BLOCK, &held, &old_);
}

HoldTermination::~HoldTermination() { pthread_sigmask(SIG_SETMASK, &old_, nullptr); }

bool temp_of_live_pipec(const std::string& path) {
  if (!is_temp_name(fs::path(path).filename().string())) return false;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno == ENOENT;  // renamed into place meanwhile
  const bool held = flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  close(fd);
  return held;
}

std::vector<std::string> dead_temps(const std::string& root, const std::vector<std::string>& paths, bool remove) {
  std::error_code ec;
  const fs::path base = fs::absolute(root, ec).lexically_normal();
  std::set<fs::path> folders;
  for (const auto& p : paths) folders.insert((base / p).lexically_normal().parent_path());
  std::vector<std::string> dead;
  for (const auto& folder : folders) {
    for (auto it = fs::directory_iterator(folder, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
      // Only a name pipec writes, that no running pipec holds: removed while
      // this one holds it, so that none takes it up meanwhile.
      std::error_code file_ec;
      if (!is_temp_name(it->path().filename().string()) || !it->is_regular_file(file_ec)) continue;
      const int fd = ::open(it->path().c_str(), O_RDONLY | O_CLOEXEC);
      if (fd < 0) continue;
      if (flock(fd, LOCK_EX | LOCK_NB) == 0 && (!remove || fs::remove(it->path(), file_ec)))
        dead.push_back(it->path().lexically_relative(base).generic_string());
      close(fd);
    }
    ec.clear();
  }
  std::sort(dead.begin(), dead.end());
  return dead;
}

RepoLock::RepoLock(const std::string& root, bool exclusive) {
  fd_ = ::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd_ < 0) return;
  const int how = exclusive ? LOCK_EX : LOCK_SH;
  if (::flock(fd_, how | LOCK_NB) == 0) return;
  if (errno == EWOULDBLOCK) {
    std::fputs("pipec: waiting for another pipec at work in this repository\n", stderr);
    while (::flock(fd_, how) != 0 && errno == EINTR) {
    }
  }
}

RepoLock::~RepoLock() {
  if (fd_ >= 0) ::close(fd_);
}

std::string outside_root(const std::string& root, const std::string& path) {
  std::error_code ec;
  const fs::path top = fs::weakly_canonical(root, ec);
  if (ec) return "";
  const fs::path file = fs::weakly_canonical(fs::path(root) / path, ec);
  if (ec) return "";
  const fs::path rel = file.lexically_relative(top);
  return rel.empty() || *rel.begin() == ".." ? file.string() : "";
}

std::string file_link(const std::string& root, const std::string& path) {
  std::error_code ec;
  const fs::path p = fs::path(root) / path;
  if (!fs::is_symlink(fs::symlink_status(p, ec))) return "";
  if (!fs::exists(fs::status(p, ec))) return "";  // leads nowhere: in the way, reported otherwise
  const fs::path to = fs::read_symlink(p, ec);
  return ec ? "another file" : to.string();
}

std::string not_a_folder_above(const std::string& root, const std::string& path) {
  fs::path at = root;
  const fs::path folder = fs::path(path).parent_path();
  for (const auto& part : folder) {
    at /= part;
    std::error_code ec;
    if (fs::symlink_status(at, ec).type() == fs::file_type::not_found) return "";  // nothing below it either
    if (!fs::is_directory(fs::status(at, ec))) return at.lexically_relative(root).generic_string();
  }
  return "";
}

Replaced replace_files(const std::string& root, const std::vector<std::pair<std::string, std::string>>& files,
                       ExecBits exec) {
  HoldTermination hold;
  // Two descriptors a file replaced are held to the end: as many as the
  // system allows.
  if (struct rlimit fds = {}; getrlimit(RLIMIT_NOFILE, &fds) == 0 && fds.rlim_cur < fds.rlim_max) {
    fds.rlim_cur = fds.rlim_max;
    setrlimit(RLIMIT_NOFILE, &fds);
  }
  Held held;
  Replaced r;
  size_t names = 0;  // temporary names taken
  struct Replace {
    std::string path;
    fs::path tmp, target, backup;  // backup: empty for a new file
    fs::path same;                 // the target's canonical path: which file it is
    bool earlier = false;          // the target of an earlier path (through a link): written once
  };
  std::vector<Replace> replaces;
  std::vector<fs::path> made;  // the folders created, parents first
  // Removes what is left of the temporary files, second names and folders
  // made, and says why the files were not replaced.
  auto fail = [&](const std::string& path, const std::string& why) {
    r.failed = path;
    r.error = why;
    std::error_code ec;
    for (const auto& x : replaces) {
      if (!x.tmp.empty()) fs::remove(x.tmp, ec);
      if (!x.backup.empty()) fs::remove(x.backup, ec);
    }
    for (auto it = made.rbegin(); it != made.rend(); ++it) fs::remove(*it, ec);  // when empty
    return r;
  };
  for (const auto& [path, content] : files) {
    fs::path target = fs::path(root) / path;
    std::error_code ec;
    if (fs::is_directory(target, ec)) return fail(path, "is a directory");
    // Through a symbolic link to the file it names, as an editor writes:
    // renaming onto the link would replace it with a copy.
    if (fs::is_symlink(fs::symlink_status(target, ec))) {
      fs::path file = fs::canonical(target, ec);
      if (ec) return fail(path, broken_link(ec));
      target = file;
    }
    // Something that is no folder where one goes, named so it can be moved
    // (and never taken for a folder this made, to remove on a failure).
    if (const std::string in_the_way = not_a_folder_above(root, path); !in_the_way.empty())
      return fail(path, "cannot create its folder: " + in_the_way + " stands where the folder goes; move it away");
    std::vector<fs::path> missing;
    for (fs::path d = target.parent_path(); !d.empty() && fs::symlink_status(d, ec).type() == fs::file_type::not_found;
         d = d.parent_path()) {
      missing.push_back(d);
      if (d == d.parent_path()) break;
    }
    fs::create_directories(target.parent_path(), ec);
    made.insert(made.end(), missing.rbegin(), missing.rend());
    if (ec) return fail(path, "cannot create its folder: " + ec.message());
    // One file under two names (a link among the paths): written once, and
    // an error when the two would get different content.
    // (A path it cannot resolve, one longer than PATH_MAX, is its own: the
    // empty path of a failure once made any two such files one.)
    fs::path same = fs::weakly_canonical(target, ec);
    if (ec || same.empty()) same = target.lexically_normal();
    if (auto earlier = std::find_if(replaces.begin(), replaces.end(), [&](const Replace& x) { return x.same == same; });
        earlier != replaces.end()) {
      if (files[earlier - replaces.begin()].second != content)
        return fail(path, "is the same file as " + earlier->path + " (through a link), which gets other content");
      replaces.push_back({path, {}, target, {}, same, true});
      continue;
    }
    replaces.push_back({path, target.parent_path() / temp_name(names++), target, {}, same});
    const fs::path& tmp = replaces.back().tmp;
    errno = 0;
    const int fd = create_locked(tmp);
    const int create_errno = errno;
    struct stat old = {};
    const bool existed = ::stat(target.c_str(), &old) == 0;
    errno = create_errno;
    // The old file's permissions; for gen never an executable bit: git
    // would commit one (mode 755), and no generated file runs.
    const mode_t kept = old.st_mode & (exec == ExecBits::Keep ? 0777 : 0666);
    if (fd < 0 || !write_all(held.keep(fd), content) || (existed && fchmod(fd, kept) != 0) ||
        ::fsync(fd) != 0) {
      std::string why = errno ? ": " + errno_text() : "";
      return fail(path, "cannot write " + tmp.lexically_relative(root).generic_string() + why);
    }
    if (existed) replaces.back().backup = target.parent_path() / temp_name(names++);
  }
  // The old files are kept in the order of their canonical paths, which any
  // other pipec follows too: of two that want the same files, one gets all.
  std::vector<const Replace*> old_files;
  for (const Replace& x : replaces) {
    if (!x.backup.empty()) old_files.push_back(&x);
  }
  std::sort(old_files.begin(), old_files.end(), [](const Replace* a, const Replace* b) { return a->same < b->same; });
  for (const Replace* x : old_files) {
    if (std::string why; !keep_old(x->target, x->backup, held, why)) return fail(x->path, why);
  }
  for (size_t i = 0; i < replaces.size(); ++i) {
    std::error_code ec;
    if (replaces[i].earlier) continue;
    fs::rename(replaces[i].tmp, replaces[i].target, ec);
    if (!ec) continue;
    // Undone: the files renamed so far get their old content back, and
    // those that were new go.
    std::string why = "cannot replace it (renaming the new content onto it): " + ec.message();
    for (size_t k = 0; k < i; ++k) {
      Replace& x = replaces[k];
      if (x.earlier) continue;
      std::error_code undo;
      if (x.backup.empty()) fs::remove(x.target, undo);
      else fs::rename(x.backup, x.target, undo);
      if (!undo) continue;
      why += "; and " + x.path + " could not be put back (" + undo.message() + ")";
      if (!x.backup.empty()) why += ": its old content is in " + x.backup.lexically_relative(root).generic_string();
      x.backup.clear();  // kept
    }
    return fail(replaces[i].path, why);
  }
  std::set<fs::path> folders;
  for (const Replace& x : replaces) {
    std::error_code ec;
    if (!x.backup.empty()) fs::remove(x.backup, ec);
    r.written.push_back(x.path);
    folders.insert(x.target.parent_path());
  }
  // The renames on disk too, as the files' content is (fsync before each):
  // after a power cut, each file is its old content or its new, whole.
  // Where a folder cannot be synced (some file systems refuse), the files
  // are written all the same.
  for (const fs::path& d : folders) {
    const int fd = ::open(d.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) continue;
    ::fsync(fd);
    ::close(fd);
  }
  return r;
}

}  // namespace pipec
