// Finding and reading the .pipe sources, for gen, check and fmt alike.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "diag.h"

namespace pipec {

// The deepest folders pipec reads, under pipelines/ for sources and under
// generated/ for orphans: deeper ones are an error, not minutes of work
// and gigabytes of paths (20,000 levels took 24 GB).
inline constexpr int kMaxFolderDepth = 64;

// A .pipe file may be at most this many bytes, and all of them together at
// most kMaxSourcesBytes: compiling takes some hundred bytes of memory per
// source byte. TheRock's pipelines are some 50 KB in all.
constexpr size_t kMaxSourceBytes = 4 * 1024 * 1024;
constexpr size_t kMaxSourcesBytes = 16 * 1024 * 1024;

// The .pipe files under root/dir, relative to root, sorted. Links to
// folders are followed, and a folder met again (a loop) is read once.
// Whatever cannot be read there (a folder without permission, a link to
// nothing or in a loop named as a .pipe file or a folder, a .pipe that is
// no file) is an error in diags: a source left out would make gen remove
// what it generates.
std::vector<std::string> list_pipe_files(const std::string& root, const std::string& dir, Diagnostics& diags);

// The file an import names: the listed source it is ("" for none), and
// where it was looked for (from the root, or absolute outside it).
struct ImportTarget {
  std::string source, looked_for;
  bool is_folder = false;  // what the path names is a folder
};

// The listed sources by the file each is after links, for imports: an
// import names a file from the folder its importing file is in, as the
// file system finds it (links followed), so that what it reads does not
// hang on the name list_pipe_files gave a folder reached by two (it lists
// each file once).
class SourcesByFile {
 public:
  SourcesByFile(const std::string& root, const std::vector<std::string>& paths);
  // What `import "path"` in the listed source `from` names.
  ImportTarget resolve(const std::string& from, const std::string& path) const;

 private:
  std::filesystem::path root_;  // canonical
  std::map<std::filesystem::path, std::string> by_file_;
};

// Why a file could not be read: id "io" or "too-large"; empty on success.
struct ReadFailure {
  std::string id, message;
  bool failed() const { return !id.empty(); }
};

// Reads root/path into text. used: the bytes of the sources read so far,
// which this file's size is added to (for kMaxSourcesBytes).
ReadFailure read_pipe_file(const std::string& root, const std::string& path, std::string& text, size_t& used);

}  // namespace pipec
