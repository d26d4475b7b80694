// The facts of ../shared/spec/therock-steps.md sections 2.1-2.3, 2.9, 3.4,
// 3.5 and 3.10, and the deliberate differences listed in README.md.
#include "versions/versions.h"

#include <doctest/doctest.h>

#include <fstream>

#include "runtime/step_error.h"

namespace fs = std::filesystem;
using steps::InputError;
using steps::UsageError;
using namespace steps::versions;

TEST_CASE("python_to_cp_version") {
  CHECK(cp_version("3.12") == "cp312-cp312");
  CHECK(cp_version("3.9") == "cp39-cp39");
  CHECK(cp_version("3.0") == "cp30-cp30");
  // Deliberate: the free-threaded interpreter tag has no t (TheRock: cp313t-cp313t).
  CHECK(cp_version("3.13t") == "cp313-cp313t");
  for (const char* bad : {"3", "3.012", "0.1", "10.1", "3.1t2", " 3.12", "0", ""}) {
    CHECK_THROWS_WITH_AS(cp_version(bad),
                         ("--python-version \"" + std::string(bad) + "\" is not a Python version like 3.12 or 3.13t").c_str(),
                         InputError);
  }
}

TEST_CASE("Versions too long to read are refused, not read") {
  // std::regex overflowed the stack on 120,000 characters.
  const std::string digits(120000, '1');
  CHECK_THROWS_WITH_AS(cp_version("3." + digits), ("--python-version \"3." + digits + "\" is not a Python version like 3.12 or 3.13t").c_str(),
                       InputError);
  CHECK_THROWS_WITH_AS(parse_pep440("7." + digits), "--rocm-version is 120002 characters long, longer than a version is read (1024)",
                       InputError);
  CHECK(parse_pep440("7." + std::string(1000, '1')).canonical == "7." + std::string(1000, '1'));
}

TEST_CASE("PEP 440 canonical forms") {
  CHECK(parse_pep440("v7.12.0").canonical == "7.12.0");
  CHECK(parse_pep440("7.12.0-rc1").canonical == "7.12.0rc1");
  CHECK(parse_pep440("7.12").canonical == "7.12");
  CHECK(parse_pep440("7.12.0.DEV0+ABC").canonical == "7.12.0.dev0+abc");
  CHECK(parse_pep440("1.0-alpha.2").canonical == "1.0a2");
  CHECK(parse_pep440("1.0preview3").canonical == "1.0rc3");
  CHECK(parse_pep440("1.0-7").canonical == "1.0.post7");
  CHECK(parse_pep440("1.0.rev").canonical == "1.0.post0");
  CHECK(parse_pep440("0!01.02+local_01-x").canonical == "1.2+local.1.x");
  CHECK(parse_pep440("2!1.0").canonical == "2!1.0");
  CHECK_THROWS_WITH_AS(parse_pep440("seven"), "--rocm-version \"seven\" is not a PEP 440 version", InputError);
  CHECK_THROWS_WITH_AS(parse_pep440("7.12.0+"), "--rocm-version \"7.12.0+\" is not a PEP 440 version", InputError);
}

TEST_CASE("determine_version") {
  CHECK(determine_version("7.12.0").combined() == "--rocm-sdk-version ==7.12.0 --version-suffix +rocm7.12.0");
  CHECK(determine_version("7.12.0a20260211").combined() ==
        "--rocm-sdk-version ==7.12.0a20260211 --version-suffix +rocm7.12.0a20260211");
  CHECK(determine_version("7.12.0rc2").combined() == "--rocm-sdk-version ==7.12.0rc2 --version-suffix +rocm7.12.0rc2");
  CHECK(determine_version("7.12.0+local.1").combined() ==
        "--rocm-sdk-version ==7.12.0+local.1 --version-suffix +rocm7.12.0-local.1");
  CHECK(determine_version("7.0.0.dev0+515115ea2cb85a0b71b5507ce56a627d14c7ae73").combined() ==
        "--rocm-sdk-version ==7.0.0.dev0+515115ea2cb85a0b71b5507ce56a627d14c7ae73 "
        "--version-suffix +devrocm7.0.0.dev0-515115ea2cb85a0b71b5507ce56a627d14c7ae73");
  CHECK(determine_version("7.0.0rc20250707").combined() ==
        "--rocm-sdk-version ==7.0.0rc20250707 --version-suffix +rocm7.0.0rc20250707");
  // Deliberate: a dev release is one whatever its spelling (TheRock: +rocm for DEV).
  CHECK(determine_version("7.12.0.DEV0+ABC").version_suffix == "+devrocm7.12.0.dev0-abc");
}

