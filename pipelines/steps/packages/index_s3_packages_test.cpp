// index_s3_packages against a real S3-compatible server (s3rver) on
// loopback, in the order CI runs it: the ROCm packages uploaded with their
// index, the PyTorch wheels uploaded with --no-index, then the one index
// over the folder. CI installs s3rver; without it this test FAILS. Listings
// of more than one page are tested with a scripted transport (s3_client_test):
// s3rver makes its continuation tokens with DES, which Node's OpenSSL 3
// refuses (HTTP 500).
#include "packages/index_s3_packages.h"

#include <doctest/doctest.h>

#include <algorithm>

#include "packages/build_package_index.h"
#include "packages/curl_transport.h"
#include "packages/digest.h"
#include "packages/package_names.h"
#include "packages/s3_client.h"
#include "packages/upload_python_packages.h"
#include "runtime/step_error.h"
#include "test_support/doctest_printers.h"
#include "test_support/fake_transport.h"
#include "test_support/s3rver_process.h"
#include "test_support/temp_dir.h"
#include "test_support/test_wheels.h"

namespace steps::index_s3_packages {

namespace fs = std::filesystem;
using packages::HttpRequest;
using packages::HttpResponse;
using packages::RecordedOutput;
using packages::testing::FakeTransport;
using packages::testing::kBucket;
using packages::testing::kFastRetry;
using packages::testing::read_text;
using packages::testing::TempDir;
using packages::testing::write_text;

namespace {

constexpr const char* kFolder = "s3://pipec-test/7-linux/python/gfx94X-dcgpu/";
const std::vector<std::string> kRocm = {"rocm-7.1.0.tar.gz",
                                        "rocm_sdk_core-7.1.0-py3-none-linux_x86_64.whl"};
const std::vector<std::string> kTorch = {
    "torch-2.10.0+rocm7.1.0-cp312-cp312-linux_x86_64.whl",
    "torchvision-0.25.0+rocm7.1.0-cp312-cp312-linux_x86_64.whl"};
const std::vector<std::string> kPages = {
    "simple/rocm/index.html", "simple/rocm-sdk-core/index.html", "simple/torch/index.html",
    "simple/torchvision/index.html", "simple/index.html", "index.html"};

packages::AwsEnvironment aws(const std::string& endpoint) {
  return {"S3RVER", "S3RVER", "", "", "", endpoint};
}

Inputs inputs(const std::string& endpoint) {
  Inputs in;
  in.artifact_group = "gfx94X-dcgpu";
  in.run_id = "7";
  in.platform = "linux";
  in.bucket = kBucket;
  in.aws = aws(endpoint);
  return in;
}

// Uploads `files` (each file's content is its name) from <root>/<dir>/dist.
void upload(const fs::path& root, const std::string& dir, const std::vector<std::string>& files,
            bool no_index, const std::string& endpoint, RecordedOutput& out) {
  fs::create_directories(root / dir / "dist");
  for (const auto& file : files) write_text(root / dir / "dist" / file, file);
  upload_python_packages::Inputs in;
  in.input_packages_dir = root / dir;
  in.artifact_group = "gfx94X-dcgpu";
  in.run_id = "7";
  in.platform = "linux";
  in.bucket = kBucket;
  in.no_index = no_index;
  in.aws = aws(endpoint);
  REQUIRE(upload_python_packages::run(in, out, {nullptr, kFastRetry}) == 0);
}

// The lines of an index run over `files` with these SHA-256s.
std::vector<std::string> index_lines(const std::vector<std::pair<std::string, std::string>>& files) {
  std::vector<std::string> lines = {"[INFO] Indexing " + std::string(kFolder)};
  for (const auto& [file, sha256] : files) lines.push_back("[INFO] " + file + " sha256=" + sha256);
  lines.push_back("[INFO] " + std::to_string(files.size()) +
                  " package files; uploading the index pages");
  for (const auto& page : kPages) {
    lines.push_back("[INFO] Uploading " + page + " -> " + kFolder + page);
  }
  lines.push_back("[INFO] Done: " + std::string(kFolder) + "index.html");
  return lines;
}

std::string sha256_of(const std::string& content) {
  return packages::hex(packages::digest_bytes(content).sha256);
}

}  // namespace

TEST_CASE("the folder's index, from the SHA-256s S3 holds, equals build_package_index's") {
  const auto binary = packages::testing::find_s3rver();
  REQUIRE_MESSAGE(binary.has_value(), "s3rver not found (see upload_s3_test.cpp)");
  TempDir data;
  TempDir root;
  packages::testing::S3rverProcess server(*binary, data.path(), kBucket);
  packages::CurlTransport curl({"S3RVER", "S3RVER", "us-east-2"}, {5, 10});
  packages::S3Client reader({kBucket, "us-east-2", server.endpoint(), ""}, curl, kFastRetry,
                            [](std::string_view) {});
  const std::string prefix = "7-linux/python/gfx94X-dcgpu/";

  RecordedOutput rocm_out;
  upload(root.path(), "rocm", kRocm, false, server.endpoint(), rocm_out);
  const std::string rocm_index = reader.get(prefix + "index.html").body;
  RecordedOutput torch_out;
  upload(root.path(), "torch", kTorch, true, server.endpoint(), torch_out);
  // --no-index: the packages only; the ROCm upload's index is untouched.
  CHECK(std::count(torch_out.lines.begin(), torch_out.lines.end(),
                   "[INFO] No index pages (--no-index): the folder is indexed once every upload "
                   "is done") == 1);
  CHECK(torch_out.outputs.empty());
  CHECK(torch_out.summaries.empty());
  CHECK_FALSE(fs::exists(root.path() / "torch/dist/index.html"));
  CHECK(reader.get(prefix + "index.html").body == rocm_index);
  CHECK(reader.get(prefix + kTorch[0]).body == kTorch[0]);

  // What build_package_index writes for the same files in one directory.
  const fs::path all = root.path() / "all";
  fs::create_directories(all);
  std::vector<std::pair<std::string, std::string>> expected;
  for (const auto& file : {kRocm[0], kRocm[1], kTorch[0], kTorch[1]}) {
    write_text(all / file, file);
    expected.emplace_back(file, sha256_of(file));
  }
  RecordedOutput local;
  build_package_index::run({all}, local);

  SUBCASE("from the x-amz-meta-checksum-sha256 metadata (s3rver keeps no checksum)") {
    RecordedOutput out;
    CHECK(run(inputs(server.endpoint()), out, {nullptr, kFastRetry}) == 0);
    CHECK(out.lines == index_lines(expected));
    for (const auto& page : kPages) {
      CAPTURE(page);
      CHECK(reader.get(prefix + page).body == read_text(all / page));
    }
    CHECK(reader.get(prefix + "index.html").body != rocm_index);
  }

  SUBCASE("from the x-amz-checksum-sha256 S3 keeps for a single PUT") {
    // HEADs of packages answered as S3 does: its checksum, no metadata.
    FakeTransport s3([&](const HttpRequest& request) -> std::optional<HttpResponse> {
      for (const auto& [file, sha256] : expected) {
        if (request.method == "HEAD" && request.url.ends_with(packages::percent_encode(file))) {
          const auto bytes = packages::digest_bytes(file).sha256;
          return HttpResponse{200, "", {{"x-amz-checksum-sha256", packages::base64(bytes)}}, ""};
        }
      }
      return std::nullopt;
    }, &curl);
    RecordedOutput out;
    CHECK(run(inputs(server.endpoint()), out, {&s3, kFastRetry}) == 0);
    CHECK(out.lines == index_lines(expected));
    CHECK(reader.get(prefix + "index.html").body == read_text(all / "index.html"));
  }
}

TEST_CASE("a package without a SHA-256 in S3 fails the step before any page is uploaded") {
  const std::string root = "http://127.0.0.1:9/pipec-test/";
  const std::string listing =
      "<ListBucketResult><Contents><Key>7-linux/python/gfx94X-dcgpu/index.html</Key><Size>1</Size>"
      "</Contents><Contents><Key>7-linux/python/gfx94X-dcgpu/simple/torch/index.html</Key>"
      "<Size>1</Size></Contents><Contents><Key>7-linux/python/gfx94X-dcgpu/a-1.0.tar.gz</Key>"
      "<Size>1</Size></Contents><Contents><Key>7-linux/python/gfx94X-dcgpu/b-1.0.tar.gz</Key>"
      "<Size>1</Size></Contents><Contents><Key>7-linux/python/gfx94X-dcgpu/c-1.0.tar.gz</Key>"
      "<Size>1</Size></Contents><IsTruncated>false</IsTruncated></ListBucketResult>";
  const std::string sha_a = sha256_of("a");
  FakeTransport s3([&](const HttpRequest& request) -> std::optional<HttpResponse> {
    if (request.method == "GET") return HttpResponse{200, "", {}, listing};
    if (request.url.ends_with("/a-1.0.tar.gz")) {  // checksum and metadata disagree
      return HttpResponse{200, "", {{"x-amz-checksum-sha256", packages::base64(packages::digest_bytes("a").sha256)},
                                    {"x-amz-meta-checksum-sha256", sha256_of("b")}}, ""};
    }
    if (request.url.ends_with("/b-1.0.tar.gz")) return HttpResponse{200, "", {}, ""};
    return HttpResponse{200, "", {{"x-amz-meta-checksum-sha256", "not-hex"}}, ""};
  });
  RecordedOutput out;
  CHECK(run(inputs("http://127.0.0.1:9"), out, {&s3, kFastRetry}) == 1);
  CHECK(out.lines ==
        std::vector<std::string>{
            "[INFO] Indexing " + std::string(kFolder),
            "ERROR: " + std::string(kFolder) + "a-1.0.tar.gz: its x-amz-checksum-sha256 (" + sha_a +
                ") and x-amz-meta-checksum-sha256 (" + sha256_of("b") + ") differ",
            "ERROR: " + std::string(kFolder) +
                "b-1.0.tar.gz: S3 holds no SHA-256 for it (neither x-amz-checksum-sha256 nor "
                "x-amz-meta-checksum-sha256); upload it with upload_python_packages",
            "ERROR: " + std::string(kFolder) +
                "c-1.0.tar.gz: its x-amz-meta-checksum-sha256 \"not-hex\" is not a hex SHA-256",
            "ERROR: no index page was uploaded"});
  // The listing, then a HEAD per package: the pages are not packages.
  REQUIRE(s3.requests.size() == 4);
  CHECK(s3.requests[0].url == root + "?list-type=2&prefix=7-linux%2Fpython%2Fgfx94X-dcgpu%2F");
  for (const auto& request : s3.requests) CHECK(request.method != "PUT");
}

TEST_CASE("an empty folder, or one S3 will not list, fails the step") {
  FakeTransport empty([](const HttpRequest&) {
    return HttpResponse{200, "", {}, "<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>"};
  });
  RecordedOutput out;
  CHECK(run(inputs("http://127.0.0.1:9"), out, {&empty, kFastRetry}) == 1);
  CHECK(out.lines.back() ==
        "ERROR: " + std::string(kFolder) + " holds no package files (*.whl, *.tar.gz)");
  FakeTransport denied([](const HttpRequest&) {
    return HttpResponse{403, "", {}, "<Error><Code>AccessDenied</Code></Error>"};
  });
  RecordedOutput denied_out;
  CHECK(run(inputs("http://127.0.0.1:9"), denied_out, {&denied, kFastRetry}) == 1);
  CHECK(denied_out.lines.back() ==
        "ERROR: GET http://127.0.0.1:9/pipec-test/?list-type=2&prefix=7-linux%2Fpython%2Fgfx94X-dcgpu%2F "
        "failed (HTTP 403 AccessDenied)");
}

TEST_CASE("a key with a line break is one line of the log: no workflow command in it") {
  FakeTransport listing([](const HttpRequest& request) {
    if (request.method == "HEAD") return HttpResponse{200, "", {}, ""};
    return HttpResponse{200, "", {},
                        "<ListBucketResult><IsTruncated>false</IsTruncated><Contents><Key>"
                        "7-linux/python/gfx94X-dcgpu/a-1.0&#10;::error::x.tar.gz</Key></Contents></ListBucketResult>"};
  });
  RecordedOutput out;
  CHECK(run(inputs("http://127.0.0.1:9"), out, {&listing, kFastRetry}) == 1);
  CHECK(out.lines == std::vector<std::string>{
                         "[INFO] Indexing " + std::string(kFolder),
                         "ERROR: " + std::string(kFolder) +
                             "a-1.0\\n::error::x.tar.gz: S3 holds no SHA-256 for it (neither x-amz-checksum-sha256 "
                             "nor x-amz-meta-checksum-sha256); upload it with upload_python_packages",
                         "ERROR: no index page was uploaded"});
}

TEST_CASE("bad inputs are InputErrors, before any request") {
  FakeTransport none([](const HttpRequest&) { return HttpResponse{500, "", {}, ""}; });
  Inputs in = inputs("http://127.0.0.1:9");
  in.platform = "linux/x";
  RecordedOutput out;
  CHECK_THROWS_WITH_AS(run(in, out, {&none, kFastRetry}),
                       "--platform \"linux/x\" must be one path component (no '/', '\\', '.' or '..')",
                       InputError);
  in = inputs("http://127.0.0.1:9");
  in.run_id = "";
  CHECK_THROWS_WITH_AS(run(in, out, {&none, kFastRetry}), "--run-id must not be empty", InputError);
  in = inputs("http://127.0.0.1:9");
  in.aws.secret_access_key = "";
  CHECK_THROWS_WITH_AS(run(in, out, {&none, kFastRetry}),
                       "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set", InputError);
  CHECK(none.requests.empty());
  CHECK(out.lines.empty());
}

}  // namespace steps::index_s3_packages
