#include "image_ref.h"

#include <doctest/doctest.h>

namespace pipec {
namespace {

TEST_CASE("image names Docker reads") {
  for (const char* r :
       {"ubuntu", "ubuntu:24.04", "library/redis:7@sha256:00",
        "ghcr.io/rocm/no_rocm_image_ubuntu24_04", "GHCR.io:443/rocm/a__b.c-d---e@sha256:00",
        "localhost/x", "localhost:5000/tools/x--y:v1", "registry.example.com/a/b/c"})
    CHECK_MESSAGE(image_name_problem(r) == "", r);
}

TEST_CASE("image names Docker refuses") {
  CHECK(image_name_problem("ghcr.io/ROCm/therock_build") ==
        "Docker reads repository names in lower case only");
  CHECK(image_name_problem("Alpine@sha256:00") ==
        "Docker reads repository names in lower case only");
  // Without a "." or ":", the first part is the repository's, not a registry.
  CHECK(image_name_problem("ROCm/x") == "Docker reads repository names in lower case only");
  CHECK(image_name_problem("postgres_") ==
        "\"postgres_\" is not a repository name part Docker reads");
  CHECK(image_name_problem("a/.b") == "\".b\" is not a repository name part Docker reads");
  CHECK(image_name_problem("a___b") == "\"a___b\" is not a repository name part Docker reads");
  CHECK(image_name_problem("a/b c") == "\"b c\" is not a repository name part Docker reads");
  CHECK(image_name_problem("ghcr.io//x") == "its repository name has an empty part");
  CHECK(image_name_problem("ghcr.io/") == "its repository name has an empty part");
  // Longer than Docker reads (and than std::regex can: 200,000 characters
  // once overflowed the stack).
  CHECK(image_name_problem(std::string(200000, 'a') + "@sha256:00") ==
        "its repository name is longer than the 255 characters Docker reads");
  CHECK(image_name_problem("ghcr.io/" + std::string(255, 'a')) == "");
}

}  // namespace
}  // namespace pipec
