#include "packages/sanity_check_wheel.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <memory>

#ifndef _WIN32
#include <sys/resource.h>
#endif

#include "packages/wheel_record.h"
#include "packages/zip_reader.h"
#include "test_support/doctest_printers.h"
#include "test_support/temp_dir.h"
#include "test_support/test_wheels.h"

namespace steps::sanity_check_wheel {

namespace fs = std::filesystem;
using packages::RecordedOutput;
using packages::testing::Members;
using packages::testing::TempDir;
using packages::testing::WheelParts;

namespace {

constexpr const char* kTorch = "torch-2.7.0+rocm7.0-cp312-cp312-linux_x86_64.whl";
constexpr const char* kTag = "cp312-cp312-linux_x86_64";

WheelParts torch_parts() {
  return packages::testing::valid_wheel_parts("torch", "2.7.0+rocm7.0", kTag);
}

std::string size_of(const fs::path& file) { return std::to_string(fs::file_size(file)); }

std::string& member(WheelParts& parts, const std::string& path) {
  auto it = std::find_if(parts.members.begin(), parts.members.end(),
                         [&](const auto& m) { return m.first == path; });
  REQUIRE(it != parts.members.end());
  return it->second;
}

// Writes the wheel with `record` as its RECORD instead of the right one.
void write_with_record(const fs::path& path, const WheelParts& parts, const std::string& record) {
  Members members = parts.members;
  members.emplace_back(parts.dist_info + "/RECORD", record);
  packages::testing::write_zip(path, members);
}

// The archive at `path`, opened (the test stops when it cannot be).
std::unique_ptr<packages::ZipReader> open_zip(const fs::path& path) {
  std::string error;
  auto zip = packages::ZipReader::open(path, error);
  REQUIRE_MESSAGE(zip, error);
  return zip;
}

struct Result {
  int code;
  std::vector<std::string> lines;
};

Result check(const fs::path& dir) {
  RecordedOutput out;
  const int code = run({dir}, out);
  return {code, out.lines};
}

}  // namespace

TEST_CASE("valid torch and torchvision wheels pass, in project then name order") {
  TempDir dir;
  const auto torch = packages::testing::write_wheel(dir.path(), kTorch, torch_parts());
  const auto vision = packages::testing::write_wheel(
      dir.path(), "torchvision-0.22.0+rocm7.0-cp312-cp312-linux_x86_64.whl",
      packages::testing::valid_wheel_parts("torchvision", "0.22.0+rocm7.0", kTag));
  packages::testing::write_wheel(dir.path(), "triton-3.3.0-cp312-cp312-linux_x86_64.whl",
                                 packages::testing::valid_wheel_parts("triton", "3.3.0", kTag, 10));
  const Result result = check(dir.path());
  CHECK(result.code == 0);
  CHECK(result.lines ==
        std::vector<std::string>{
            "Valid wheel: " + std::string(kTorch) + " (" + size_of(torch) + " bytes)",
            "Valid wheel: torchvision-0.22.0+rocm7.0-cp312-cp312-linux_x86_64.whl (" +
                size_of(vision) + " bytes)"});
}

TEST_CASE("a text member is read up to a size, not held whole") {
  // A METADATA that inflated to 3 GiB was once read into memory whole.
  TempDir dir;
  const auto wheel = packages::testing::write_wheel(dir.path(), kTorch, torch_parts());
  const auto zip = open_zip(wheel);
  std::string error;
  std::string text;
  CHECK(zip->read("torch-2.7.0+rocm7.0.dist-info/WHEEL", text, error));
  const std::size_t size = text.size();
  CHECK_FALSE(zip->read("torch-2.7.0+rocm7.0.dist-info/WHEEL", text, error, size - 1));
  CHECK(error == "larger than " + std::to_string(size - 1) + " bytes uncompressed");
  CHECK(zip->read("torch-2.7.0+rocm7.0.dist-info/WHEEL", text, error, size));
}

TEST_CASE("a directory without torch wheels fails (TheRock let it pass)") {
  TempDir dir;
  packages::testing::write_wheel(dir.path(), "triton-3.3.0-cp312-cp312-linux_x86_64.whl",
                                 packages::testing::valid_wheel_parts("triton", "3.3.0", kTag));
  const Result result = check(dir.path());
  CHECK(result.code == 1);
  CHECK(result.lines ==
        std::vector<std::string>{"ERROR: " + dir.path().string() +
                                 " contains no torch, torchaudio or torchvision wheels"});
}

TEST_CASE("a path that is not a directory") {
  TempDir dir;
  const Result result = check(dir.path() / "missing");
  CHECK(result.code == 1);
  CHECK(result.lines == std::vector<std::string>{"ERROR: " + (dir.path() / "missing").string() +
                                                 " is not a directory"});
  CHECK(usage("sanity_check_wheel") == "Usage: sanity_check_wheel <wheel-dir>");
  // Deliberate: empty is refused (TheRock's Path("") checked the current directory).
  const Result empty = check("");
  CHECK(empty.code == 1);
  CHECK(empty.lines == std::vector<std::string>{"ERROR: the wheel directory is empty (\".\" is the current one)"});
}

TEST_CASE("a too-small wheel fails with TheRock's message") {
  TempDir dir;
  const auto wheel = packages::testing::write_wheel(
      dir.path(), kTorch,
      packages::testing::valid_wheel_parts("torch", "2.7.0+rocm7.0", kTag, 100));
  const Result result = check(dir.path());
  CHECK(result.code == 1);
  CHECK(result.lines == std::vector<std::string>{"ERROR: Wheel " + std::string(kTorch) +
                                                 " is too small (" + size_of(wheel) + " bytes)"});
}

// A valid torch wheel of exactly `size` bytes in dir (its members are
// stored, so the filler moves the size byte for byte; RECORD, which holds
// the filler's size, may take a round more).
static fs::path wheel_of_size(const fs::path& dir, std::uintmax_t size) {
  std::size_t filler = 100 * 1024;
  fs::path wheel;
  for (int round = 0; round < 4; ++round) {
    wheel = packages::testing::write_wheel(dir, kTorch, packages::testing::valid_wheel_parts("torch", "2.7.0+rocm7.0", kTag, filler));
    const std::uintmax_t got = fs::file_size(wheel);
    if (got == size) break;
    filler = filler + size - got;
  }
  REQUIRE(fs::file_size(wheel) == size);
  return wheel;
}

TEST_CASE("the size limit is TheRock's: 102,400 bytes pass, 102,399 fail") {
  TempDir dir;
  wheel_of_size(dir.path(), 102400);
  const Result at = check(dir.path());
  CHECK(at.code == 0);
  CHECK(at.lines == std::vector<std::string>{"Valid wheel: " + std::string(kTorch) + " (102400 bytes)"});
  wheel_of_size(dir.path(), 102399);
  const Result under = check(dir.path());
  CHECK(under.code == 1);
  CHECK(under.lines == std::vector<std::string>{"ERROR: Wheel " + std::string(kTorch) + " is too small (102399 bytes)"});
}

TEST_CASE("a RECORD hash that does not match the member") {
  TempDir dir;
  WheelParts parts = torch_parts();
  std::string record = packages::testing::record_for(parts);
  member(parts, "torch/__init__.py") = "print('tampered')\n";  // RECORD still has the old hash
  // Keep the size right so only the hash is wrong.
  member(parts, "torch/__init__.py").resize(std::string("print('hello from torch')\n").size(), ' ');
  write_with_record(dir.path() / kTorch, parts, record);
  const Result result = check(dir.path());
  CHECK(result.code == 1);
  CHECK(result.lines ==
        std::vector<std::string>{"ERROR: Wheel " + std::string(kTorch) +
                                 " has a RECORD hash mismatch for torch/__init__.py"});
}

TEST_CASE("a member missing from RECORD, and a RECORD entry with no member") {
  TempDir dir;
  WheelParts parts = torch_parts();
  std::string record = packages::testing::record_for(parts);
  parts.members.emplace_back("torch/unlisted.py", "x = 1\n");
  record += "torch/ghost.py,sha256=AAAA,4\n";
  write_with_record(dir.path() / kTorch, parts, record);
  const Result result = check(dir.path());
  CHECK(result.code == 1);
  const std::string prefix = "ERROR: Wheel " + std::string(kTorch) + " ";
  CHECK(result.lines ==
        std::vector<std::string>{
            prefix + "has torch/unlisted.py, which RECORD does not list",
            prefix + "lists torch/ghost.py in RECORD, but the archive has no such member"});
}

TEST_CASE("a path RECORD lists many times is one problem, and its member is read once") {
  // Each row once inflated and hashed the member again: a 318 KB wheel
  // whose RECORD listed a 200 MB member 2,000 times took minutes of CPU.
  TempDir dir;
  WheelParts parts = torch_parts();
  std::string record = packages::testing::record_for(parts);
  const std::string filler_row = record.substr(record.find("torch/_filler.bin,"));
  const std::string row = filler_row.substr(0, filler_row.find('\n') + 1);
  for (int i = 0; i < 2000; ++i) record += row;
  record += "torch/ghost.py,sha256=AAAA,4\ntorch/ghost.py,sha256=AAAA,4\n";
  write_with_record(dir.path() / kTorch, parts, record);
  const Result result = check(dir.path());
  CHECK(result.code == 1);
  const std::string prefix = "ERROR: Wheel " + std::string(kTorch) + " ";
  CHECK(result.lines ==
        std::vector<std::string>{
            prefix + "lists torch/_filler.bin 2001 times in RECORD",
            prefix + "lists torch/ghost.py twice in RECORD",
            prefix + "lists torch/ghost.py in RECORD, but the archive has no such member"});
}

TEST_CASE("an archive is inflated up to 2 x 1032 times its size, all reads together") {
  // Deflate cannot pass 1032:1, and a member is read at most twice (its
  // text, then its hash), so more is a member read over and over, or
  // members that share compressed data (a zip bomb).
  TempDir dir;
  const auto wheel = packages::testing::write_wheel(dir.path(), kTorch, torch_parts());
  const auto zip = open_zip(wheel);
  std::string error;
  // The filler (110 KiB, stored) is most of the archive.
  const auto read_filler = [&] {
    return zip->stream("torch/_filler.bin", [](std::string_view) { return true; }, error);
  };
  int reads = 0;
  while (reads < 5000 && read_filler()) ++reads;
  const std::uintmax_t budget = fs::file_size(wheel) * 1032 * 2;
  CHECK(reads == budget / (110 * 1024));
  CHECK(zip->exhausted());
  CHECK(error == "the archive's members inflate to more than deflate can (1032 times its size, each read 2 times): a zip bomb?");
  CHECK_FALSE(read_filler());
}

TEST_CASE("a member that inflates near deflate's most may be read twice") {
  // The wheel check reads METADATA twice (its fields, then its hash): a
  // budget of 1032 times the archive for all reads called such a wheel a
  // zip bomb.
  TempDir dir;
  const fs::path archive = dir.path() / "m.zip";
  packages::testing::write_zip(archive, {{"METADATA", std::string(20u << 20, 'a')}}, true);
  REQUIRE(fs::file_size(archive) * 900 < (20u << 20));  // inflates more than 900 times
  const auto zip = open_zip(archive);
  std::string error;
  std::string text;
  CHECK(zip->read("METADATA", text, error));
  CHECK(zip->stream("METADATA", [](std::string_view) { return true; }, error));
  CHECK(error == "");
  CHECK_FALSE(zip->exhausted());
}

TEST_CASE("a RECORD of more rows than the archive has members, plus 10,000, is refused whole") {
  // 256 MiB of "a,,\n" rows, within the text limit, once took tens of
  // gigabytes as entries (std::bad_alloc).
  TempDir dir;
  WheelParts parts = torch_parts();
  std::string record = packages::testing::record_for(parts);
  for (int i = 0; i < 10001; ++i) record += "a,,\n";
  write_with_record(dir.path() / kTorch, parts, record);
  const Result result = check(dir.path());
  CHECK(result.code == 1);
  // Five members: four and RECORD.
  CHECK(result.lines == std::vector<std::string>{"ERROR: Wheel " + std::string(kTorch) +
                                                 " has a malformed RECORD: RECORD has more than 10005 rows"});
}

TEST_CASE("a METADATA or WHEEL of more than 10,000 fields is refused") {
  // 256 MiB of "a:" lines, each a field, once took tens of gigabytes.
  TempDir dir;
  WheelParts parts = torch_parts();
  std::string& wheel = member(parts, parts.dist_info + "/WHEEL");
  for (int i = 0; i < 10000; ++i) wheel += "a:\n";
  packages::testing::write_wheel(dir.path(), kTorch, parts);
  const Result result = check(dir.path());
  CHECK(result.code == 1);
  CHECK(result.lines == std::vector<std::string>{"ERROR: Wheel " + std::string(kTorch) +
                                                 " has a WHEEL of more than 10000 fields"});
}

#ifndef _WIN32
// The most memory the process has held so far, in bytes.
static std::uint64_t peak_memory() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // Linux: kilobytes
}

