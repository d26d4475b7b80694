// Replaces files all at once or not at all, as far as a file system allows:
// each new content goes to a temporary file beside its target, and only when
// every one is written are they renamed into place. Each file replaced keeps
// a second name (a hard link, or a copy) until all are, so that a rename
// that fails part way is undone by renaming the old files back. gen and fmt
// write this way, so a failure leaves the old files, and no temporary file.
// Each temporary file is synced to disk before the renames, and the folders
// after them, so that a power cut leaves each file old or new, not empty.
// A file's permissions are the old file's, less any executable bit where
// the caller says (gen: no generated file runs; fmt keeps a source's).
// Ctrl-C and the other termination signals are held back meanwhile, so they
// end pipec before the first temporary file or after the last rename.
//
// A pipec holds a lock (flock) on each of its temporary files while it
// runs: a temporary file nobody holds is a killed pipec's.
#pragma once

#include <signal.h>

#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace pipec {

// While one exists, SIGINT, SIGTERM, SIGHUP and SIGQUIT wait; its end lets
// a signal that came meanwhile act. (SIGKILL cannot wait: the next gen or
// fmt removes the temporary files a killed pipec leaves.)
class HoldTermination {
 public:
  HoldTermination();
  ~HoldTermination();
  HoldTermination(const HoldTermination&) = delete;
  HoldTermination& operator=(const HoldTermination&) = delete;

 private:
  sigset_t old_;
};

// A lock on a repository (flock on its root folder), held for the run of a
// command: exclusive for gen and fmt, which write, shared for check, which
// reads what they write. Two gens at once once both moved one orphan
// aside, and the one that failed put back what the other had removed. A
// command that has to wait says so on stderr once, then waits. A root that
// cannot be opened or locked (a file system without flock) is not locked.
class RepoLock {
 public:
  RepoLock(const std::string& root, bool exclusive);
  ~RepoLock();
  RepoLock(const RepoLock&) = delete;
  RepoLock& operator=(const RepoLock&) = delete;

 private:
  int fd_ = -1;
};

struct Replaced {
  std::vector<std::string> written;  // the paths renamed into place, in order
  std::string failed;                // the path that failed, or ""
  std::string error;                 // why
};

// files: (path relative to root, new content). The folders a path needs are
// created; a directory where a file goes is an error before anything is
// written. A file replaced keeps its permissions, less its executable bits
// when `exec` is Drop; a new one is made with the umask's, less them.
enum class ExecBits { Drop, Keep };
Replaced replace_files(const std::string& root, const std::vector<std::pair<std::string, std::string>>& files,
                       ExecBits exec);

// The folder of `path` (both relative to root) that something other than
// a folder stands in place of: a file, or a link to no folder (a dangling
// one, a loop); "" when there is none. gen does not replace it.
std::string not_a_folder_above(const std::string& root, const std::string& path);

// Where `path` (relative to root) leads through symbolic links, when that
// is outside the repository: what git commits there is a link, not the
// file, and writing through it changes a file of no checkout. "" when it
// stays inside (or leads nowhere, which is reported otherwise).
std::string outside_root(const std::string& root, const std::string& path);

// Where a symbolic link that is the file root/path itself leads (as the link
// says it), or "" when that file is no link (or a link to nothing, which is
// in the way). Git commits the link, not the file it leads to, so gen does
// not write an output through one.
std::string file_link(const std::string& root, const std::string& path);

// Why a symbolic link names no file pipec can use, from the error of
// following it: "is a symbolic link ..." (in a loop, to a missing file, or
// to one it cannot reach, with the reason).
std::string broken_link(const std::error_code& ec);

// Whether a file is a temporary file of a pipec that is still running
// (another process's: gen leaves those alone; a dead one's are orphans).
bool temp_of_live_pipec(const std::string& path);

// The temporary files a killed pipec left in the folders of these paths
// (relative to root), relative to root, sorted; with `remove`, removed too.
std::vector<std::string> dead_temps(const std::string& root, const std::vector<std::string>& paths, bool remove);

}  // namespace pipec
