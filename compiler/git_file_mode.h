// Whether git records the files' executable bit in the repository that
// holds a folder: its core.fileMode, which git sets when it makes the
// repository, after trying whether the file system keeps the bit (false on
// vfat, or a Windows drive under WSL, where every file shows one). Read
// from the repository's own config (.git/config, or a worktree's common
// folder's); includes and the user's config are not read. nullopt when no
// repository, or no such setting, is found.
#pragma once

#include <optional>
#include <string>

namespace pipec {

std::optional<bool> git_file_mode(const std::string& folder);

}  // namespace pipec
