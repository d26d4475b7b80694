#include "runtime/append_file.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#include <sys/stat.h>
#else
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace steps::runtime {

namespace fs = std::filesystem;

namespace {

// Why an open failed, in the words the step's error uses.
std::string open_error(const fs::path& path, int error) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return "it is a directory";
  if (error == ENOENT && fs::is_symlink(fs::symlink_status(path, ec))) return "it is a link to a file that does not exist";
  if (error == ENOENT) return "its folder does not exist";
#ifndef _WIN32
  if (error == ENXIO && fs::is_fifo(path, ec)) return "it is a pipe that no process reads";
#endif
  return std::strerror(error);
}

std::string write_error(int error) {
  return error == ENOSPC ? "the write failed (a full disk?)" : std::string("the write failed (") + std::strerror(error) + ")";
}

}  // namespace

#ifdef _WIN32

Append append_file(const fs::path& path, std::string_view text) {
  Append done;
  done.path = path;
  // _O_EXCL: made here, or opened as it was (a link to nothing fails).
  int fd = _wopen(path.c_str(), _O_WRONLY | _O_APPEND | _O_CREAT | _O_EXCL | _O_BINARY, _S_IREAD | _S_IWRITE);
  done.created = fd >= 0;
  if (fd < 0 && errno == EEXIST) fd = _wopen(path.c_str(), _O_WRONLY | _O_APPEND | _O_BINARY);
  if (fd < 0) {
    done.error = open_error(path, errno);
    return done;
  }
  done.opened = true;
  struct _stat64 st;
  if (!done.created && _fstat64(fd, &st) == 0 && (st.st_mode & _S_IFMT) == _S_IFREG) {
    done.size_before = static_cast<std::uintmax_t>(st.st_size);
  }
  for (std::size_t at = 0; at < text.size() && done.error.empty();) {
    const int wrote = _write(fd, text.data() + at, static_cast<unsigned>(std::min<std::size_t>(text.size() - at, 1u << 30)));
    if (wrote < 0) done.error = write_error(errno);
    else at += static_cast<std::size_t>(wrote);
  }
  if (_close(fd) != 0 && done.error.empty()) done.error = write_error(errno);
  return done;
}

#else

Append append_file(const fs::path& path, std::string_view text) {
  Append done;
  done.path = path;
  // O_EXCL makes the file at `path` itself, never where a link leads, so
  // that take_back removes what was made. O_NONBLOCK: opening a pipe no
  // process reads fails (ENXIO) instead of waiting for a reader.
  const int flags = O_WRONLY | O_APPEND | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
  int fd = ::open(path.c_str(), flags | O_CREAT | O_EXCL, 0666);
  done.created = fd >= 0;
  if (fd < 0 && errno == EEXIST) fd = ::open(path.c_str(), flags);
  if (fd < 0) {
    done.error = open_error(path, errno);
    return done;
  }
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    done.error = std::strerror(errno);
    ::close(fd);
    return done;
  }
  if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode) && !S_ISCHR(st.st_mode)) {
    done.error = "it is not a regular file, a pipe or a character device";
    ::close(fd);
    return done;
  }
  done.opened = true;
  if (S_ISREG(st.st_mode) && !done.created) done.size_before = static_cast<std::uintmax_t>(st.st_size);
  // Writes wait, as to any file: a reader that has opened the pipe reads.
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  for (std::size_t at = 0; at < text.size() && done.error.empty();) {
    const ssize_t wrote = ::write(fd, text.data() + at, text.size() - at);
    if (wrote > 0) at += static_cast<std::size_t>(wrote);
    else if (wrote == 0) done.error = "the write failed (nothing was written)";
    else if (errno != EINTR) done.error = write_error(errno);
  }
  if (::close(fd) != 0 && done.error.empty() && errno != EINTR) done.error = write_error(errno);
  return done;
}

#endif

void take_back(const Append& append) {
  std::error_code ec;
  if (!append.opened) return;
  if (append.created) fs::remove(append.path, ec);
  else if (append.size_before) fs::resize_file(append.path, *append.size_before, ec);
}

}  // namespace steps::runtime
