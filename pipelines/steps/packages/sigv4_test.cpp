#include "packages/sigv4.h"

#include <doctest/doctest.h>

#include <stdexcept>

namespace steps::packages {

namespace {

// The example credentials of AWS's S3 SigV4 documentation ("Signature
// calculations for the Authorization header: transferring payload in a
// single chunk"), whose worked examples give the signatures checked below.
const SigV4Credentials kExample{"AKIAIOSFODNN7EXAMPLE",
                                "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "us-east-1"};
constexpr std::string_view kEmptySha256 =
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

HttpRequest get(std::string url, std::vector<std::pair<std::string, std::string>> headers) {
  HttpRequest request;
  request.method = "GET";
  request.url = std::move(url);
  request.headers = std::move(headers);
  return request;
}

std::string authorization(const HttpRequest& request) {
  const auto headers = sigv4_headers(request, kExample, "20130524T000000Z");
  REQUIRE(headers.size() == 2);
  CHECK(headers[0] == std::pair<std::string, std::string>{"x-amz-date", "20130524T000000Z"});
  CHECK(headers[1].first == "Authorization");
  return headers[1].second;
}

}  // namespace

TEST_CASE("SigV4 gives the signatures of AWS's documented S3 examples") {
  SUBCASE("GET Object, with a Range header") {
    CHECK(authorization(get("https://examplebucket.s3.amazonaws.com/test.txt",
                            {{"Range", "bytes=0-9"}, {"x-amz-content-sha256", std::string(kEmptySha256)}})) ==
          "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
          "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, "
          "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
  }
  SUBCASE("PUT Object, with an encoded key and a payload hash") {
    HttpRequest put = get("https://examplebucket.s3.amazonaws.com/test%24file.text",
                          {{"Date", "Fri, 24 May 2013 00:00:00 GMT"},
                           {"x-amz-storage-class", "REDUCED_REDUNDANCY"},
                           {"x-amz-content-sha256",
                            "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072"}});
    put.method = "PUT";
    put.body = "Welcome to Amazon S3.";
    CHECK(authorization(put) ==
          "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
          "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, "
          "Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd");
  }
  SUBCASE("GET Bucket lifecycle: a query parameter without a value") {
    CHECK(authorization(get("https://examplebucket.s3.amazonaws.com/?lifecycle",
                            {{"x-amz-content-sha256", std::string(kEmptySha256)}})) ==
          "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
          "SignedHeaders=host;x-amz-content-sha256;x-amz-date, "
          "Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543");
  }
  SUBCASE("GET Bucket (list objects): query parameters sorted by name") {
    CHECK(authorization(get("https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2",
                            {{"x-amz-content-sha256", std::string(kEmptySha256)}})) ==
          "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
          "SignedHeaders=host;x-amz-content-sha256;x-amz-date, "
          "Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7");
  }
}

TEST_CASE("SigV4 signs the port of a non-default endpoint and refuses what it cannot sign") {
  const HttpRequest local = get("http://127.0.0.1:4568/bucket/key",
                                {{"x-amz-content-sha256", std::string(kEmptySha256)}});
  const auto headers = sigv4_headers(local, kExample, "20130524T000000Z");
  CHECK(headers[1].second.find("SignedHeaders=host;x-amz-content-sha256;x-amz-date,") !=
        std::string::npos);
  CHECK_THROWS_WITH_AS(sigv4_headers(get("http://127.0.0.1/k", {}), kExample, "20130524T000000Z"),
                       "SigV4: the request has no x-amz-content-sha256 header",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(
      sigv4_headers(get("127.0.0.1/k", {{"x-amz-content-sha256", std::string(kEmptySha256)}}),
                    kExample, "20130524T000000Z"),
      "SigV4: not an absolute URL: 127.0.0.1/k", std::invalid_argument);
  CHECK_THROWS_WITH_AS(sigv4_headers(get("http://h/k", {{"X-Amz-Date", "20130524T000000Z"},
                                                        {"x-amz-content-sha256", "x"}}),
                                     kExample, "20130524T000000Z"),
                       "SigV4: the signer sets X-Amz-Date itself", std::invalid_argument);
}

TEST_CASE("amz_date_now is a UTC timestamp in SigV4's form") {
  const std::string now = amz_date_now();
  REQUIRE(now.size() == 16);
  CHECK(now[8] == 'T');
  CHECK(now[15] == 'Z');
}

}  // namespace steps::packages
