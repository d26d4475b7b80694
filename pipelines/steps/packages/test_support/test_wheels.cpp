#include "test_support/test_wheels.h"

#include <zip.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "packages/digest.h"

namespace steps::packages::testing {

namespace {

std::string filler(std::size_t bytes) {
  std::string data(bytes, '\0');
  std::uint32_t state = 12345;
  for (char& c : data) {
    state = state * 1103515245u + 12345u;
    c = static_cast<char>(state >> 24);
  }
  return data;
}

}  // namespace

WheelParts valid_wheel_parts(const std::string& distribution, const std::string& version,
                             const std::string& tag, std::size_t filler_bytes) {
  WheelParts parts;
  parts.dist_info = distribution + "-" + version + ".dist-info";
  parts.members = {
      {distribution + "/__init__.py", "print('hello from " + distribution + "')\n"},
      {distribution + "/_filler.bin", filler(filler_bytes)},
      {parts.dist_info + "/METADATA", "Metadata-Version: 2.1\nName: " + distribution +
                                          "\nVersion: " + version +
                                          "\nSummary: test\n\nLong description.\n"},
      {parts.dist_info + "/WHEEL",
       "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: false\nTag: " + tag + "\n"},
  };
  return parts;
}

std::string record_for(const WheelParts& parts) {
  std::string record;
  for (const auto& [path, content] : parts.members) {
    const auto digest = digest_of(DigestAlgorithm::sha256, content);
    record +=
        path + ",sha256=" + base64url_nopad(digest) + "," + std::to_string(content.size()) + "\n";
  }
  record += parts.dist_info + "/RECORD,,\n";
  return record;
}

void write_zip(const std::filesystem::path& path, const Members& members, bool deflate) {
  int error = 0;
  zip_t* zip = zip_open(path.string().c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
  if (zip == nullptr) throw std::runtime_error("cannot create " + path.string());
  for (const auto& [name, content] : members) {
    zip_source_t* source = zip_source_buffer(zip, content.data(), content.size(), 0);
    const zip_int64_t index = zip_file_add(zip, name.c_str(), source, ZIP_FL_ENC_UTF_8);
    if (index < 0) {
      zip_source_free(source);
      zip_discard(zip);
      throw std::runtime_error("cannot add " + name);
    }
    zip_set_file_compression(zip, static_cast<zip_uint64_t>(index), deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE, 9);
  }
  if (zip_close(zip) != 0) {
    const std::string message = zip_strerror(zip);
    zip_discard(zip);
    throw std::runtime_error("cannot write " + path.string() + ": " + message);
  }
}

std::filesystem::path write_wheel(const std::filesystem::path& dir, const std::string& filename,
                                  const WheelParts& parts, bool deflate) {
  Members members = parts.members;
  members.emplace_back(parts.dist_info + "/RECORD", record_for(parts));
  const auto path = dir / filename;
  write_zip(path, members, deflate);
  return path;
}

void write_text(const std::filesystem::path& path, const std::string& content) {
  std::ofstream out(path, std::ios::binary);
  out << content;
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace steps::packages::testing
