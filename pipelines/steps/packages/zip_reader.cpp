#include "packages/zip_reader.h"

#include <zip.h>

#include <array>

namespace steps::packages {

namespace {

std::string over_budget_message() {
  return "the archive's members inflate to more than deflate can (" +
         std::to_string(ZipReader::kMostInflationPerByte) + " times its size, each read " +
         std::to_string(ZipReader::kMostReadsOfAMember) + " times): a zip bomb?";
}

}  // namespace

struct ZipReader::Handle {
  zip_t* archive = nullptr;
  ~Handle() {
    if (archive != nullptr) zip_discard(archive);
  }
};

ZipReader::ZipReader(std::unique_ptr<Handle> handle) : handle_(std::move(handle)) {}
ZipReader::~ZipReader() = default;

std::unique_ptr<ZipReader> ZipReader::open(const std::filesystem::path& archive,
                                           std::string& error) {
  // libzip takes UTF-8 file names on every platform.
  const std::u8string utf8 = archive.u8string();
  int code = 0;
  zip_t* zip =
      zip_open(reinterpret_cast<const char*>(utf8.c_str()), ZIP_RDONLY | ZIP_CHECKCONS, &code);
  if (zip == nullptr) {
    zip_error_t zip_error;
    zip_error_init_with_code(&zip_error, code);
    error = zip_error_strerror(&zip_error);
    zip_error_fini(&zip_error);
    return nullptr;
  }
  auto handle = std::make_unique<Handle>();
  handle->archive = zip;
  std::unique_ptr<ZipReader> reader(new ZipReader(std::move(handle)));
  std::error_code ec;
  const std::uintmax_t archive_size = std::filesystem::file_size(archive, ec);
  reader->inflation_budget_ = ec ? 0 : archive_size * kMostInflationPerByte * kMostReadsOfAMember;
  const zip_int64_t count = zip_get_num_entries(zip, 0);
  for (zip_int64_t i = 0; i < count; ++i) {
    zip_stat_t stat;
    if (zip_stat_index(zip, static_cast<zip_uint64_t>(i), 0, &stat) != 0) {
      error = zip_strerror(zip);
      return nullptr;
    }
    reader->members_.push_back({stat.name, stat.size});
  }
  return reader;
}

bool ZipReader::stream(std::string_view name, const std::function<bool(std::string_view)>& sink,
                       std::string& error) const {
  const std::string key(name);
  if (exhausted()) {
    error = over_budget_message();
    return false;
  }
  zip_file_t* file = zip_fopen(handle_->archive, key.c_str(), 0);
  if (file == nullptr) {
    error = zip_strerror(handle_->archive);
    return false;
  }
  std::array<char, 1 << 16> buffer;
  bool ok = true;
  while (true) {
    const zip_int64_t got = zip_fread(file, buffer.data(), buffer.size());
    if (got < 0) {
      error = zip_file_strerror(file);
      ok = false;
      break;
    }
    if (got == 0) break;
    inflated_ += static_cast<std::uint64_t>(got);
    if (exhausted()) {
      error = over_budget_message();
      ok = false;
      break;
    }
    if (!sink(std::string_view(buffer.data(), static_cast<std::size_t>(got)))) {
      ok = false;  // the sink said why
      break;
    }
  }
  zip_fclose(file);
  return ok;
}

bool ZipReader::read(std::string_view name, std::string& content, std::string& error,
                     std::size_t largest) const {
  content.clear();
  return stream(
      name,
      [&](std::string_view chunk) {
        if (content.size() + chunk.size() > largest) {
          error = "larger than " + std::to_string(largest) + " bytes uncompressed";
          return false;
        }
        content.append(chunk);
        return true;
      },
      error);
}

}  // namespace steps::packages