TEST_CASE("a RECORD row of millions of fields is counted, not held") {
  // Each field was a string of its own: 256 MiB of commas took 8 GiB.
  const std::string row = "a" + std::string(30'000'000, ',') + "\n";
  const std::uint64_t before = peak_memory();
  std::string problem;
  CHECK_FALSE(packages::parse_record(row, problem, 10));
  CHECK(problem == "RECORD row 1 has 30000001 fields, expected 3 (path,hash,size)");
  // Held, they would take about 30 million times 32 bytes (960 MB).
  CHECK(peak_memory() - before < (200u << 20));
}
#endif

TEST_CASE("a member that pip would install out of its folder, though RECORD lists it") {
  TempDir dir;
  WheelParts parts = torch_parts();
  parts.members.emplace_back("../evil.txt", "x");
  parts.members.emplace_back("/abs.txt", "x");
  parts.members.emplace_back("torch\\..\\..\\win.txt", "x");
  parts.members.emplace_back("torch/..data/fine.txt", "x");
  parts.members.emplace_back("1:x.txt", "x");
  const std::string record = packages::testing::record_for(parts);
  // One RECORD cannot list (unquoted): each problem with it is one line.
  parts.members.emplace_back("../two\nlines.txt", "x");
  write_with_record(dir.path() / kTorch, parts, record);
  const Result result = check(dir.path());
  CHECK(result.code == 1);
  const std::string prefix = "ERROR: Wheel " + std::string(kTorch) + " has ";
  const std::string why = ", a path out of the folder it is installed into (absolute, or with '..'), which pip refuses";
  CHECK(result.lines == std::vector<std::string>{prefix + "../evil.txt" + why, prefix + "/abs.txt" + why,
                                                 prefix + "torch\\..\\..\\win.txt" + why,
                                                 prefix + "../two\\nlines.txt" + why,
                                                 prefix + "../two\\nlines.txt, which RECORD does not list"});
}

