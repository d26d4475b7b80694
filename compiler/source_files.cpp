#include "source_files.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "ascii.h"
#include "replace_files.h"

namespace fs = std::filesystem;

namespace pipec {

namespace {

// Reads the folders themselves first and the links to folders after, so
// that a file reached both ways is named by its own path.
struct Walk {
  fs::path root;
  Diagnostics& diags;
  std::vector<std::string> files;
  std::set<fs::path> seen;      // folders read, after links
  std::vector<std::pair<fs::path, int>> links;  // links to folders and their depth, read after the folders

  // p relative to the root, when one of them is absolute too (a folder
  // named by its absolute path): lexically, mixed, that would be empty.
  std::string rel(const fs::path& p) const {
    if (p.is_absolute() == root.is_absolute()) return p.lexically_relative(root).generic_string();
    std::error_code ec;
    return fs::absolute(p, ec).lexically_normal().lexically_relative(fs::absolute(root, ec).lexically_normal()).generic_string();
  }

  void folder(const fs::path& dir, int depth) {
    std::error_code ec;
    if (depth > kMaxFolderDepth) {
      diags.error(Pos{rel(dir), 0, 0}, "io",
                  "is nested more than " + std::to_string(kMaxFolderDepth) +
                      " folders deep, which pipec does not read, and a source in it would go unread; move it up");
      return;
    }
    if (const auto real = fs::canonical(dir, ec); !ec && !seen.insert(real).second) return;
    std::vector<fs::path> entries;
    for (fs::directory_iterator it(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec))
      entries.push_back(it->path());
    if (ec) {
      diags.error(Pos{rel(dir), 0, 0}, "io", "cannot read this folder of sources: " + ec.message());
      return;
    }
    std::sort(entries.begin(), entries.end());
    for (const auto& p : entries) {
      // What it is: a folder that may be listed but not entered tells
      // nothing about its entries (EACCES), and that is an error too.
      std::error_code link_ec, target_ec;
      const auto link = fs::symlink_status(p, link_ec);
      const auto target = fs::status(p, target_ec);
      if (link_ec) {
        diags.error(Pos{rel(p), 0, 0}, "io", "cannot read what this is: " + link_ec.message());
      } else if (fs::is_symlink(link) && !fs::exists(target)) {
        // A link to nothing may have been a source or a folder of them
        // (which may be named shared.v2): an error, unless its name says
        // it is another kind of file (a build's compile_commands.json in
        // the step tools' tree) or an editor's lock file (.#name).
        static const std::set<std::string> kOtherFiles = {
            ".json", ".md", ".txt", ".rst", ".yaml", ".yml", ".h", ".hpp", ".c", ".cc", ".cpp", ".cxx", ".cmake",
            ".py", ".sh", ".toml", ".ini", ".cfg", ".log", ".lock", ".in", ".bak", ".orig", ".swp"};
        const std::string name = p.filename().string();
        if (name.rfind(".#", 0) != 0 && !kOtherFiles.count(lower(p.extension().string())))
          diags.error(Pos{rel(p), 0, 0}, "io", broken_link(target_ec) + ", which may have been a source");
      } else if (target_ec) {
        diags.error(Pos{rel(p), 0, 0}, "io", "cannot read what this is: " + target_ec.message());
      } else if (fs::is_directory(target)) {
        if (fs::is_symlink(link)) links.push_back({p, depth + 1});
        else folder(p, depth + 1);
      } else if (p.extension() == ".pipe") {
        if (fs::is_regular_file(target)) files.push_back(rel(p));
        else diags.error(Pos{rel(p), 0, 0}, "io", "cannot read file: it is not a regular file");
      }
    }
  }

  void all(const fs::path& top) {
    folder(top, 0);
    for (size_t i = 0; i < links.size(); ++i) {
      const auto [link, depth] = links[i];  // a copy: folder() may add links
      folder(link, depth);
    }
  }
};

}  // namespace

std::vector<std::string> list_pipe_files(const std::string& root, const std::string& dir, Diagnostics& diags) {
  Walk w{fs::path(root), diags, {}, {}, {}};
  w.all(fs::path(root) / dir);
  std::sort(w.files.begin(), w.files.end());
  return w.files;
}

SourcesByFile::SourcesByFile(const std::string& root, const std::vector<std::string>& paths) {
  std::error_code ec;
  root_ = fs::weakly_canonical(root, ec);
  if (ec) root_ = fs::absolute(root).lexically_normal();
  for (const auto& p : paths) {
    if (auto file = fs::canonical(root_ / p, ec); !ec) by_file_.emplace(file, p);
  }
}

ImportTarget SourcesByFile::resolve(const std::string& from, const std::string& path) const {
  std::error_code ec;
  fs::path folder = fs::canonical(root_ / from, ec).parent_path();
  if (ec) folder = (root_ / from).parent_path();
  fs::path file = fs::weakly_canonical(folder / path, ec);
  if (ec) file = (folder / path).lexically_normal();
  const auto it = by_file_.find(file);
  const fs::path rel = file.lexically_relative(root_);
  const bool inside = !rel.empty() && *rel.begin() != "..";
  return {it == by_file_.end() ? "" : it->second, inside ? rel.generic_string() : file.generic_string(),
          it == by_file_.end() && fs::is_directory(file, ec)};
}

ReadFailure read_pipe_file(const std::string& root, const std::string& path, std::string& text, size_t& used) {
  fs::path p = fs::path(root) / path;
  std::error_code ec;
  // A directory opens as an empty stream: not a file.
  const auto status = fs::status(p, ec);
  if (fs::is_directory(status)) return {"io", "cannot read file: it is a directory"};
  if (ec) return {"io", "cannot read file: " + ec.message()};
  if (!fs::is_regular_file(status)) return {"io", "cannot read file: it is not a regular file"};
  auto size = fs::file_size(p, ec);
  if (ec) return {"io", "cannot read file: " + ec.message()};
  if (size > kMaxSourceBytes)
    return {"too-large", "the file is " + std::to_string(size) + " bytes; a .pipe file may be at most " +
                             std::to_string(kMaxSourceBytes) + " (4 MiB)"};
  used += size;
  if (used > kMaxSourcesBytes)
    return {"too-large", "with this file the sources are " + std::to_string(used) + " bytes; together they may be at most " +
                             std::to_string(kMaxSourcesBytes) + " (16 MiB)"};
  errno = 0;
  std::ifstream in(p, std::ios::binary);
  if (!in) return {"io", errno ? "cannot read file: " + std::string(std::strerror(errno)) : "cannot read file"};
  std::ostringstream s;
  s << in.rdbuf();
  text = s.str();
  return {};
}

}  // namespace pipec
