#include "packages/upload_python_packages.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <csignal>

#ifndef _WIN32
#include <sys/resource.h>
#endif

#include "runtime/step_error.h"
#include "test_support/doctest_printers.h"
#include "test_support/temp_dir.h"
#include "test_support/test_wheels.h"

namespace steps::upload_python_packages {

namespace fs = std::filesystem;
using packages::RecordedOutput;
using packages::testing::read_text;
using packages::testing::TempDir;
using packages::testing::write_text;

namespace {

constexpr const char* kTorch = "torch-2.7.0+rocm7.0-cp312-cp312-linux_x86_64.whl";

struct Fixture {
  Fixture() {
    fs::create_directories(dist());
    write_text(dist() / kTorch, "torch wheel");
    write_text(dist() / "rocm-7.1.0.tar.gz", "rocm sdist");
    inputs.input_packages_dir = root.path() / "pkgs";
    inputs.artifact_group = "gfx94X-dcgpu";
    inputs.run_id = "12345";
    inputs.platform = "linux";
    inputs.bucket_env = {"ROCm/TheRock", false, "", std::nullopt};
  }
  fs::path dist() const { return root.path() / "pkgs" / "dist"; }
  std::string d(const std::string& relative) const {
    return packages::testing::path_text(dist(), relative);
  }

  std::vector<std::string> header(const std::string& mode) const {
    return {"[INFO] Packages directory: " + (root.path() / "pkgs").string(),
            "[INFO] Dist subdirectory : " + dist().string(),
            "[INFO] Artifact group    : gfx94X-dcgpu",
            "[INFO] Run ID            : 12345",
            "[INFO] Platform          : linux",
            "[INFO] Mode              : " + mode,
            "",
            "Generating index.html",
            "---------------------"};
  }
  std::vector<std::string> found() const {
    return {"",
            "Uploading packages",
            "------------------",
            "[INFO] Found 2 package files in " + dist().string() + ":",
            "  - rocm-7.1.0.tar.gz",
            "  - " + std::string(kTorch)};
  }

