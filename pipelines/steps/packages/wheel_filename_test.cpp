#include "packages/wheel_filename.h"

#include <doctest/doctest.h>

namespace steps::packages {

namespace {

std::string problem_of(std::string_view filename) {
  std::string problem;
  CHECK_FALSE(parse_wheel_filename(filename, problem));
  return problem;
}

}  // namespace

TEST_CASE("a typical ROCm torch wheel name parses") {
  std::string problem;
  const auto name =
      parse_wheel_filename("torch-2.7.0+rocm7.0.0rc20250101-cp312-cp312-linux_x86_64.whl", problem);
  REQUIRE(name);
  CHECK(name->distribution == "torch");
  CHECK(name->version == "2.7.0+rocm7.0.0rc20250101");
  CHECK_FALSE(name->build_tag);
  CHECK(name->expanded_tags() == std::set<std::string>{"cp312-cp312-linux_x86_64"});
}

TEST_CASE("build tags and compressed tag sets") {
  std::string problem;
  const auto name = parse_wheel_filename(
      "rocm_sdk-7.1.0a1-1abc-py2.py3-none-any.manylinux_2_28_x86_64.whl", problem);
  REQUIRE(name);
  CHECK(name->distribution == "rocm_sdk");
  CHECK(name->build_tag == "1abc");
  CHECK(name->expanded_tags() ==
        std::set<std::string>{"py2-none-any", "py2-none-manylinux_2_28_x86_64", "py3-none-any",
                              "py3-none-manylinux_2_28_x86_64"});
}

TEST_CASE("malformed wheel names say what is wrong") {
  CHECK(problem_of("torch-2.7.0-cp312-cp312-linux_x86_64.zip") == "does not end in .whl");
  CHECK(problem_of("torch-2.7.0-cp312-linux_x86_64.whl") ==
        "has 4 '-'-separated parts, expected {distribution}-{version}(-{build tag})?"
        "-{python tag}-{abi tag}-{platform tag}");
  CHECK(problem_of("Torch-2.7.0-cp312-cp312-linux_x86_64.whl") ==
        "distribution 'Torch' is not normalised (expected 'torch')");
  CHECK(problem_of("rocm.sdk-1.0-py3-none-any.whl") ==
        "distribution 'rocm.sdk' is not normalised (expected 'rocm_sdk')");
  CHECK(problem_of("torch-latest-cp312-cp312-linux_x86_64.whl") ==
        "version 'latest' is not a valid PEP 440 version");
  CHECK(problem_of("torch-2.7.0-b1-cp312-cp312-linux_x86_64.whl") ==
        "build tag 'b1' does not start with a digit");
  CHECK(problem_of("torch-2.7.0-cp312-cp312-linux x86.whl") ==
        "platform tag 'linux x86' is malformed");
}

TEST_CASE("PEP 440 versions in their canonical form") {
  for (const char* ok : {"1", "2.7.0", "1!2.0", "7.10.0a20251124", "2.9.0.dev20250101", "1.0rc1",
                         "1.0.post2", "2.7.0+rocm7.0.0rc20250101", "1.0+Local.1"}) {
    CAPTURE(ok);
    CHECK(is_pep440_version(ok));
  }
  for (const char* bad : {"", "v1.0", "1.0-1", "1..0", "1.0+", "abc"}) {
    CAPTURE(bad);
    CHECK_FALSE(is_pep440_version(bad));
  }
}

}  // namespace steps::packages
