#include "packages/s3_client.h"

#include <doctest/doctest.h>
#include <tuple>

#include "test_support/doctest_printers.h"
#include "test_support/fake_transport.h"

namespace steps::packages {

using testing::FakeTransport;

namespace {

struct Harness {
  explicit Harness(FakeTransport::Script script,
                   S3Config config = {"bucket", "us-east-2", "http://127.0.0.1:9", ""})
      : transport(std::move(script)),
        client(std::move(config), transport,
               RetryPolicy{4, std::chrono::milliseconds(100),
                           [this](std::chrono::milliseconds d) { delays.push_back(d.count()); }},
               [this](std::string_view line) { log.emplace_back(line); }) {}

  FakeTransport transport;
  std::vector<long long> delays;
  std::vector<std::string> log;
  S3Client client;
};

HttpResponse status(long code) { return {code, "", {}, ""}; }

}  // namespace

TEST_CASE("object URLs: path-style with an endpoint, virtual-hosted on AWS") {
  Harness local([](const HttpRequest&) { return status(200); });
  CHECK(local.client.object_url("1-linux/python/g/torch-2.7.0+rocm.whl") ==
        "http://127.0.0.1:9/bucket/1-linux/python/g/torch-2.7.0%2Brocm.whl");
  Harness aws([](const HttpRequest&) { return status(200); },
              {"therock-ci-artifacts", "us-east-2", "", ""});
  CHECK(aws.client.object_url("a b/index.html") ==
        "https://therock-ci-artifacts.s3.us-east-2.amazonaws.com/a%20b/index.html");
}

TEST_CASE("a PUT carries the checksums, the payload hash and the session token") {
  Harness h([](const HttpRequest&) { return status(200); },
            {"bucket", "us-east-2", "http://127.0.0.1:9/", "TOKEN"});
  CHECK_FALSE(h.client.put_bytes("k/index.html", "abc", "text/html; charset=utf-8"));
  REQUIRE(h.transport.requests.size() == 1);
  const HttpRequest& put = h.transport.requests[0];
  CHECK(put.method == "PUT");
  CHECK(put.url == "http://127.0.0.1:9/bucket/k/index.html");
  CHECK(put.body == "abc");
  CHECK(put.headers ==
        std::vector<std::pair<std::string, std::string>>{
            {"x-amz-content-sha256",
             "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
            {"x-amz-security-token", "TOKEN"},
            {"Content-Type", "text/html; charset=utf-8"},
            {"Content-MD5", "kAFQmDzST7DWlj99KOF/cg=="},
            {"x-amz-checksum-sha256", "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="},
            {"x-amz-meta-checksum-sha256",
             "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"}});
}

TEST_CASE("transient failures are retried with exponential backoff") {
  int calls = 0;
  Harness h([&](const HttpRequest&) {
    ++calls;
    if (calls == 1) return HttpResponse{0, "Couldn't connect to server", {}, ""};
    if (calls == 2) return status(503);
    if (calls == 3) return HttpResponse{429, "", {}, "<Error><Code>SlowDown</Code></Error>"};
    return status(200);
  });
  CHECK_FALSE(h.client.put_bytes("k", "abc", "text/plain"));
  CHECK(h.delays == std::vector<long long>{100, 200, 400});
  CHECK(h.log == std::vector<std::string>{"[WARN] PUT http://127.0.0.1:9/bucket/k failed (Couldn't "
                                          "connect to server); retrying in 100 ms (attempt 2 of 4)",
                                          "[WARN] PUT http://127.0.0.1:9/bucket/k failed (HTTP "
                                          "503); retrying in 200 ms (attempt 3 of 4)",
                                          "[WARN] PUT http://127.0.0.1:9/bucket/k failed (HTTP 429 "
                                          "SlowDown); retrying in 400 ms (attempt 4 of 4)"});
}

TEST_CASE("retries are bounded, and client errors are not retried") {
  Harness down([](const HttpRequest&) { return status(500); });
  CHECK(down.client.put_bytes("k", "abc", "text/plain") ==
        std::optional<std::string>("PUT http://127.0.0.1:9/bucket/k failed (HTTP 500)"));
  CHECK(down.transport.requests.size() == 4);
  Harness denied([](const HttpRequest&) {
    return HttpResponse{403, "", {}, "<Error><Code>AccessDenied</Code></Error>"};
  });
  CHECK(
      denied.client.put_bytes("k", "abc", "text/plain") ==
      std::optional<std::string>("PUT http://127.0.0.1:9/bucket/k failed (HTTP 403 AccessDenied)"));
  CHECK(denied.transport.requests.size() == 1);
  CHECK(denied.delays.empty());
  // What the server wrote is one line of the log, and not a page of it.
  Harness odd([](const HttpRequest&) {
    return HttpResponse{403, "", {}, "<Error><Code>Access\nDenied" + std::string(300, 'x') + "</Code></Error>"};
  });
  CHECK(odd.client.put_bytes("k", "abc", "text/plain") ==
        std::optional<std::string>("PUT http://127.0.0.1:9/bucket/k failed (HTTP 403 Access\\nDenied" +
                                   std::string(187, 'x') + ")"));
}

TEST_CASE("a bucket in another region says which, since AWS_REGION is what to change") {
  // A redirect from the endpoint of the region signed for, and a signature
  // refused by the bucket's own endpoint.
  for (const auto& [code, name, region] : {std::tuple{301L, "PermanentRedirect", "us-east-1"},
                                          std::tuple{400L, "AuthorizationHeaderMalformed", "eu-west-1"}}) {
    Harness moved([&](const HttpRequest&) {
      return HttpResponse{code, "", {{"x-amz-bucket-region", region}},
                          "<Error><Code>" + std::string(name) + "</Code></Error>"};
    });
    CHECK(moved.client.put_bytes("k", "abc", "text/plain") ==
          "PUT http://127.0.0.1:9/bucket/k failed (HTTP " + std::to_string(code) + " " + name +
              ": the bucket is in region " + region + "; set AWS_REGION to it)");
    CHECK(moved.transport.requests.size() == 1);
  }
}

TEST_CASE("verification: size, then the SHA-256 checksum or else the ETag") {
  const FileDigests abc = digest_bytes("abc");
  const auto answer = [](std::map<std::string, std::string> headers) {
    return [headers](const HttpRequest& request) {
      CHECK(request.method == "HEAD");
      return HttpResponse{200, "", headers, ""};
    };
  };
  CHECK_FALSE(
      Harness(answer({{"content-length", "3"}, {"etag", "\"900150983cd24fb0d6963f7d28e17f72\""}}))
          .client.verify("k", abc));
  CHECK_FALSE(
      Harness(answer({{"content-length", "3"},
                      {"etag", "\"kms-etag\""},
                      {"x-amz-checksum-sha256", "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="}}))
          .client.verify("k", abc));
  CHECK(Harness(answer({{"content-length", "2"}, {"etag", "\"900150983cd24fb0d6963f7d28e17f72\""}}))
            .client.verify("k", abc) ==
        std::optional<std::string>("http://127.0.0.1:9/bucket/k has 2 bytes, expected 3"));
  CHECK(Harness(answer({{"content-length", "3"}, {"etag", "\"0000\""}})).client.verify("k", abc) ==
        std::optional<std::string>("http://127.0.0.1:9/bucket/k has ETag 0000, expected the MD5 "
                                   "900150983cd24fb0d6963f7d28e17f72"));
  CHECK(Harness([](const HttpRequest&) { return status(404); }).client.verify("k", abc) ==
        std::optional<std::string>("HEAD http://127.0.0.1:9/bucket/k failed (HTTP 404)"));
}

namespace {

std::string listing(const std::string& contents, const std::string& tail) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<ListBucketResult xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
         "<Name>bucket</Name><Prefix>1-linux/python/g/</Prefix>" +
         contents + tail + "</ListBucketResult>";
}

std::string object(const std::string& key, const std::string& size) {
  return "<Contents><Key>" + key + "</Key><LastModified>2026-11-23T10:00:00.000Z</LastModified>"
         "<ETag>&quot;900150983cd24fb0d6963f7d28e17f72&quot;</ETag><Size>" + size +
         "</Size><StorageClass>STANDARD</StorageClass></Contents>";
}

}  // namespace

TEST_CASE("listing: a sorted, encoded query, and each page's continuation token followed") {
  Harness h([](const HttpRequest& request) {
    if (request.url.find("continuation-token") == std::string::npos) {
      return HttpResponse{200, "", {},
                          listing(object("1-linux/python/g/index.html", "120") +
                                      object("1-linux/python/g/r&amp;d-1.0.tar.gz", "7"),
                                  "<IsTruncated>true</IsTruncated>"
                                  "<NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=</NextContinuationToken>")};
    }
    return HttpResponse{200, "", {},
                        listing(object("1-linux/python/g/torch-2.7.0+rocm7.0-cp312-cp312-linux_x86_64.whl",
                                       "5368709120"),
                                "<IsTruncated>false</IsTruncated>")};
  });
  std::vector<ListedObject> objects;
  CHECK(h.client.list("1-linux/python/g/", objects, 2) == std::nullopt);
  REQUIRE(h.transport.requests.size() == 2);
  CHECK(h.transport.requests[0].method == "GET");
  CHECK(h.transport.requests[0].url ==
        "http://127.0.0.1:9/bucket/?list-type=2&max-keys=2&prefix=1-linux%2Fpython%2Fg%2F");
  CHECK(h.transport.requests[1].url ==
        "http://127.0.0.1:9/bucket/?continuation-token=1ueGcxLPRx1Tr%2FXYExHnhbYLgveDs2J%2Fwm36Hy4vbOwM%3D"
        "&list-type=2&max-keys=2&prefix=1-linux%2Fpython%2Fg%2F");
  CHECK(h.transport.requests[1].headers ==
        std::vector<std::pair<std::string, std::string>>{
            {"x-amz-content-sha256",
             "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"}});
  REQUIRE(objects.size() == 3);
  CHECK(objects[0].key == "1-linux/python/g/index.html");
  CHECK(objects[0].size == 120);
  CHECK(objects[1].key == "1-linux/python/g/r&d-1.0.tar.gz");
  CHECK(objects[2].key == "1-linux/python/g/torch-2.7.0+rocm7.0-cp312-cp312-linux_x86_64.whl");
  CHECK(objects[2].size == 5368709120u);

  Harness aws([](const HttpRequest&) {
    return HttpResponse{200, "", {}, listing("", "<IsTruncated>false</IsTruncated>")};
  }, {"therock-ci-artifacts", "us-east-2", "", ""});
  CHECK(aws.client.list("run 1/", objects) == std::nullopt);
  CHECK(objects.empty());
  CHECK(aws.transport.requests.at(0).url ==
        "https://therock-ci-artifacts.s3.us-east-2.amazonaws.com/?list-type=2&prefix=run%201%2F");
}

TEST_CASE("listing failures name the request and the reason") {
  const std::string url = "http://127.0.0.1:9/bucket/?list-type=2&prefix=p%2F";
  const auto failure = [](std::string body) {
    Harness h([body](const HttpRequest&) { return HttpResponse{200, "", {}, body}; });
    std::vector<ListedObject> objects;
    return h.client.list("p/", objects);
  };
  CHECK(failure("<ListBucketResult><Contents><Key>a</Key></ListBucketResult>") ==
        std::optional<std::string>("GET " + url + ": malformed XML at line 1, column 43: "
                                   "mismatched tag"));
  CHECK(failure("<Error><Code>NoSuchBucket</Code></Error>") ==
        std::optional<std::string>("GET " + url + ": the answer is not a ListBucketResult but a Error"));
  CHECK(failure(listing("<Contents><Size>1</Size></Contents>", "")) ==
        std::optional<std::string>("GET " + url + ": an object in the listing has no Key"));
  CHECK(failure(listing(object("p/a.whl", "12x"), "")) ==
        std::optional<std::string>("GET " + url + ": the Size \"12x\" of an object is not a number"));
  CHECK(failure(listing("", "<IsTruncated>true</IsTruncated>")) ==
        std::optional<std::string>("GET " + url +
                                   ": the listing is truncated but gives no NextContinuationToken"));
  // A listing that does not end: a token given again, or pages without end.
  const std::string again = "http://127.0.0.1:9/bucket/?continuation-token=t&list-type=2&prefix=p%2F";
  CHECK(failure(listing("", "<IsTruncated>true</IsTruncated><NextContinuationToken>t</NextContinuationToken>")) ==
        std::optional<std::string>("GET " + again + " gave continuation token t a second time"));
  int page = 0;
  Harness endless([&page](const HttpRequest&) {
    return HttpResponse{200, "", {},
                        listing("", "<IsTruncated>true</IsTruncated><NextContinuationToken>" + std::to_string(++page) +
                                        "</NextContinuationToken>")};
  });
  std::vector<ListedObject> listed;
  CHECK(endless.client.list("p/", listed) == std::optional<std::string>("listing p/ took more than 10000 pages"));
  CHECK(page == 10000);
  Harness denied([](const HttpRequest&) {
    return HttpResponse{403, "", {}, "<Error><Code>AccessDenied</Code></Error>"};
  });
  std::vector<ListedObject> objects;
  CHECK(denied.client.list("p/", objects) ==
        std::optional<std::string>("GET " + url + " failed (HTTP 403 AccessDenied)"));
}

TEST_CASE("a listing keeps only its prefix's keys, refuses a key given twice, and stops at 100,000 objects") {
  // Pages of a million keys each, each with a new token, once filled the
  // memory (std::bad_alloc); a key on two pages was indexed twice.
  const auto two_pages = [](std::string first, std::string second) {
    return [first, second](const HttpRequest& request) {
      const bool later = request.url.find("continuation-token") != std::string::npos;
      return HttpResponse{200, "", {},
                          later ? listing(second, "<IsTruncated>false</IsTruncated>")
                                : listing(first, "<IsTruncated>true</IsTruncated><NextContinuationToken>t</NextContinuationToken>")};
    };
  };
  Harness outside(two_pages(object("p/a", "1") + object("q/b", "1"), object("p", "1") + object("p/c", "1")));
  std::vector<ListedObject> objects;
  CHECK(outside.client.list("p/", objects) == std::nullopt);
  REQUIRE(objects.size() == 2);
  CHECK(objects[0].key == "p/a");
  CHECK(objects[1].key == "p/c");

  Harness twice(two_pages(object("p/a", "1") + object("p/b", "1"), object("p/b", "1")));
  CHECK(twice.client.list("p/", objects) ==
        std::optional<std::string>("GET http://127.0.0.1:9/bucket/?continuation-token=t&list-type=2&prefix=p%2F "
                                   "listed p/b a second time"));

  int page = 0;
  Harness many([&page](const HttpRequest&) {
    std::string contents;
    // Keys out of the prefix count too: they cost as much to read.
    for (int i = 0; i < 30000; ++i) contents += "<Contents><Key>" + std::string(i % 2 ? "p/" : "q/") + std::to_string(page) + "-" + std::to_string(i) + "</Key></Contents>";
    return HttpResponse{200, "", {},
                        listing(contents, "<IsTruncated>true</IsTruncated><NextContinuationToken>" +
                                              std::to_string(++page) + "</NextContinuationToken>")};
  });
  CHECK(many.client.list("p/", objects) == std::optional<std::string>("listing p/ gave more than 100000 objects"));
  CHECK(page == 4);
}

}  // namespace steps::packages
