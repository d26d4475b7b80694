// Replaces a file's content all at once: readers see the old file or the new
// one, never a partial write.
#pragma once

#include <filesystem>
#include <string_view>

namespace steps::packages {

// Writes `content` to a temporary file beside `target`, then renames it over
// `target` (creating parent directories). Throws steps::InputError naming the
// path on failure, leaving `target` as it was.
void write_file_atomically(const std::filesystem::path& target, std::string_view content);

}  // namespace steps::packages
