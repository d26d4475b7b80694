// Message digests (OpenSSL EVP) and the encodings the package steps need:
// hex for index fragments, base64 for S3 checksum headers, and URL-safe base64
// without padding for wheel RECORD files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace steps::packages {

enum class DigestAlgorithm { md5, sha256, sha384, sha512 };

// The algorithm with the given RECORD name ("sha256", ...), if supported.
std::optional<DigestAlgorithm> digest_algorithm_named(std::string_view name);

using Digest = std::vector<unsigned char>;

class Hasher {
 public:
  explicit Hasher(DigestAlgorithm algorithm);
  ~Hasher();
  Hasher(const Hasher&) = delete;
  Hasher& operator=(const Hasher&) = delete;

  void update(std::span<const unsigned char> bytes);
  void update(std::string_view bytes);
  Digest finish();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

Digest digest_of(DigestAlgorithm algorithm, std::string_view bytes);

// Size and the digests of a file's content, read once. Throws
// steps::InputError naming the file if it cannot be read.
struct FileDigests {
  std::uint64_t size = 0;
  Digest md5;
  Digest sha256;
};
FileDigests digest_file(const std::filesystem::path& file);
FileDigests digest_bytes(std::string_view bytes);

std::string hex(std::span<const unsigned char> bytes);
std::string base64(std::span<const unsigned char> bytes);
// The bytes of standard, padded base64 text; nullopt when it is not that.
std::optional<Digest> base64_decode(std::string_view text);
std::string base64url_nopad(std::span<const unsigned char> bytes);

}  // namespace steps::packages
