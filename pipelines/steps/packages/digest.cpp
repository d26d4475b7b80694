#include "packages/digest.h"

#include <openssl/evp.h>

#include <array>
#include <fstream>
#include <stdexcept>

#include "runtime/step_error.h"

namespace steps::packages {

namespace {

const EVP_MD* evp_md(DigestAlgorithm algorithm) {
  switch (algorithm) {
    case DigestAlgorithm::md5:
      return EVP_md5();
    case DigestAlgorithm::sha256:
      return EVP_sha256();
    case DigestAlgorithm::sha384:
      return EVP_sha384();
    case DigestAlgorithm::sha512:
      return EVP_sha512();
  }
  return nullptr;
}

}  // namespace

std::optional<DigestAlgorithm> digest_algorithm_named(std::string_view name) {
  if (name == "sha256") return DigestAlgorithm::sha256;
  if (name == "sha384") return DigestAlgorithm::sha384;
  if (name == "sha512") return DigestAlgorithm::sha512;
  return std::nullopt;
}

struct Hasher::State {
  EVP_MD_CTX* ctx = nullptr;
  ~State() { EVP_MD_CTX_free(ctx); }
};

Hasher::Hasher(DigestAlgorithm algorithm) : state_(std::make_unique<State>()) {
  state_->ctx = EVP_MD_CTX_new();
  if (state_->ctx == nullptr || EVP_DigestInit_ex(state_->ctx, evp_md(algorithm), nullptr) != 1) {
    throw std::runtime_error("OpenSSL could not initialise a digest");
  }
}

Hasher::~Hasher() = default;

void Hasher::update(std::span<const unsigned char> bytes) {
  if (!bytes.empty() && EVP_DigestUpdate(state_->ctx, bytes.data(), bytes.size()) != 1) {
    throw std::runtime_error("OpenSSL digest update failed");
  }
}

void Hasher::update(std::string_view bytes) {
  update(std::span(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size()));
}

Digest Hasher::finish() {
  Digest out(EVP_MAX_MD_SIZE);
  unsigned int length = 0;
  if (EVP_DigestFinal_ex(state_->ctx, out.data(), &length) != 1) {
    throw std::runtime_error("OpenSSL digest finalisation failed");
  }
  out.resize(length);
  return out;
}

Digest digest_of(DigestAlgorithm algorithm, std::string_view bytes) {
  Hasher hasher(algorithm);
  hasher.update(bytes);
  return hasher.finish();
}

FileDigests digest_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError("cannot read " + file.string());
  Hasher md5(DigestAlgorithm::md5);
  Hasher sha256(DigestAlgorithm::sha256);
  FileDigests result;
  std::array<char, 1 << 16> buffer;
  while (in) {
    in.read(buffer.data(), buffer.size());
    const auto got = static_cast<std::size_t>(in.gcount());
    if (got == 0) break;
    const std::string_view chunk(buffer.data(), got);
    md5.update(chunk);
    sha256.update(chunk);
    result.size += got;
  }
  if (in.bad()) throw InputError("error while reading " + file.string());
  result.md5 = md5.finish();
  result.sha256 = sha256.finish();
  return result;
}

FileDigests digest_bytes(std::string_view bytes) {
  return {bytes.size(), digest_of(DigestAlgorithm::md5, bytes),
          digest_of(DigestAlgorithm::sha256, bytes)};
}

std::string hex(std::span<const unsigned char> bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char b : bytes) {
    out.push_back(kDigits[b >> 4]);
    out.push_back(kDigits[b & 0xf]);
  }
  return out;
}

std::string base64(std::span<const unsigned char> bytes) {
  std::string out(4 * ((bytes.size() + 2) / 3) + 1, '\0');
  const int written = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()), bytes.data(),
                                      static_cast<int>(bytes.size()));
  out.resize(static_cast<std::size_t>(written));
  return out;
}

std::optional<Digest> base64_decode(std::string_view text) {
  if (text.size() % 4 != 0 || text.size() > (std::size_t{1} << 30)) return std::nullopt;
  const std::size_t padding = text.ends_with("==") ? 2 : text.ends_with('=') ? 1 : 0;
  if (text.substr(0, text.size() - padding).find('=') != std::string_view::npos) return std::nullopt;
  Digest out(3 * (text.size() / 4));
  // EVP_DecodeBlock decodes padding as zero bytes, which are cut off below.
  const int written = EVP_DecodeBlock(out.data(), reinterpret_cast<const unsigned char*>(text.data()),
                                      static_cast<int>(text.size()));
  if (written < 0) return std::nullopt;
  out.resize(static_cast<std::size_t>(written) - padding);
  return out;
}

std::string base64url_nopad(std::span<const unsigned char> bytes) {
  std::string out = base64(bytes);
  while (!out.empty() && out.back() == '=') out.pop_back();
  for (char& c : out) {
    if (c == '+') c = '-';
    if (c == '/') c = '_';
  }
  return out;
}

}  // namespace steps::packages