TEST_CASE("RECORD sizes, missing hashes and weak algorithms") {
  TempDir dir;
  WheelParts parts = torch_parts();
  std::string record = packages::testing::record_for(parts);
  const std::string init_line_end =
      std::to_string(member(parts, "torch/__init__.py").size()) + "\n";
  record.replace(record.find(init_line_end), init_line_end.size(), "999\n");
  const std::string metadata = parts.dist_info + "/METADATA,sha256=";
  const auto at = record.find(metadata);
  record.replace(at, record.find(',', at + metadata.size()) - at,
                 parts.dist_info + "/METADATA,md5=abc");
  const std::string wheel_entry = parts.dist_info + "/WHEEL,sha256=";
  const auto wheel_at = record.find(wheel_entry);
  record.replace(wheel_at, record.find(',', wheel_at + wheel_entry.size()) - wheel_at,
                 parts.dist_info + "/WHEEL,");
  write_with_record(dir.path() / kTorch, parts, record);
  const Result result = check(dir.path());
  CHECK(result.code == 1);
  const std::string prefix = "ERROR: Wheel " + std::string(kTorch) + " ";
  CHECK(result.lines ==
        std::vector<std::string>{
            prefix + "has a RECORD size mismatch for torch/__init__.py (RECORD says 999, the "
                     "member has 26 bytes)",
            prefix + "lists torch-2.7.0+rocm7.0.dist-info/METADATA in RECORD with unsupported hash "
                     "'md5=abc' (expected sha256=<urlsafe-base64>)",
            prefix + "lists torch-2.7.0+rocm7.0.dist-info/WHEEL in RECORD without a hash"});
}