namespace {

// PEP 440's order of two local labels ("rocm7.0.0rc1"): segment by segment
// (split at . - _), numbers as numbers and above text, text without case,
// and a label that extends another above it. True when a < b.
bool local_less(const std::string& a, const std::string& b) {
  auto segments = [](const std::string& s) {
    std::vector<std::string> out(1);
    for (char c : s) {
      if (c == '.' || c == '-' || c == '_') out.emplace_back();
      else out.back() += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
  };
  auto numeric = [](const std::string& s) { return s.find_first_not_of("0123456789") == std::string::npos; };
  const auto x = segments(a), y = segments(b);
  for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
    if (x[i] == y[i]) continue;
    if (numeric(x[i]) && numeric(y[i])) return std::stoull(x[i]) < std::stoull(y[i]);
    if (numeric(x[i]) != numeric(y[i])) return numeric(y[i]);
    return x[i] < y[i];
  }
  return x.size() < y.size();
}

}  // namespace

// TheRock's test: each suffix on a base of 1 orders final > rc > alpha >
// dev, so that pip prefers the right build of one torch version.
TEST_CASE("determine_version: the suffixes order final, rc, alpha, dev") {
  std::vector<std::string> locals;
  for (const char* v : {"7.0.0", "7.0.0rc1", "7.0.0a20251202", "7.0.0.dev0+515115ea2cb85a0b71b5507ce56a627d14c7ae73"}) {
    const std::string suffix = determine_version(v).version_suffix;
    REQUIRE(suffix.rfind('+', 0) == 0);
    locals.push_back(suffix.substr(1));
  }
  CHECK(locals == std::vector<std::string>{"rocm7.0.0", "rocm7.0.0rc1", "rocm7.0.0a20251202",
                                           "devrocm7.0.0.dev0-515115ea2cb85a0b71b5507ce56a627d14c7ae73"});
  for (size_t i = 0; i + 1 < locals.size(); ++i) {
    CHECK(local_less(locals[i + 1], locals[i]));
    CHECK_FALSE(local_less(locals[i], locals[i + 1]));
  }
}

