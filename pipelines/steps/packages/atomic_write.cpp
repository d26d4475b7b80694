#include "packages/atomic_write.h"

#include <fstream>
#include <random>
#include <string>
#include <system_error>

#include "runtime/step_error.h"

namespace steps::packages {

namespace fs = std::filesystem;

namespace {

fs::path temporary_beside(const fs::path& target) {
  std::random_device device;
  const auto tag = std::to_string(device()) + std::to_string(device());
  return target.parent_path() / ("." + target.filename().string() + "." + tag + ".tmp");
}

}  // namespace

void write_file_atomically(const fs::path& target, std::string_view content) {
  std::error_code ec;
  if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
  if (ec)
    throw InputError("cannot create directory " + target.parent_path().string() + ": " +
                     ec.message());
  const fs::path temporary = temporary_beside(target);
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.close();
    if (!out) {
      fs::remove(temporary, ec);
      throw InputError("cannot write " + temporary.string());
    }
  }
  // std::filesystem::rename replaces an existing target (MoveFileExW with
  // MOVEFILE_REPLACE_EXISTING on Windows, rename(2) elsewhere).
  fs::rename(temporary, target, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(temporary, ignored);
    throw InputError("cannot replace " + target.string() + ": " + ec.message());
  }
}

}  // namespace steps::packages