TEST_CASE("METADATA and WHEEL must agree with the file name") {
  TempDir dir;
  WheelParts parts = torch_parts();
  member(parts, parts.dist_info + "/METADATA") =
      "Metadata-Version: 2.1\nName: pytorch\nVersion: 2.6.0\n";
  member(parts, parts.dist_info + "/WHEEL") =
      "Wheel-Version: 1.0\nRoot-Is-Purelib: maybe\nTag: cp311-cp311-linux_x86_64\n";
  packages::testing::write_wheel(dir.path(), kTorch, parts);
  const Result result = check(dir.path());
  CHECK(result.code == 1);
  const std::string prefix = "ERROR: Wheel " + std::string(kTorch) + " ";
  CHECK(result.lines ==
        std::vector<std::string>{
            prefix + "has METADATA Name 'pytorch' that does not match the file name ('torch')",
            prefix +
                "has METADATA Version '2.6.0' that does not match the file name ('2.7.0+rocm7.0')",
            prefix + "has WHEEL Root-Is-Purelib 'maybe', expected true or false",
            prefix +
                "has WHEEL tags [cp311-cp311-linux_x86_64] that do not match the file name tags "
                "[cp312-cp312-linux_x86_64]"});
}

TEST_CASE("a METADATA Version is the file name's version as pip compares them (PEP 440)") {
  // 2.7+ROCm7-0 is 2.7.0+rocm7.0: trailing zeros, case and local separators.
  for (const char* version : {"2.7+ROCm7-0", "2.7.0+rocm7.1"}) {
    CAPTURE(version);
    TempDir dir;
    WheelParts parts = torch_parts();
    member(parts, parts.dist_info + "/METADATA") = "Metadata-Version: 2.1\nName: torch\nVersion: " + std::string(version) + "\n";
    const auto torch = packages::testing::write_wheel(dir.path(), kTorch, parts);
    const Result result = check(dir.path());
    const bool same = std::string(version) == "2.7+ROCm7-0";
    CHECK(result.code == (same ? 0 : 1));
    CHECK(result.lines ==
          std::vector<std::string>{same ? "Valid wheel: " + std::string(kTorch) + " (" + size_of(torch) + " bytes)"
                                        : "ERROR: Wheel " + std::string(kTorch) + " has METADATA Version '" + version +
                                              "' that does not match the file name ('2.7.0+rocm7.0')"});
  }
}