  TempDir root;
  Inputs inputs;
};

std::vector<std::string> concat(std::initializer_list<std::vector<std::string>> parts) {
  std::vector<std::string> all;
  for (const auto& part : parts) all.insert(all.end(), part.begin(), part.end());
  return all;
}

const std::vector<std::string> kPages = {"simple/rocm/index.html", "simple/torch/index.html",
                                         "simple/index.html", "index.html"};

}  // namespace

TEST_CASE("local output: the destination is recreated with the packages and the index") {
  Fixture f;
  const fs::path out_dir = f.root.path() / "out";
  const fs::path destination = out_dir / "12345-linux/python/gfx94X-dcgpu";
  fs::create_directories(destination);
  write_text(destination / "stale.whl", "from an earlier run");
  f.inputs.output_dir = out_dir;

  RecordedOutput out;
  CHECK(run(f.inputs, out) == 0);
  std::vector<std::string> copies = {"[INFO] Recreating " + destination.string()};
  for (const std::string file : {"rocm-7.1.0.tar.gz", kTorch, "simple/rocm/index.html",
                                 "simple/torch/index.html", "simple/index.html", "index.html"}) {
    copies.push_back("[INFO] Copying " + f.d(file) + " -> " +
                     packages::testing::path_text(destination, file));
  }
  std::vector<std::string> wrote;
  for (const auto& page : kPages) wrote.push_back("Wrote " + f.d(page));
  CHECK(out.lines == concat({f.header("Local output to " + out_dir.string()),
                             wrote,
                             f.found(),
                             copies,
                             {"", "[INFO] Done!"}}));
  CHECK(out.outputs.empty());
  CHECK(out.summaries.empty());
  CHECK_FALSE(fs::exists(destination / "stale.whl"));
  CHECK(read_text(destination / kTorch) == "torch wheel");
  CHECK(read_text(destination / "index.html") == read_text(f.dist() / "index.html"));
  CHECK(read_text(destination / "index.html").find("torch-2.7.0%2Brocm7.0") != std::string::npos);
  CHECK(read_text(destination / "simple/torch/index.html") ==
        read_text(f.dist() / "simple/torch/index.html"));
}

TEST_CASE("--no-index adds the packages to the destination and writes no index page") {
  Fixture f;
  const fs::path out_dir = f.root.path() / "out";
  const fs::path destination = out_dir / "12345-linux/python/gfx94X-dcgpu";
  fs::create_directories(destination);
  write_text(destination / "rocm_sdk_core-7.1.0-py3-none-linux_x86_64.whl", "another upload's");
  f.inputs.output_dir = out_dir;
  f.inputs.no_index = true;

  RecordedOutput out;
  CHECK(run(f.inputs, out) == 0);
  std::vector<std::string> header = f.header("Local output to " + out_dir.string());
  header.resize(header.size() - 3);  // no "Generating index.html" section
  std::vector<std::string> copies;
  for (const std::string file : {"rocm-7.1.0.tar.gz", kTorch}) {
    copies.push_back("[INFO] Copying " + f.d(file) + " -> " +
                     packages::testing::path_text(destination, file));
  }
  CHECK(out.lines ==
        concat({header,
                {"[INFO] No index pages (--no-index): the folder is indexed once every upload is "
                 "done"},
                f.found(),
                copies,
                {"", "[INFO] Done!"}}));
  CHECK(read_text(destination / "rocm_sdk_core-7.1.0-py3-none-linux_x86_64.whl") ==
        "another upload's");
  CHECK(read_text(destination / kTorch) == "torch wheel");
  CHECK_FALSE(fs::exists(destination / "index.html"));
  CHECK_FALSE(fs::exists(f.dist() / "index.html"));
  CHECK_FALSE(fs::exists(f.dist() / "simple"));
}

#ifndef _WIN32
TEST_CASE("a copy the disk refuses leaves the file as it was, no half of it, and says why") {
  // fs::copy_file wrote straight to the package's path: a full disk left
  // half a package there.
  Fixture f;
  write_text(f.dist() / kTorch, std::string(64 * 1024, 'w'));
  const fs::path out_dir = f.root.path() / "out";
  const fs::path destination = out_dir / "12345-linux/python/gfx94X-dcgpu";
  fs::create_directories(destination);
  write_text(destination / kTorch, "an earlier upload's");
  f.inputs.output_dir = out_dir;
  f.inputs.no_index = true;
  // A file size limit stands in for a full disk: past it a write fails
  // (EFBIG) instead of killing the process.
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit old_limit{};
  getrlimit(RLIMIT_FSIZE, &old_limit);
  rlimit limit = old_limit;
  limit.rlim_cur = 4096;
  setrlimit(RLIMIT_FSIZE, &limit);
  RecordedOutput out;
  std::string error;
  try {
    run(f.inputs, out);
  } catch (const InputError& e) {
    error = e.what();
  }
  setrlimit(RLIMIT_FSIZE, &old_limit);
  std::signal(SIGXFSZ, old_handler);
  CHECK(error == "cannot copy " + f.d(kTorch) + " to " + packages::testing::path_text(destination, kTorch) +
                     ": File too large");
  CHECK(read_text(destination / kTorch) == "an earlier upload's");
  std::vector<std::string> left;
  for (const auto& entry : fs::directory_iterator(destination)) left.push_back(entry.path().filename().string());
  std::sort(left.begin(), left.end());
  CHECK(left == std::vector<std::string>{"rocm-7.1.0.tar.gz", kTorch});
}
#endif

TEST_CASE("dry run to S3: every action is printed and nothing changes") {
  Fixture f;
  f.inputs.dry_run = true;
  RecordedOutput out;
  CHECK(run(f.inputs, out) == 0);

  const std::string base = "s3://therock-ci-artifacts/12345-linux/python/gfx94X-dcgpu/";
  const std::string url =
      "https://therock-ci-artifacts.s3.amazonaws.com/12345-linux/python/gfx94X-dcgpu/index.html";
  std::vector<std::string> writes, uploads;
  for (const auto& page : kPages) writes.push_back("[DRY RUN] Would write " + f.d(page));
  for (const std::string file : {"rocm-7.1.0.tar.gz", kTorch}) {
    uploads.push_back("[DRY RUN] Would upload " + f.d(file) + " -> " + base + file);
  }
  for (const auto& page : kPages)
    uploads.push_back("[DRY RUN] Would upload " + f.d(page) + " -> " + base + page);
  CHECK(out.lines == concat({f.header("DRY RUN"),
                             writes,
                             f.found(),
                             uploads,
                             {"", "Set github actions output", "-------------------------", "",
                              "Write github actions build summary",
                              "----------------------------------", "", "[INFO] Done!"}}));
  CHECK(out.outputs ==
        std::vector<std::pair<std::string, std::string>>{{"package_find_links_url", url}});
  CHECK(out.summaries ==
        std::vector<std::string>{"[ROCm Python packages](" + url +
                                 ")\n```bash\npip install rocm[libraries,devel] --pre \\\n"
                                 "    --find-links=" +
                                 url + "\n```\n"});
  CHECK_FALSE(fs::exists(f.dist() / "index.html"));
  CHECK_FALSE(fs::exists(f.dist() / "simple"));
}

TEST_CASE("a name with a line break is one line of the log: no workflow command in it") {
  Fixture f;
  write_text(f.dist() / "a-1.0\n::error::x.tar.gz", "odd sdist");
  f.inputs.dry_run = true;
  RecordedOutput out;
  CHECK(run(f.inputs, out) == 0);
  CHECK(std::count(out.lines.begin(), out.lines.end(), "  - a-1.0\\n::error::x.tar.gz") == 1);
  for (const auto& line : out.lines) CHECK(line.find('\n') == std::string::npos);
}

TEST_CASE("dry run with an output directory prints the copies and creates nothing") {
  Fixture f;
  f.inputs.dry_run = true;
  f.inputs.output_dir = f.root.path() / "out";
  RecordedOutput out;
  CHECK(run(f.inputs, out) == 0);
  const fs::path destination = f.root.path() / "out/12345-linux/python/gfx94X-dcgpu";
  std::vector<std::string> tail = {"[DRY RUN] Would delete and recreate " + destination.string()};
  for (const std::string file : {"rocm-7.1.0.tar.gz", kTorch, "simple/rocm/index.html",
                                 "simple/torch/index.html", "simple/index.html", "index.html"}) {
    tail.push_back("[DRY RUN] Would copy " + f.d(file) + " -> " +
                   packages::testing::path_text(destination, file));
  }
  std::vector<std::string> writes;
  for (const auto& page : kPages) writes.push_back("[DRY RUN] Would write " + f.d(page));
  CHECK(out.lines == concat({f.header("DRY RUN"), writes, f.found(), tail, {"", "[INFO] Done!"}}));
  CHECK(out.outputs.empty());
  CHECK_FALSE(fs::exists(f.root.path() / "out"));
}

TEST_CASE("bucket and prefix: a fork, a --bucket override, a release type") {
  Fixture f;
  f.inputs.dry_run = true;
  f.inputs.bucket_env.is_pr_from_fork = true;
  RecordedOutput fork;
  run(f.inputs, fork);
  CHECK(fork.outputs.at(0).second ==
        "https://therock-ci-artifacts-external.s3.amazonaws.com/ROCm-TheRock/12345-linux/python/"
        "gfx94X-dcgpu/index.html");

  f.inputs.bucket = "my-bucket";
  RecordedOutput overridden;
  run(f.inputs, overridden);
  CHECK(overridden.outputs.at(0).second ==
        "https://my-bucket.s3.amazonaws.com/12345-linux/python/gfx94X-dcgpu/index.html");

  f.inputs.bucket = "";  // an empty --bucket selects as if it were not given, like TheRock
  RecordedOutput empty;
  run(f.inputs, empty);
  CHECK(empty.outputs == fork.outputs);

  f.inputs.bucket.reset();
  f.inputs.bucket_env = {"ROCm/TheRock", false, "nightly", std::nullopt};
  f.inputs.platform = "windows";
  RecordedOutput nightly;
  run(f.inputs, nightly);
  const std::string url =
      "https://therock-nightly-artifacts.s3.amazonaws.com/12345-windows/python/gfx94X-dcgpu/"
      "index.html";
  CHECK(nightly.summaries ==
        std::vector<std::string>{"[ROCm Python packages](" + url +
                                 ")\n```bash\npip install rocm[libraries,devel] --pre ^\n"
                                 "    --find-links=" +
                                 url + "\n```\n"});
}

TEST_CASE("bad inputs are InputErrors (flag misuse a UsageError), before anything is written") {
  Fixture f;
  f.inputs.output_dir = f.root.path() / "out";
  f.inputs.bucket = "b";
  RecordedOutput out;
  CHECK_THROWS_WITH_AS(run(f.inputs, out), "--output-dir and --bucket are mutually exclusive",
                       UsageError);

  f.inputs.bucket.reset();
  f.inputs.input_packages_dir = f.root.path() / "missing";
  CHECK_THROWS_WITH_AS(
      run(f.inputs, out),
      ("Packages root directory not found: " + (f.root.path() / "missing").string()).c_str(),
      InputError);

  fs::create_directories(f.root.path() / "nodist");
  f.inputs.input_packages_dir = f.root.path() / "nodist";
  CHECK_THROWS_WITH_AS(
      run(f.inputs, out),
      ("Packages dist/ subdirectory not found: " + (f.root.path() / "nodist/dist").string())
          .c_str(),
      InputError);

  f.inputs.input_packages_dir = f.root.path() / "pkgs";
  f.inputs.output_dir.reset();
  CHECK_THROWS_WITH_AS(run(f.inputs, out),
                       "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set for an S3 upload",
                       InputError);
  f.inputs.run_id = "";
  CHECK_THROWS_WITH_AS(run(f.inputs, out), "--run-id must not be empty", InputError);
  f.inputs.artifact_group = "";
  CHECK_THROWS_WITH_AS(run(f.inputs, out), "--artifact-group must not be empty", InputError);
  CHECK(out.lines.empty());
  CHECK_FALSE(fs::exists(f.dist() / "index.html"));
}

TEST_CASE(
    "an empty dist/ is an error and nothing is copied or indexed (TheRock uploaded a bare index)") {
  Fixture f;
  fs::remove(f.dist() / kTorch);
  fs::remove(f.dist() / "rocm-7.1.0.tar.gz");
  write_text(f.dist() / "build.log", "not a package");
  f.inputs.output_dir = f.root.path() / "out";
  RecordedOutput out;
  CHECK_THROWS_WITH_AS(
      run(f.inputs, out),
      ("no package files (*.whl, *.tar.gz) found in " + f.dist().string()).c_str(),
      InputError);
  CHECK_FALSE(fs::exists(f.root.path() / "out"));
  CHECK_FALSE(fs::exists(f.dist() / "index.html"));
  CHECK(summary_markdown("U", "linux", {"rocm", "rocm-sdk-core"}) ==
        "[ROCm Python packages](U)\n```bash\npip install rocm[libraries,devel] --pre \\\n    "
        "--find-links=U\n```\n");
  // Without rocm among them (a manual run of CI's PyTorch build uploads
  // torch's wheels alone): how to install what was uploaded.
  CHECK(summary_markdown("U", "windows", {"torchvision", "torch", "torchaudio", "torch"}) ==
        "[Python packages](U)\n```bash\npip install torch torchaudio torchvision --pre ^\n    "
        "--find-links=U\n```\n");
}

TEST_CASE("region and prefix helpers") {
  AwsEnvironment aws;
  CHECK(aws.effective_region() == "us-east-2");
  aws.default_region = "eu-west-1";
  CHECK(aws.effective_region() == "eu-west-1");
  aws.region = "us-west-2";
  CHECK(aws.effective_region() == "us-west-2");
  Inputs inputs;
  inputs.run_id = "7";
  inputs.platform = "windows";
  inputs.artifact_group = "g";
  CHECK(upload_prefix("ROCm-TheRock/", inputs) == "ROCm-TheRock/7-windows/python/g");
}

}  // namespace steps::upload_python_packages
