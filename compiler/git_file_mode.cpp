#include "git_file_mode.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "ascii.h"

namespace fs = std::filesystem;

namespace pipec {
namespace {

// A small file's text, at most 1 MiB of it: a config or a .git file is
// far less, and anything past that is not read.
std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::string text(size_t{1} << 20, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<size_t>(in.gcount()));
  return text;
}

// The folder that holds a repository's config, from the .git found: the
// folder itself, or for a .git file (a worktree, a submodule) the folder it
// names, and there the common folder a worktree shares.
std::optional<fs::path> config_folder(const fs::path& dot_git) {
  std::error_code ec;
  fs::path dir = dot_git;
  if (fs::is_regular_file(dot_git, ec)) {
    std::string text = trim_space(read_text(dot_git));
    if (text.rfind("gitdir:", 0) != 0) return std::nullopt;
    dir = fs::path(trim_space(text.substr(7)));
    if (dir.is_relative()) dir = dot_git.parent_path() / dir;
  }
  if (!fs::is_directory(dir, ec)) return std::nullopt;
  if (const fs::path common = dir / "commondir"; fs::is_regular_file(common, ec)) {
    fs::path shared = fs::path(trim_space(read_text(common)));
    dir = shared.is_relative() ? dir / shared : shared;
  }
  return dir;
}

// core.fileMode in a config's text: the last one set, as git reads it.
std::optional<bool> file_mode_in(const std::string& config) {
  std::optional<bool> out;
  std::istringstream in(config);
  std::string line, section;
  while (std::getline(in, line)) {
    line = trim_space(line);
    if (line.empty() || line[0] == '#' || line[0] == ';') continue;
    if (line[0] == '[') {
      section = lower(trim_space(line.substr(1, line.find(']') - 1)));
      continue;
    }
    const size_t eq = line.find('=');
    if (section != "core" || eq == std::string::npos) continue;
    if (lower(trim_space(line.substr(0, eq))) != "filemode") continue;
    const std::string v = lower(trim_space(line.substr(eq + 1)));
    if (v == "true" || v == "yes" || v == "on" || v == "1") out = true;
    else if (v == "false" || v == "no" || v == "off" || v == "0") out = false;
  }
  return out;
}

}  // namespace

std::optional<bool> git_file_mode(const std::string& folder) {
  std::error_code ec;
  for (fs::path dir = fs::absolute(folder, ec); !ec && !dir.empty(); dir = dir.parent_path()) {
    if (fs::exists(dir / ".git", ec)) {
      const std::optional<fs::path> config = config_folder(dir / ".git");
      if (!config) return std::nullopt;
      return file_mode_in(read_text(*config / "config"));
    }
    if (dir == dir.parent_path()) break;
  }
  return std::nullopt;
}

}  // namespace pipec
