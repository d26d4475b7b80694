#include "packages/atomic_write.h"

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
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

// C stdio rather than streams: errno says why a write failed ("No space
// left on device"), where a stream only says that it did.
using File = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;
File open_file(const fs::path& path, bool for_writing) {
#ifdef _WIN32
  return File(_wfopen(path.c_str(), for_writing ? L"wb" : L"rb"), std::fclose);
#else
  return File(std::fopen(path.c_str(), for_writing ? "wb" : "rb"), std::fclose);
#endif
}

std::string cause(int error) { return error != 0 ? std::strerror(error) : "an I/O error"; }

// Writes a temporary beside `target` with `fill`, which returns "" or why
// it failed, then renames it over `target`. `failed` is how a message
// starts ("cannot write T").
void replace_via_temporary(const fs::path& target, const std::string& failed,
                           const std::function<std::string(std::FILE*)>& fill) {
  std::error_code ec;
  if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
  if (ec)
    throw InputError("cannot create directory " + target.parent_path().string() + ": " +
                     ec.message());
  const fs::path temporary = temporary_beside(target);
  std::string why;
  {
    errno = 0;
    File out = open_file(temporary, true);
    if (!out) throw InputError(failed + ": " + cause(errno));
    why = fill(out.get());
    // Flushed and closed here, so that a write the disk refuses is seen.
    errno = 0;
    if (std::fclose(out.release()) != 0 && why.empty()) why = cause(errno);
  }
  if (!why.empty()) {
    fs::remove(temporary, ec);
    throw InputError(failed + ": " + why);
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

std::string write_all(std::FILE* out, std::string_view bytes) {
  errno = 0;
  if (std::fwrite(bytes.data(), 1, bytes.size(), out) != bytes.size()) return cause(errno);
  return "";
}

}  // namespace

void write_file_atomically(const fs::path& target, std::string_view content) {
  replace_via_temporary(target, "cannot write " + target.string(),
                        [&](std::FILE* out) { return write_all(out, content); });
}

void copy_file_atomically(const fs::path& source, const fs::path& target) {
  const std::string failed = "cannot copy " + source.string() + " to " + target.string();
  errno = 0;
  File in = open_file(source, false);
  if (!in) throw InputError(failed + ": " + cause(errno));
  replace_via_temporary(target, failed, [&](std::FILE* out) -> std::string {
    std::array<char, 1 << 16> buffer;
    while (true) {
      errno = 0;
      const std::size_t got = std::fread(buffer.data(), 1, buffer.size(), in.get());
      if (got == 0) return std::ferror(in.get()) ? "reading it: " + cause(errno) : "";
      if (std::string why = write_all(out, std::string_view(buffer.data(), got)); !why.empty()) return why;
    }
  });
}

}  // namespace steps::packages
