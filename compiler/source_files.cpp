#include "source_files.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace pipec {

std::vector<std::string> list_pipe_files(const std::string& root, const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(fs::path(root) / dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    std::error_code file_ec;
    if (it->is_regular_file(file_ec) && it->path().extension() == ".pipe")
      out.push_back(it->path().lexically_relative(root).generic_string());
  }
  std::sort(out.begin(), out.end());
  return out;
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