namespace {

struct Dist {
  fs::path dir = fs::temp_directory_path() / ("write_torch_versions_" + std::to_string(std::rand()));
  explicit Dist(std::initializer_list<const char*> names) {
    fs::create_directories(dir);
    for (const char* n : names) std::ofstream(dir / n) << "x";
  }
  ~Dist() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

}  // namespace

TEST_CASE("write_torch_versions") {
  Dist d({"torch-2.10.0+rocm7.12.0a20260211-cp312-cp312-linux_x86_64.whl",
          "torchaudio-2.10.0+rocm7.12.0a20260211-cp312-cp312-linux_x86_64.whl",
          "torchvision-0.25.0+rocm7.12.0a20260211-cp312-cp312-linux_x86_64.whl",
          "triton-3.5.0+rocm7.12.0a20260211-cp312-cp312-linux_x86_64.whl",
          "apex-1.10.0+rocm7.12.0a20260211-cp312-cp312-linux_x86_64.whl", "index.html"});
  std::vector<std::string> log;
  auto out = torch_versions(d.dir, false, log);
  using P = std::pair<std::string, std::string>;
  CHECK(out == std::vector<P>{{"torch_version", "2.10.0+rocm7.12.0a20260211"},
                              {"torchaudio_version", "2.10.0+rocm7.12.0a20260211"},
                              {"torchvision_version", "0.25.0+rocm7.12.0a20260211"},
                              {"triton_version", "3.5.0+rocm7.12.0a20260211"},
                              {"apex_version", "1.10.0+rocm7.12.0a20260211"}});
  CHECK(log.size() == 7);  // the heading and the six files
}

TEST_CASE("write_torch_versions: Windows needs no triton or apex; Linux does") {
  Dist d({"torch-2.10.0-cp312-cp312-win_amd64.whl", "torch-2.9.0-cp312-cp312-win_amd64.whl",
          "torchaudio-2.10.0-cp312-cp312-win_amd64.whl", "torchvision-0.25.0-cp312-cp312-win_amd64.whl"});
  std::vector<std::string> log;
  auto out = torch_versions(d.dir, true, log);
  REQUIRE(out.size() == 3);
  // Two torch wheels: the first by name, with a warning.
  CHECK(out[0].second == "2.10.0");
  CHECK(log[5] == "WARNING: 2 torch wheels; using torch-2.10.0-cp312-cp312-win_amd64.whl");
  CHECK(log.back() == "No apex wheel, as expected on Windows");
  CHECK_THROWS_WITH_AS(torch_versions(d.dir, false, log),
                       ("Did not find triton wheel in " + d.dir.generic_string()).c_str(), InputError);
  CHECK_THROWS_WITH_AS(torch_versions(d.dir / "missing", false, log),
                       ("--dist-dir " + (d.dir / "missing").generic_string() + " is not a directory").c_str(), InputError);
  // Deliberate: empty is refused (TheRock's Path("") read the current directory).
  CHECK_THROWS_WITH_AS(torch_versions("", false, log), "--dist-dir is empty (\".\" is the current directory)", InputError);
}

TEST_CASE("write_torch_versions: torch-* does not match torchaudio") {
  Dist d({"torchaudio-2.10.0-cp312-cp312-win_amd64.whl", "torchvision-0.25.0-cp312-cp312-win_amd64.whl"});
  std::vector<std::string> log;
  CHECK_THROWS_WITH_AS(torch_versions(d.dir, true, log), ("Did not find torch wheel in " + d.dir.generic_string()).c_str(),
                       InputError);
}

TEST_CASE("write_torch_versions: a wheel with an empty version is none") {
  // TheRock found torch--cp312.whl, then took its empty version for none.
  Dist d({"torch--cp312-cp312-win_amd64.whl", "torchaudio-2.10.0-cp312-cp312-win_amd64.whl",
          "torchvision-0.25.0-cp312-cp312-win_amd64.whl"});
  std::vector<std::string> log;
  CHECK_THROWS_WITH_AS(torch_versions(d.dir, true, log), ("Did not find torch wheel in " + d.dir.generic_string()).c_str(),
                       InputError);
}

TEST_CASE("write_torch_versions: a version with a blank or a line break is refused") {
  // It reaches pip's torch== and, in release, an aws --include.
  Dist d({"torch-2.10.0 x-cp312-cp312-win_amd64.whl", "torchaudio-2.10.0-cp312-cp312-win_amd64.whl",
          "torchvision-0.25.0-cp312-cp312-win_amd64.whl"});
  std::vector<std::string> log;
  CHECK_THROWS_WITH_AS(torch_versions(d.dir, true, log),
                       "the version of torch-2.10.0 x-cp312-cp312-win_amd64.whl holds a blank or control character, "
                       "which no package version has",
                       InputError);
#ifndef _WIN32
  fs::remove(d.dir / "torch-2.10.0 x-cp312-cp312-win_amd64.whl");
  std::ofstream(d.dir / "torch-2.0\n::warning::injected-cp.whl") << "x";
  CHECK_THROWS_WITH_AS(torch_versions(d.dir, true, log),
                       "the version of torch-2.0\\n::warning::injected-cp.whl holds a blank or control character, "
                       "which no package version has",
                       InputError);
#endif
}

TEST_CASE("compute_rocm_package_version: the table") {
  auto v = [](std::string type, std::optional<std::string> rt, std::optional<std::string> custom = std::nullopt,
              std::string pre = "", std::string base = "7.12.0") {
    return rocm_package_version({type, rt, custom, pre, base, "20260211", "21eaa7d7ffc8e351d07dd4dcac78f967d304249a"});
  };
  using P = std::pair<std::string, std::string>;
  CHECK(v("wheel", "dev") == P{"rocm_package_version", "7.12.0.dev0+21eaa7d7ffc8e351d07dd4dcac78f967d304249a"});
  CHECK(v("wheel", "nightly") == P{"rocm_package_version", "7.12.0a20260211"});
  CHECK(v("wheel", "nightly", std::nullopt, "", "7.99.0") == P{"rocm_package_version", "7.99.0a20260211"});
  CHECK(v("wheel", "prerelease", std::nullopt, "5") == P{"rocm_package_version", "7.12.0rc5"});
  CHECK(v("wheel", std::nullopt, ".dev0") == P{"rocm_package_version", "7.12.0.dev0"});
  CHECK(v("wheel", std::nullopt, "abc", "", "1000") == P{"rocm_package_version", "1000abc"});
  CHECK(v("deb", "dev") == P{"rocm_deb_package_version", "7.12.0~dev20260211"});
  CHECK(v("deb", "nightly") == P{"rocm_deb_package_version", "7.12.0~20260211"});
  CHECK(v("deb", "prerelease", std::nullopt, "2") == P{"rocm_deb_package_version", "7.12.0~pre2"});
  CHECK(v("deb", "release", std::nullopt, "", "8.1.0") == P{"rocm_deb_package_version", "8.1.0"});
  CHECK(v("deb", std::nullopt, "~custom1", "", "8.0.0") == P{"rocm_deb_package_version", "8.0.0~custom1"});
  CHECK(v("rpm", "dev") == P{"rocm_rpm_package_version", "7.12.0~20260211g21eaa7d7"});
  CHECK(v("rpm", "nightly") == P{"rocm_rpm_package_version", "7.12.0~20260211"});
  CHECK(v("rpm", "prerelease", std::nullopt, "2") == P{"rocm_rpm_package_version", "7.12.0~rc2"});
  CHECK(v("rpm", "release", std::nullopt, "", "8.1.0") == P{"rocm_rpm_package_version", "8.1.0"});
  CHECK(v("rpm", std::nullopt, "~custom1", "", "8.0.0") == P{"rocm_rpm_package_version", "8.0.0~custom1"});
}

TEST_CASE("compute_rocm_package_version: what argparse rejected (exit 2), and more") {
  // "usage: " for a UsageError (exit 2, as argparse), "input: " for an InputError (exit 1).
  auto err = [](std::string type, std::optional<std::string> rt, std::optional<std::string> custom, std::string pre) {
    try {
      rocm_package_version({type, rt, custom, pre, "7.12.0", "20260211", "21eaa7d7ffc8e351d07dd4dcac78f967d304249a"});
    } catch (const UsageError& e) {
      return "usage: " + std::string(e.what());
    } catch (const InputError& e) {
      return "input: " + std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(err("wheel", "release", std::nullopt, "") == "usage: --release-type=release is not supported for wheel packages");
  CHECK(err("wheel", "nightly", std::nullopt, "3") == "usage: --prerelease-version is only valid with --release-type=prerelease");
  CHECK(err("wheel", std::nullopt, "x", "3") == "usage: --prerelease-version is only valid with --release-type=prerelease");
  CHECK(err("wheel", "prerelease", std::nullopt, "") == "usage: --release-type=prerelease needs --prerelease-version");
  CHECK(err("wheel", "dev", "x", "") == "usage: --release-type and --custom-version-suffix are mutually exclusive");
  // TheRock: ValueError "Unhandled release type 'None'" with a traceback (exit 1).
  CHECK(err("wheel", std::nullopt, std::nullopt, "") ==
        "input: give --release-type (dev, nightly, prerelease, release) or --custom-version-suffix");
  CHECK(err("zip", "dev", std::nullopt, "") == "usage: --package-type must be wheel, deb or rpm, not \"zip\"");
}

TEST_CASE("compute_rocm_package_version: no blank or control character in any part") {
  auto v = [](std::optional<std::string> rt, std::optional<std::string> custom, std::string pre, std::string base,
              std::string sha) { return rocm_package_version({"wheel", rt, custom, pre, base, "20260211", sha}); };
  const std::string none = " holds a blank or control character, which no package version has";
  CHECK_THROWS_WITH_AS(v("prerelease", std::nullopt, "a b", "7.12.0", ""), ("--prerelease-version" + none).c_str(), UsageError);
  CHECK_THROWS_WITH_AS(v(std::nullopt, "x\ty", "", "7.12.0", ""), ("--custom-version-suffix" + none).c_str(), UsageError);
  CHECK_THROWS_WITH_AS(v("nightly", std::nullopt, "", "not a version", ""),
                       ("the base version (version.json's rocm-version or --override-base-version)" + none).c_str(), InputError);
  CHECK_THROWS_WITH_AS(v("nightly", std::nullopt, "", "7.1\nevil=1", ""),
                       ("the base version (version.json's rocm-version or --override-base-version)" + none).c_str(), InputError);
  CHECK_THROWS_WITH_AS(v("dev", std::nullopt, "", "7.12.0", "abc\n"), ("the commit SHA (GITHUB_SHA)" + none).c_str(), InputError);
  // Given as a flag, a mistake on the command line (exit 2), named before
  // anything is read.
  PackageVersionInputs flagged{"wheel", "nightly", std::nullopt, "", "", "", "", "7.12.0 b"};
  CHECK_THROWS_WITH_AS(check_package_version_flags(flagged), ("--override-base-version" + none).c_str(), UsageError);
}

TEST_CASE("compute_rocm_package_version: deb's dev version needs no commit") {
  // TheRock: ~dev<date>, without reading GITHUB_SHA or git.
  CHECK(rocm_package_version({"deb", "dev", std::nullopt, "", "7.12.0", "20260211", ""}) ==
        std::pair<std::string, std::string>{"rocm_deb_package_version", "7.12.0~dev20260211"});
  CHECK_THROWS_WITH_AS(rocm_package_version({"rpm", "dev", std::nullopt, "", "7.12.0", "20260211", ""}),
                       "a dev version needs the commit SHA (GITHUB_SHA)", InputError);
  // A SHA shorter than 8 characters is taken whole (TheRock slices it).
  CHECK(rocm_package_version({"rpm", "dev", std::nullopt, "", "7.12.0", "20260211", "abc"}) ==
        std::pair<std::string, std::string>{"rocm_rpm_package_version", "7.12.0~20260211gabc"});
  CHECK(rocm_package_version({"wheel", "dev", std::nullopt, "", "7.12.0", "20260211", "abc"}) ==
        std::pair<std::string, std::string>{"rocm_package_version", "7.12.0.dev0+abc"});
}

TEST_CASE("compute_rocm_package_version: an empty --custom-version-suffix is none") {
  // TheRock: `if custom_version_suffix:` is false for "", so with no release
  // type it fails ("Unhandled release type 'None'"), never the bare base
  // version; argparse still counts the flag as given next to --release-type.
  auto v = [](std::string type, std::optional<std::string> rt) -> std::string {
    try {
      return rocm_package_version({type, rt, "", "", "7.12.0", "20260211", "21eaa7d7ffc8e351d07dd4dcac78f967d304249a"})
          .second;
    } catch (const UsageError& e) {
      return "usage: " + std::string(e.what());
    } catch (const InputError& e) {
      return "input: " + std::string(e.what());
    }
  };
  const std::string none = "input: give --release-type (dev, nightly, prerelease, release) or --custom-version-suffix";
  CHECK(v("wheel", std::nullopt) == none);
  CHECK(v("rpm", std::nullopt) == none);
  CHECK(v("wheel", "nightly") == "usage: --release-type and --custom-version-suffix are mutually exclusive");
}
