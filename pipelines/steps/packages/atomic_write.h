// Replaces a file's content all at once: readers see the old file or the new
// one, never a partial write, and a write that fails (a full disk) leaves
// no half file behind.
#pragma once

#include <filesystem>
#include <string_view>

namespace steps::packages {

// Writes `content` to a temporary file beside `target`, then renames it over
// `target` (creating parent directories). Throws steps::InputError naming the
// path and the cause on failure, leaving `target` as it was.
void write_file_atomically(const std::filesystem::path& target, std::string_view content);

// The same with the bytes of the file `source`, read in chunks (a package
// may be gigabytes). On failure: "cannot copy SOURCE to TARGET: <cause>".
void copy_file_atomically(const std::filesystem::path& source, const std::filesystem::path& target);

}  // namespace steps::packages
