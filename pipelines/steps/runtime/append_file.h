// One append of a step's results to a file GitHub Actions names
// (GITHUB_OUTPUT, GITHUB_ENV, GITHUB_STEP_SUMMARY), done so that it can be
// taken back, and so that no file name makes it wait forever.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace steps::runtime {

struct Append {
  std::filesystem::path path;
  bool opened = false;   // the file was opened: something may have been written to it
  bool created = false;  // by this append, at `path` itself (no link was followed)
  std::optional<std::uintmax_t> size_before;  // a regular file's, when it was there before
  std::string error;  // "" when the append was made; else why not, as in "it is a directory"
};

// Appends `text` to `path`: a regular file (made when there is none), a
// pipe that a process reads, or a character device (/dev/null, a terminal).
// A pipe no process reads is refused at once (opening it would wait for a
// reader forever), as is a link to nothing (following it would make a file
// elsewhere that take_back could not find) and any other kind of file.
Append append_file(const std::filesystem::path& path, std::string_view text);

// Undoes an opened append: removes the file it created, or cuts a regular
// file back to its size before. What went to a pipe or device stays sent.
void take_back(const Append& append);

}  // namespace steps::runtime
