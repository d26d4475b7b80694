// upload_python_packages in S3 mode against a real S3-compatible server
// (s3rver) on loopback. CI installs s3rver; without it this test FAILS.
#include <doctest/doctest.h>

#include <algorithm>

#include "packages/curl_transport.h"
#include "packages/s3_client.h"
#include "packages/sigv4.h"
#include "packages/upload_python_packages.h"
#include "test_support/capturing_server.h"
#include "test_support/doctest_printers.h"
#include "test_support/fake_transport.h"
#include "test_support/s3rver_process.h"
#include "test_support/temp_dir.h"
#include "test_support/test_wheels.h"

namespace steps::upload_python_packages {

namespace fs = std::filesystem;
using packages::HttpRequest;
using packages::HttpResponse;
using packages::RecordedOutput;
using packages::testing::FakeTransport;
using packages::testing::kBucket;
using packages::testing::kFastRetry;
using packages::testing::read_text;
using packages::testing::TempDir;

namespace {

constexpr const char* kTorch = "torch-2.7.0+rocm7.0-cp312-cp312-linux_x86_64.whl";
constexpr const char* kVision = "torchvision-0.22.0+rocm7.0-cp312-cp312-linux_x86_64.whl";
constexpr const char* kSdist = "rocm-7.1.0.tar.gz";
const std::vector<std::string> kPages = {"simple/rocm/index.html", "simple/torch/index.html",
                                         "simple/torchvision/index.html", "simple/index.html",
                                         "index.html"};

packages::AwsSigning signing() { return {"S3RVER", "S3RVER", "us-east-2"}; }

struct Packages {
  Packages() {
    const fs::path dist = root.path() / "pkgs/dist";
    fs::create_directories(dist);
    const std::string tag = "cp312-cp312-linux_x86_64";
    packages::testing::write_wheel(
        dist, kTorch, packages::testing::valid_wheel_parts("torch", "2.7.0+rocm7.0", tag));
    packages::testing::write_wheel(
        dist, kVision,
        packages::testing::valid_wheel_parts("torchvision", "0.22.0+rocm7.0", tag, 5000));
    packages::testing::write_text(dist / kSdist, "rocm sdist");
  }
  fs::path dist() const { return root.path() / "pkgs/dist"; }

  Inputs inputs(const std::string& endpoint, const std::string& run_id) const {
    Inputs in;
    in.input_packages_dir = root.path() / "pkgs";
    in.artifact_group = "gfx94X-dcgpu";
    in.run_id = run_id;
    in.platform = "linux";
    in.bucket = kBucket;
    in.aws = {"S3RVER", "S3RVER", "", "", "", endpoint};
    return in;
  }

