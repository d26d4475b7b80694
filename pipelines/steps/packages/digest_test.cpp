#include "packages/digest.h"

#include <doctest/doctest.h>

#include "packages/package_names.h"
#include "test_support/temp_dir.h"
#include "test_support/test_wheels.h"

namespace steps::packages {

TEST_CASE("digests and their encodings match known values") {
  const Digest sha = digest_of(DigestAlgorithm::sha256, "abc");
  CHECK(hex(sha) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(base64(sha) == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=");
  CHECK(base64url_nopad(sha) == "ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0");
  CHECK(hex(digest_of(DigestAlgorithm::md5, "")) == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(base64(digest_of(DigestAlgorithm::md5, "")) == "1B2M2Y8AsgTpgAmY7PhCfg==");
  CHECK(digest_of(DigestAlgorithm::sha384, "").size() == 48);
  CHECK(digest_of(DigestAlgorithm::sha512, "").size() == 64);
}

TEST_CASE("RECORD hash names: sha256 and stronger only") {
  CHECK(digest_algorithm_named("sha256") == DigestAlgorithm::sha256);
  CHECK(digest_algorithm_named("sha512") == DigestAlgorithm::sha512);
  CHECK_FALSE(digest_algorithm_named("md5"));
  CHECK_FALSE(digest_algorithm_named("sha1"));
}

TEST_CASE("digest_file reads the content once for both digests") {
  testing::TempDir dir;
  testing::write_text(dir.path() / "f", "abc");
  const FileDigests digests = digest_file(dir.path() / "f");
  CHECK(digests.size == 3);
  CHECK(hex(digests.md5) == "900150983cd24fb0d6963f7d28e17f72");
  CHECK(hex(digests.sha256) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(hex(digest_bytes("abc").md5) == hex(digests.md5));
}

TEST_CASE("base64 decodes what base64 encodes, and nothing else") {
  for (const std::string text : {"", "a", "ab", "abc", "abcd"}) {
    CAPTURE(text);
    const Digest bytes(text.begin(), text.end());
    CHECK(base64_decode(base64(bytes)) == std::optional<Digest>(bytes));
  }
  CHECK(hex(base64_decode("ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=").value()) ==
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(base64_decode("abc") == std::nullopt);    // not a multiple of 4
  CHECK(base64_decode("a=bc") == std::nullopt);   // padding inside
  CHECK(base64_decode("ab!c") == std::nullopt);   // not a base64 character
}

TEST_CASE("names normalise per PEP 503 and the wheel format") {
  CHECK(pep503_normalize("Foo.Bar__baz-Qux") == "foo-bar-baz-qux");
  CHECK(pep503_normalize("torch") == "torch");
  CHECK(wheel_name_normalize("rocm-sdk.Core") == "rocm_sdk_core");
  CHECK(percent_encode("torch-2.7.0+rocm7.0 x/y~z") == "torch-2.7.0%2Brocm7.0%20x/y~z");
  CHECK(html_escape("a&b<c>\"'") == "a&amp;b&lt;c&gt;&quot;&#x27;");
}

}  // namespace steps::packages
