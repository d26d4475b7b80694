#include "packages/retrieve_bucket_info.h"

#include <doctest/doctest.h>

#include "runtime/step_error.h"

namespace steps::retrieve_bucket_info {

namespace {

BucketInfo info(std::string repository, bool fork, std::string release_type = "",
                std::optional<RunData> run = std::nullopt) {
  return retrieve({std::move(repository), fork, std::move(release_type), std::move(run)});
}

}  // namespace

// Spec 3.8, the offline rows of github_actions_utils_test.py.
TEST_CASE("bucket selection without run data") {
  CHECK(info("ROCm/TheRock", false) == BucketInfo{"", "therock-ci-artifacts"});
  CHECK(info("SomeOrg/SomeRepo", false) ==
        BucketInfo{"SomeOrg-SomeRepo/", "therock-ci-artifacts-external"});
  CHECK(info("ROCm/TheRock", true) == BucketInfo{"ROCm-TheRock/", "therock-ci-artifacts-external"});
  CHECK(info("ROCm/TheRock", false, "nightly") == BucketInfo{"", "therock-nightly-artifacts"});
}

TEST_CASE("bucket selection with run data") {
  CHECK(info("ROCm/TheRock", false, "", RunData{"ROCm/TheRock", "2025-12-01T12:00:00Z"}) ==
        BucketInfo{"", "therock-ci-artifacts"});
  CHECK(info("ROCm/TheRock", false, "", RunData{"SomeUser/TheRock", "2025-12-01T12:00:00Z"}) ==
        BucketInfo{"ROCm-TheRock/", "therock-ci-artifacts-external"});
  CHECK(info("ROCm/TheRock", false, "", RunData{"ROCm/TheRock", "2025-10-01T12:00:00Z"}) ==
        BucketInfo{"", "therock-artifacts"});
  // The fork flag from the environment is ignored when run data decides.
  CHECK(info("ROCm/TheRock", true, "", RunData{"ROCm/TheRock", "2025-12-01T12:00:00Z"}) ==
        BucketInfo{"", "therock-ci-artifacts"});
}

TEST_CASE("the legacy-bucket cutover is inclusive") {
  CHECK(info("ROCm/TheRock", false, "", RunData{"ROCm/TheRock", "2025-11-11T16:18:48Z"}).bucket ==
        "therock-artifacts");
  CHECK(info("ROCm/TheRock", false, "", RunData{"ROCm/TheRock", "2025-11-11T16:18:49Z"}).bucket ==
        "therock-ci-artifacts");
  CHECK(info("ROCm/rocm-libraries", false, "",
             RunData{"SomeUser/rocm-libraries", "2025-10-01T00:00:00Z"}) ==
        BucketInfo{"ROCm-rocm-libraries/", "therock-artifacts-external"});
}

TEST_CASE("the remaining rules of 2.5.1") {
  CHECK(info("", false) == BucketInfo{"", "therock-ci-artifacts"});  // default repository
  CHECK(info("ROCm/therock-releases-internal", false) ==
        BucketInfo{"ROCm-therock-releases-internal/", "therock-artifacts-internal"});
  CHECK(info("ROCm/therock-releases-internal", true) ==
        BucketInfo{"ROCm-therock-releases-internal/", "therock-ci-artifacts-external"});
  // RELEASE_TYPE picks the bucket but keeps the external prefix.
  CHECK(info("SomeOrg/SomeRepo", false, "dev") ==
        BucketInfo{"SomeOrg-SomeRepo/", "therock-dev-artifacts"});
  CHECK(fork_flag("true"));
  CHECK_FALSE(fork_flag("True"));
  CHECK_FALSE(fork_flag(""));
}

TEST_CASE("malformed inputs are InputErrors naming the input") {
  CHECK_THROWS_WITH_AS(info("TheRock", false),
                       "GITHUB_REPOSITORY 'TheRock' is not of the form <owner>/<name>", InputError);
  CHECK_THROWS_WITH_AS(info("a/b/c", false),
                       "GITHUB_REPOSITORY 'a/b/c' is not of the form <owner>/<name>", InputError);
  CHECK_THROWS_WITH_AS(info("ROCm/TheRock", false, "", RunData{"ROCm/TheRock", "2025-12-01 12:00"}),
                       "workflow run updated_at '2025-12-01 12:00' is not in the format "
                       "YYYY-MM-DDTHH:MM:SSZ",
                       InputError);
}

TEST_CASE("workflow run JSON gives the deciding fields") {
  const RunData run = parse_workflow_run(
      R"({"id": 19680190301, "head_repository": {"full_name": "ROCm/TheRock"},
          "updated_at": "2025-11-25T10:00:00Z", "status": "completed"})");
  CHECK(run.head_repository == "ROCm/TheRock");
  CHECK(run.updated_at == "2025-11-25T10:00:00Z");
  CHECK_THROWS_WITH_AS(parse_workflow_run("not json"), "workflow run data is not a JSON object",
                       InputError);
  CHECK_THROWS_WITH_AS(parse_workflow_run(R"({"updated_at": "x"})"),
                       "workflow run data has no head_repository.full_name", InputError);
  CHECK_THROWS_WITH_AS(parse_workflow_run(R"({"head_repository": {"full_name": "a/b"}})"),
                       "workflow run data has no updated_at", InputError);
}

}  // namespace steps::retrieve_bucket_info