TEST_CASE("a post or dev release's trailing zeros are no difference either") {
  for (const auto& [file_version, metadata_version] :
       {std::pair<std::string, std::string>{"2.7.0.post1", "2.7.post1"}, {"2.7.0.dev1", "2.7.dev1"}}) {
    CAPTURE(file_version);
    TempDir dir;
    WheelParts parts = packages::testing::valid_wheel_parts("torch", file_version, kTag);
    member(parts, parts.dist_info + "/METADATA") = "Metadata-Version: 2.1\nName: torch\nVersion: " + metadata_version + "\n";
    const std::string name = "torch-" + file_version + "-" + std::string(kTag) + ".whl";
    const auto wheel = packages::testing::write_wheel(dir.path(), name, parts);
    const Result result = check(dir.path());
    CHECK(result.code == 0);
    CHECK(result.lines == std::vector<std::string>{"Valid wheel: " + name + " (" + size_of(wheel) + " bytes)"});
  }
}

TEST_CASE("missing METADATA fields, missing WHEEL and a wrong dist-info name") {
  TempDir dir;
  WheelParts parts = packages::testing::valid_wheel_parts("torch", "2.6.0", kTag);
  member(parts, parts.dist_info + "/METADATA") = "Name: torch\n";
  parts.members.erase(std::remove_if(parts.members.begin(), parts.members.end(),
                                     [&](const auto& m) { return m.first.ends_with("/WHEEL"); }),
                      parts.members.end());
  packages::testing::write_wheel(dir.path(), kTorch, parts);
  const Result result = check(dir.path());
  CHECK(result.code == 1);
  const std::string prefix = "ERROR: Wheel " + std::string(kTorch) + " ";
  CHECK(result.lines == std::vector<std::string>{
                            prefix + "has dist-info directory torch-2.6.0.dist-info, expected "
                                     "torch-2.7.0+rocm7.0.dist-info",
                            prefix + "has METADATA without Metadata-Version",
                            prefix + "has METADATA without Version",
                            prefix + "has no readable torch-2.6.0.dist-info/WHEEL (No such file)"});
}