  TempDir root;
};

std::string prefix_for(const std::string& run_id) { return run_id + "-linux/python/gfx94X-dcgpu/"; }

}  // namespace

TEST_CASE("S3 upload to s3rver: verified packages, then the index; a failure leaves no index") {
  const auto binary = packages::testing::find_s3rver();
  REQUIRE_MESSAGE(binary.has_value(),
                  "s3rver not found: expected " PIPEC_PROJECT_SOURCE_DIR
                  "/tools/node_modules/.bin/s3rver (installed by the project's setup) or a path in "
                  "$PIPEC_S3RVER");
  TempDir data;
  Packages packages_dir;
  auto server = std::make_unique<packages::testing::S3rverProcess>(*binary, data.path(), kBucket);
  packages::CurlTransport transport(signing(), {5, 10});
  const auto reader = [&](const std::string& endpoint) {
    return packages::S3Client({kBucket, "us-east-2", endpoint, ""}, transport, kFastRetry,
                              [](std::string_view) {});
  };

  SUBCASE("every object arrives intact and the index lists every package") {
    RecordedOutput out;
    CHECK(run(packages_dir.inputs(server->endpoint(), "100"), out, {nullptr, kFastRetry}) == 0);
    auto client = reader(server->endpoint());
    for (const std::string file : {kSdist, kTorch, kVision}) {
      CAPTURE(file);
      const HttpResponse got = client.get(prefix_for("100") + file);
      CHECK(got.status == 200);
      CHECK(got.body == read_text(packages_dir.dist() / file));
      CHECK(std::count(out.lines.begin(), out.lines.end(),
                       "[INFO] Verified s3://pipec-test/" + prefix_for("100") + file + " (" +
                           std::to_string(fs::file_size(packages_dir.dist() / file)) + " bytes)") ==
            1);
    }
    for (const auto& page : kPages) {
      CAPTURE(page);
      const HttpResponse got = client.get(prefix_for("100") + page);
      CHECK(got.status == 200);
      CHECK(got.headers.at("content-type") == "text/html; charset=utf-8");
      CHECK(got.body == read_text(packages_dir.dist() / page));
    }
    const std::string index = client.get(prefix_for("100") + "index.html").body;
    for (const std::string href :
         {"rocm-7.1.0.tar.gz#sha256=", "torch-2.7.0%2Brocm7.0-cp312-cp312-linux_x86_64.whl#sha256=",
          "torchvision-0.22.0%2Brocm7.0-cp312-cp312-linux_x86_64.whl#sha256="}) {
      CHECK(index.find("<a href=\"" + href) != std::string::npos);
    }
    CHECK(out.outputs.at(0).second ==
          "https://pipec-test.s3.amazonaws.com/100-linux/python/gfx94X-dcgpu/index.html");
  }

  SUBCASE("a package that cannot be uploaded leaves no index object") {
    packages::CurlTransport real(signing(), {5, 10});
    FakeTransport failing(
        [](const HttpRequest& request) -> std::optional<HttpResponse> {
          if (request.method == "PUT" && request.url.find("torchvision-") != std::string::npos) {
            return HttpResponse{500, "", {}, "<Error><Code>InternalError</Code></Error>"};
          }
          return std::nullopt;
        },
        &real);
    RecordedOutput out;
    CHECK(run(packages_dir.inputs(server->endpoint(), "200"), out, {&failing, kFastRetry}) == 1);
    const std::string url = server->endpoint() +
                            "/pipec-test/200-linux/python/gfx94X-dcgpu/"
                            "torchvision-0.22.0%2Brocm7.0-cp312-cp312-linux_x86_64.whl";
    REQUIRE(out.lines.size() >= 2);
    CHECK(std::vector<std::string>(out.lines.end() - 2, out.lines.end()) ==
          std::vector<std::string>{
              "ERROR: PUT " + url + " failed (HTTP 500 InternalError)",
              "ERROR: upload of " + std::string(kVision) + " failed; no index page was uploaded"});
    CHECK(out.outputs.empty());
    auto client = reader(server->endpoint());
    CHECK(client.head(prefix_for("200") + kTorch).status == 200);  // uploaded before the failure
    CHECK(client.head(prefix_for("200") + kVision).status == 404);
    for (const auto& page : kPages) {
      CAPTURE(page);
      CHECK(client.head(prefix_for("200") + page).status == 404);
    }
  }

  SUBCASE("the server going away mid-run leaves no index object") {
    const std::string endpoint = server->endpoint();
    server->stop();
    RecordedOutput out;
    CHECK(run(packages_dir.inputs(endpoint, "300"), out, {nullptr, kFastRetry}) == 1);
    CHECK(std::count_if(out.lines.begin(), out.lines.end(), [](const std::string& line) {
            return line.starts_with("[WARN] PUT ");
          }) == 2);  // three attempts in all
    CHECK(out.lines.back() ==
          "ERROR: upload of rocm-7.1.0.tar.gz failed; no index page was uploaded");
    server = std::make_unique<packages::testing::S3rverProcess>(*binary, data.path(), kBucket);
    auto client = reader(server->endpoint());
    for (const auto& page : kPages) CHECK(client.head(prefix_for("300") + page).status == 404);
  }
}

// sigv4.h signs for a libcurl too old to (the manylinux build container).
// s3rver parses but does not check V4 signatures, so two checks together:
// s3rver takes the requests sigv4.h signs, and sigv4.h computes exactly the
// Authorization header libcurl sent for the same request (captured by a
// loopback listener), for each kind of request the upload and the index
// make.
TEST_CASE("sigv4.h signs the upload's requests as libcurl does, and s3rver takes them") {
  const auto binary = packages::testing::find_s3rver();
  REQUIRE(binary.has_value());
  TempDir data;
  packages::testing::S3rverProcess server(*binary, data.path(), kBucket);
  packages::CurlTransport own({"S3RVER", "S3RVER", "us-east-2", packages::SigV4Signer::sigv4_h},
                              {5, 10});
  packages::S3Client client({kBucket, "us-east-2", server.endpoint(), "token"}, own, kFastRetry,
                            [](std::string_view) {});
  const std::string key = "signed/torch-2.7.0+rocm7.0 page.html";
  CHECK(client.put_bytes(key, "pages", "text/html") == std::nullopt);
  CHECK(client.verify(key, packages::digest_bytes("pages")) == std::nullopt);
  const HttpResponse got = client.get(key);
  CHECK(got.status == 200);
  CHECK(got.body == "pages");
  std::vector<packages::ListedObject> listed;
  CHECK(client.list("signed/", listed) == std::nullopt);
  REQUIRE(listed.size() == 1);
  CHECK(listed[0].key == key);

  if (packages::default_signer() != packages::SigV4Signer::libcurl) return;
  packages::testing::CapturingServer capture;
  packages::CurlTransport libcurl({"AKID", "secret", "us-east-2", packages::SigV4Signer::libcurl},
                                  {5, 10});
  FakeTransport recorder([](const HttpRequest&) { return std::nullopt; }, &libcurl);
  packages::S3Client signed_by_libcurl({kBucket, "us-east-2", capture.endpoint(), "token"},
                                       recorder, kFastRetry, [](std::string_view) {});
  CHECK(signed_by_libcurl.put_bytes(key, "pages", "text/html") == std::nullopt);
  signed_by_libcurl.head(key);
  signed_by_libcurl.get(key);
  std::vector<packages::ListedObject> objects;  // the listener answers no XML
  signed_by_libcurl.list("signed/torch+x/", objects, 2);
  const auto sent = capture.requests();
  REQUIRE(sent.size() == 4);
  REQUIRE(recorder.requests.size() == 4);
  for (size_t i = 0; i < sent.size(); ++i) {
    CAPTURE(recorder.requests[i].method);
    const std::string date = sent[i].at("x-amz-date");
    const auto headers =
        packages::sigv4_headers(recorder.requests[i], {"AKID", "secret", "us-east-2"}, date);
    CHECK(headers.at(1).second == sent[i].at("authorization"));
  }
}

}  // namespace steps::upload_python_packages
