// Replaces files all at once or not at all, as far as a file system allows:
// each new content goes to a temporary file beside its target, and only when
// every one is written are they renamed into place. gen and fmt write this
// way, so a failure part way leaves the old files, and no temporary file.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace pipec {

struct Replaced {
  std::vector<std::string> written;  // the paths renamed into place, in order
  std::string failed;                // the path that failed, or ""
  std::string error;                 // why
};

// files: (path relative to root, new content). The folders a path needs are
// created; a directory where a file goes is an error before anything is
// written.
Replaced replace_files(const std::string& root, const std::vector<std::pair<std::string, std::string>>& files);

// Whether a file name is a temporary file of a pipec that is still running
// (another process's: gen leaves those alone; a dead one's are orphans).
bool temp_of_live_pipec(const std::string& name);

// Removes the temporary files a killed pipec left in the folders of these
// paths (relative to root) and returns theirs, relative to root, sorted.
std::vector<std::string> remove_dead_temps(const std::string& root, const std::vector<std::string>& paths);

}  // namespace pipec