TEST_CASE("a bad file name is an error, and TheRock's pattern a warning") {
  TempDir dir;
  const std::string name = "torch-latest-cp312-cp312-linux_x86_64.whl";
  packages::testing::write_wheel(dir.path(), name,
                                 packages::testing::valid_wheel_parts("torch", "latest", kTag));
  const Result result = check(dir.path());
  CHECK(result.code == 1);
  CHECK(result.lines ==
        std::vector<std::string>{
            "WARNING: Wheel name " + name + " does not match typical pattern",
            "ERROR: Wheel " + name +
                " has an invalid file name: version 'latest' is not a valid PEP 440 version"});
}

TEST_CASE("a file that is not a zip archive, and two dist-info directories") {
  TempDir dir;
  packages::testing::write_text(dir.path() / kTorch, std::string(200 * 1024, 'x'));
  WheelParts parts = packages::testing::valid_wheel_parts("torchaudio", "2.7.0", kTag);
  parts.members.emplace_back("other-1.0.dist-info/METADATA", "Name: other\n");
  packages::testing::write_wheel(dir.path(), "torchaudio-2.7.0-cp312-cp312-linux_x86_64.whl",
                                 parts);
  const Result result = check(dir.path());
  CHECK(result.code == 1);
  CHECK(
      result.lines ==
      std::vector<std::string>{
          "ERROR: Wheel " + std::string(kTorch) +
              " is not a readable zip archive (Not a zip archive)",
          "ERROR: Wheel torchaudio-2.7.0-cp312-cp312-linux_x86_64.whl has 2 .dist-info directories "
          "[other-1.0.dist-info, torchaudio-2.7.0.dist-info]"});
}

TEST_CASE("a name with a line break is one line of the log: no workflow command in it") {
  TempDir dir;
  const fs::path odd = dir.path() / "d\n::error::x";
  const Result missing = check(odd);
  CHECK(missing.lines == std::vector<std::string>{"ERROR: " + dir.path().string() + "/d\\n::error::x is not a directory"});
  fs::create_directories(odd);
  const Result empty = check(odd);
  CHECK(empty.lines == std::vector<std::string>{"ERROR: " + dir.path().string() +
                                                "/d\\n::error::x contains no torch, torchaudio or torchvision wheels"});
  packages::testing::write_wheel(odd, "torch-\n::error::y.whl", torch_parts());
  const Result wheel = check(odd);
  REQUIRE(!wheel.lines.empty());
  CHECK(wheel.lines[0] == "WARNING: Wheel name torch-\\n::error::y.whl does not match typical pattern");
}

TEST_CASE("TheRock's typical-pattern check") {
  CHECK(matches_typical_pattern("torch-2.7.0-x.whl", "torch"));
  CHECK(matches_typical_pattern("torch-1.whl", "torch"));
  CHECK(matches_typical_pattern("torch-.1.whl", "torch"));
  CHECK_FALSE(matches_typical_pattern("torch-.whl", "torch"));
  CHECK_FALSE(matches_typical_pattern("torch-v2.whl", "torch"));
  CHECK_FALSE(matches_typical_pattern("torchaudio-2.whl", "torch"));
}

}  // namespace steps::sanity_check_wheel
