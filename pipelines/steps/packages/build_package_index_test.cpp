#include "packages/build_package_index.h"

#include <doctest/doctest.h>

#include <algorithm>

#include "packages/digest.h"
#include "runtime/step_error.h"
#include "test_support/doctest_printers.h"
#include "test_support/temp_dir.h"
#include "test_support/test_wheels.h"

namespace steps::build_package_index {

namespace fs = std::filesystem;
using packages::RecordedOutput;
using packages::testing::path_text;
using packages::testing::read_text;
using packages::testing::TempDir;
using packages::testing::write_text;

namespace {

std::string sha(const std::string& content) {
  return packages::hex(packages::digest_of(packages::DigestAlgorithm::sha256, content));
}

// Package files need only the right names here; the index does not open them.
void write_packages(const fs::path& dir) {
  write_text(dir / "torch-2.7.0+rocm7.0-cp312-cp312-linux_x86_64.whl", "torch wheel");
  write_text(dir / "Rocm_SDK.Core-7.1.0.tar.gz", "core sdist");
  write_text(dir / "rocm_sdk_core-7.1.0-py3-none-linux_x86_64.whl", "core wheel");
  write_text(dir / "rocm-7.1.0.tar.gz", "rocm sdist");
  // Not package files (TheRock's indexer lists *.whl and *.tar.gz).
  write_text(dir / "notes.txt", "not a package");
  write_text(dir / "rocm-7.0.0.zip", "a zip sdist");
}

}  // namespace

TEST_CASE("the simple and flat pages, whole") {
  TempDir dir;
  write_packages(dir.path());
  RecordedOutput out;
  run({dir.path()}, out);

  CHECK(out.lines == std::vector<std::string>{
                         "Wrote " + path_text(dir.path(), "simple/rocm/index.html"),
                         "Wrote " + path_text(dir.path(), "simple/rocm-sdk-core/index.html"),
                         "Wrote " + path_text(dir.path(), "simple/torch/index.html"),
                         "Wrote " + path_text(dir.path(), "simple/index.html"),
                         "Wrote " + path_text(dir.path(), "index.html")});

  CHECK(read_text(dir.path() / "simple/index.html") ==
        "<!DOCTYPE html>\n"
        "<html>\n"
        "  <head>\n"
        "    <meta charset=\"utf-8\">\n"
        "    <meta name=\"pypi:repository-version\" content=\"1.0\">\n"
        "    <title>Simple index</title>\n"
        "  </head>\n"
        "  <body>\n"
        "    <a href=\"rocm/\">rocm</a><br>\n"
        "    <a href=\"rocm-sdk-core/\">rocm-sdk-core</a><br>\n"
        "    <a href=\"torch/\">torch</a><br>\n"
        "  </body>\n"
        "</html>\n");

  CHECK(read_text(dir.path() / "simple/rocm-sdk-core/index.html") ==
        "<!DOCTYPE html>\n"
        "<html>\n"
        "  <head>\n"
        "    <meta charset=\"utf-8\">\n"
        "    <meta name=\"pypi:repository-version\" content=\"1.0\">\n"
        "    <title>Links for rocm-sdk-core</title>\n"
        "  </head>\n"
        "  <body>\n"
        "    <h1>Links for rocm-sdk-core</h1>\n"
        "    <a href=\"../../Rocm_SDK.Core-7.1.0.tar.gz#sha256=" +
            sha("core sdist") +
            "\">Rocm_SDK.Core-7.1.0.tar.gz</a><br>\n"
            "    <a href=\"../../rocm_sdk_core-7.1.0-py3-none-linux_x86_64.whl#sha256=" +
            sha("core wheel") +
            "\">rocm_sdk_core-7.1.0-py3-none-linux_x86_64.whl</a><br>\n"
            "  </body>\n"
            "</html>\n");

  CHECK(read_text(dir.path() / "simple/torch/index.html") ==
        "<!DOCTYPE html>\n"
        "<html>\n"
        "  <head>\n"
        "    <meta charset=\"utf-8\">\n"
        "    <meta name=\"pypi:repository-version\" content=\"1.0\">\n"
        "    <title>Links for torch</title>\n"
        "  </head>\n"
        "  <body>\n"
        "    <h1>Links for torch</h1>\n"
        "    <a href=\"../../torch-2.7.0%2Brocm7.0-cp312-cp312-linux_x86_64.whl#sha256=" +
            sha("torch wheel") +
            "\">torch-2.7.0+rocm7.0-cp312-cp312-linux_x86_64.whl</a><br>\n"
            "  </body>\n"
            "</html>\n");

  CHECK(read_text(dir.path() / "index.html") ==
        "<!DOCTYPE html>\n"
        "<html>\n"
        "  <head>\n"
        "    <meta charset=\"utf-8\">\n"
        "    <title>Package files</title>\n"
        "  </head>\n"
        "  <body>\n"
        "    <h1>Package files</h1>\n"
        "    <a href=\"Rocm_SDK.Core-7.1.0.tar.gz#sha256=" +
            sha("core sdist") +
            "\">Rocm_SDK.Core-7.1.0.tar.gz</a><br>\n"
            "    <a href=\"rocm-7.1.0.tar.gz#sha256=" +
            sha("rocm sdist") +
            "\">rocm-7.1.0.tar.gz</a><br>\n"
            "    <a href=\"rocm_sdk_core-7.1.0-py3-none-linux_x86_64.whl#sha256=" +
            sha("core wheel") +
            "\">rocm_sdk_core-7.1.0-py3-none-linux_x86_64.whl</a><br>\n"
            "    <a href=\"torch-2.7.0%2Brocm7.0-cp312-cp312-linux_x86_64.whl#sha256=" +
            sha("torch wheel") +
            "\">torch-2.7.0+rocm7.0-cp312-cp312-linux_x86_64.whl</a><br>\n"
            "  </body>\n"
            "</html>\n");
}

TEST_CASE("the pages are byte-identical across runs and leave no temporary files") {
  TempDir dir;
  write_packages(dir.path());
  RecordedOutput first, second;
  run({dir.path()}, first);
  const std::string flat = read_text(dir.path() / "index.html");
  const std::string torch = read_text(dir.path() / "simple/torch/index.html");
  run({dir.path()}, second);
  CHECK(read_text(dir.path() / "index.html") == flat);
  CHECK(read_text(dir.path() / "simple/torch/index.html") == torch);
  CHECK(first.lines == second.lines);
  for (const auto& entry : fs::recursive_directory_iterator(dir.path())) {
    CHECK_FALSE(entry.path().filename().string().ends_with(".tmp"));
  }
}

TEST_CASE("a project that is gone loses its page") {
  TempDir dir;
  write_packages(dir.path());
  RecordedOutput out;
  run({dir.path()}, out);
  fs::remove(dir.path() / "rocm-7.1.0.tar.gz");
  RecordedOutput again;
  run({dir.path()}, again);
  CHECK(again.lines.back() == "Removed " + path_text(dir.path(), "simple/rocm/index.html"));
  CHECK_FALSE(fs::exists(dir.path() / "simple/rocm"));
  CHECK(read_text(dir.path() / "simple/index.html").find("rocm/") == std::string::npos);
}

TEST_CASE("a name with a line break is one line of the log: no workflow command in it") {
  TempDir dir;
  write_packages(dir.path());
  fs::create_directories(dir.path() / "simple/x\n::error::y");
  write_text(dir.path() / "simple/x\n::error::y/index.html", "stale");
  RecordedOutput out;
  run({dir.path()}, out);
  CHECK(std::count(out.lines.begin(), out.lines.end(),
                   "Removed " + path_text(dir.path(), "simple/x\\n::error::y/index.html")) == 1);
  for (const auto& line : out.lines) CHECK(line.find('\n') == std::string::npos);
}

TEST_CASE("a link under simple/ is neither followed nor removed: the index stays in its folder") {
  TempDir dir, outside;
  write_packages(dir.path());
  write_text(outside.path() / "index.html", "precious");
  fs::create_directories(dir.path() / "simple");
  // A link no project has: the stale pages' sweep leaves what it leads to.
  fs::create_directory_symlink(outside.path(), dir.path() / "simple/elsewhere");
  RecordedOutput out;
  run({dir.path()}, out);
  CHECK(read_text(outside.path() / "index.html") == "precious");
  // A link where a project's page goes: refused before any page is written.
  fs::remove(dir.path() / "simple/elsewhere");
  fs::remove_all(dir.path() / "simple/torch");
  fs::create_directory_symlink(outside.path(), dir.path() / "simple/torch");
  fs::remove(dir.path() / "simple/index.html");
  RecordedOutput again;
  CHECK_THROWS_WITH_AS(run({dir.path()}, again),
                       (path_text(dir.path(), "simple/torch") + " is a symbolic link; the index is written only into " +
                        dir.path().string() + " itself")
                           .c_str(),
                       steps::InputError);
  CHECK(read_text(outside.path() / "index.html") == "precious");
  CHECK_FALSE(fs::exists(dir.path() / "simple/index.html"));
  CHECK(again.lines.empty());
}

TEST_CASE("a folder named with a trailing slash, or reached through a link, is the folder") {
  TempDir dir;
  fs::create_directories(dir.path() / "real/pkgs");
  write_packages(dir.path() / "real/pkgs");
  fs::create_directory_symlink(dir.path() / "real", dir.path() / "link");
  RecordedOutput out;
  run({(dir.path() / "link/pkgs/").string()}, out);
  CHECK(fs::exists(dir.path() / "real/pkgs/simple/torch/index.html"));
}

TEST_CASE("a page that cannot be written stops the index before any page is") {
  TempDir dir;
  write_packages(dir.path());
  fs::create_directories(dir.path() / "index.html");
  RecordedOutput out;
  CHECK_THROWS_WITH_AS(run({dir.path()}, out),
                       ("cannot write " + path_text(dir.path(), "index.html") + ": it is a directory").c_str(),
                       steps::InputError);
  CHECK_FALSE(fs::exists(dir.path() / "simple"));
}

TEST_CASE("a page whose folder is a file stops the index before any page is") {
  // simple/torch a file: the pages before it were written, then the step failed.
  TempDir dir;
  write_packages(dir.path());
  fs::create_directories(dir.path() / "simple");
  write_text(dir.path() / "simple/torch", "a file");
  RecordedOutput out;
  CHECK_THROWS_WITH_AS(run({dir.path()}, out),
                       ("cannot write " + path_text(dir.path(), "simple/torch/index.html") + ": " +
                        path_text(dir.path(), "simple/torch") + " is not a folder")
                           .c_str(),
                       steps::InputError);
  CHECK_FALSE(fs::exists(dir.path() / "index.html"));
  CHECK_FALSE(fs::exists(dir.path() / "simple/index.html"));
  CHECK_FALSE(fs::exists(dir.path() / "simple/rocm"));
  CHECK_FALSE(fs::exists(dir.path() / "simple/rocm-sdk-core"));
  CHECK(out.lines.empty());
}

TEST_CASE("a stale page that cannot be removed is an error, not \"Removed\"") {
  TempDir dir;
  write_packages(dir.path());
  // A folder where the gone project's page was: remove() fails (not empty).
  fs::create_directories(dir.path() / "simple/gone/index.html");
  write_text(dir.path() / "simple/gone/index.html/x", "x");
  RecordedOutput out;
  CHECK_THROWS_WITH_AS(run({dir.path()}, out),
                       ("cannot remove " + path_text(dir.path(), "simple/gone/index.html") + ": Directory not empty").c_str(),
                       steps::InputError);
  CHECK(std::none_of(out.lines.begin(), out.lines.end(), [](const std::string& line) { return line.starts_with("Removed"); }));
}

TEST_CASE("a directory without packages is an error, and nothing is written") {
  TempDir dir;
  write_text(dir.path() / "notes.txt", "x");
  RecordedOutput out;
  CHECK_THROWS_WITH_AS(
      run({dir.path()}, out),
      ("no package files (*.whl, *.tar.gz) found in " + dir.path().string()).c_str(),
      InputError);
  CHECK_FALSE(fs::exists(dir.path() / "index.html"));
  CHECK_THROWS_AS(run({dir.path() / "missing"}, out), InputError);
}

TEST_CASE("project names come from the file names") {
  CHECK(packages::project_of("torch-2.7.0-cp312-cp312-linux_x86_64.whl") == "torch");
  CHECK(packages::project_of("rocm_sdk_libraries_gfx94X_dcgpu-7.1.0.tar.gz") ==
        "rocm-sdk-libraries-gfx94x-dcgpu");
  CHECK(packages::project_of("legacy-name-1.0.tar.gz") == "legacy-name");
  CHECK_THROWS_WITH_AS(packages::project_of("noversion.tar.gz"),
                       "cannot tell the project of package file noversion.tar.gz: expected "
                       "<name>-<version> before the extension",
                       InputError);
  CHECK_THROWS_WITH_AS(packages::project_of("q\nr-1.0.tar.gz"),
                       "package file q\nr-1.0.tar.gz names the project \"q\nr\", which is no package name "
                       "(letters, digits, '.', '_' and '-')",
                       InputError);
  CHECK_THROWS_WITH_AS(packages::project_of("a b<i>-1.0-py3-none-any.whl"),
                       "package file a b<i>-1.0-py3-none-any.whl names the project \"a b<i>\", which is no package "
                       "name (letters, digits, '.', '_' and '-')",
                       InputError);
  CHECK(packages::is_package_filename("a-1.whl"));
  CHECK_FALSE(packages::is_package_filename(".whl"));
  CHECK_FALSE(packages::is_package_filename("a-1.tar.bz2"));
}

}  // namespace steps::build_package_index
