#include "versions/versions.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <system_error>

#include "runtime/step_error.h"
#include "runtime/text.h"

namespace steps::versions {
namespace {

using runtime::lower;
using runtime::trim;

// "007" -> "7": PEP 440 numbers are integers.
std::string number(const std::string& digits) {
  size_t i = digits.find_first_not_of('0');
  return i == std::string::npos ? "0" : digits.substr(i);
}

bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

}  // namespace

// std::regex matches by recursion, a level or more per character, so a
// long enough text overflows the stack: no version is read that is longer
// than this (PEP 440 sets no limit; no real version comes near it).
constexpr size_t kLongestVersion = 1024;

std::string cp_version(const std::string& python_version) {
  static const std::regex valid("[1-9]\\.(0|[1-9][0-9]*)t?");
  if (python_version.size() > kLongestVersion || !std::regex_match(python_version, valid))
    throw InputError("--python-version \"" + python_version + "\" is not a Python version like 3.12 or 3.13t");
  bool free_threaded = python_version.back() == 't';
  std::string digits = python_version.substr(0, python_version.size() - (free_threaded ? 1 : 0));
  digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
  return "cp" + digits + "-cp" + digits + (free_threaded ? "t" : "");
}

Pep440 parse_pep440(const std::string& text) {
  // PEP 440's own grammar (as the packaging library writes it), on the
  // lowercased text.
  static const std::regex pattern(
      "v?"
      "(?:([0-9]+)!)?"                                                   // 1 epoch
      "([0-9]+(?:\\.[0-9]+)*)"                                           // 2 release
      "(?:[-_.]?(alpha|a|beta|b|preview|pre|c|rc)[-_.]?([0-9]+)?)?"      // 3, 4 pre
      "(?:-([0-9]+)|[-_.]?(post|rev|r)[-_.]?([0-9]+)?)?"                 // 5 | 6, 7 post
      "(?:[-_.]?(dev)[-_.]?([0-9]+)?)?"                                  // 8, 9 dev
      "(?:\\+([a-z0-9]+(?:[-_.][a-z0-9]+)*))?");                         // 10 local
  std::smatch m;
  std::string t = lower(trim(text));
  if (t.size() > kLongestVersion)
    throw InputError("--rocm-version is " + std::to_string(t.size()) + " characters long, longer than a version is read (" +
                     std::to_string(kLongestVersion) + ")");
  if (!std::regex_match(t, m, pattern)) throw InputError("--rocm-version \"" + text + "\" is not a PEP 440 version");
  Pep440 v;
  std::string out;
  if (m[1].matched && number(m[1]) != "0") out += number(m[1]) + "!";
  std::string release = m[2];
  size_t i = 0;
  while (true) {
    size_t dot = release.find('.', i);
    out += number(release.substr(i, dot - i));
    if (dot == std::string::npos) break;
    out += ".";
    i = dot + 1;
  }
  if (m[3].matched) {
    std::string l = m[3];
    l = l == "alpha" ? "a" : l == "beta" ? "b" : (l == "c" || l == "pre" || l == "preview") ? "rc" : l;
    out += l + (m[4].matched ? number(m[4]) : "0");
  }
  if (m[5].matched) out += ".post" + number(m[5]);
  else if (m[6].matched) out += ".post" + (m[7].matched ? number(m[7]) : std::string("0"));
  if (m[8].matched) {
    out += ".dev" + (m[9].matched ? number(m[9]) : std::string("0"));
    v.is_dev = true;
  }
  if (m[10].matched) {
    std::string local = m[10], seg;
    out += "+";
    for (size_t k = 0; k <= local.size(); ++k) {
      if (k == local.size() || local[k] == '-' || local[k] == '_' || local[k] == '.') {
        out += (out.back() == '+' ? "" : ".") + (all_digits(seg) ? number(seg) : seg);
        seg.clear();
      } else {
        seg += local[k];
      }
    }
  }
  v.canonical = out;
  return v;
}

std::string BuildArguments::combined() const {
  return "--rocm-sdk-version " + rocm_sdk_version + " --version-suffix " + version_suffix;
}

BuildArguments determine_version(const std::string& rocm_version) {
  Pep440 v = parse_pep440(rocm_version);
  std::string suffix = v.canonical;
  std::replace(suffix.begin(), suffix.end(), '+', '-');
  return {"==" + v.canonical, "+" + std::string(v.is_dev ? "devrocm" : "rocm") + suffix};
}

// No package format has a blank or a control character in a version, and a
// line break would split the step's output in two.
const std::string kNoBlank = " holds a blank or control character, which no package version has";

std::vector<std::pair<std::string, std::string>> torch_versions(const std::filesystem::path& dist_dir, bool windows,
                                                                std::vector<std::string>& log, const std::string& from) {
  std::error_code ec;
  // Most likely an empty variable: refused, where TheRock's Path("") read
  // the current directory.
  if (dist_dir.empty()) throw InputError(from + " is empty (\".\" is the current directory)");
  if (!std::filesystem::is_directory(dist_dir, ec))
    throw InputError(from + " " + dist_dir.generic_string() + " is not a directory");
  std::vector<std::string> files;
  for (std::filesystem::directory_iterator it(dist_dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file(ec)) files.push_back(it->path().filename().string());
  }
  if (ec) throw InputError("cannot list " + dist_dir.generic_string() + ": " + ec.message());
  std::sort(files.begin(), files.end());
  log.push_back("Files in " + dist_dir.generic_string() + ":");
  for (const auto& f : files) log.push_back("  " + f);
  std::vector<std::pair<std::string, std::string>> out;
  // The version: the file name's second -separated field (without .whl
  // when it is the last).
  auto version_of = [](const std::string& w) {
    size_t a = w.find('-'), b = w.find('-', a + 1);
    return w.substr(a + 1, (b == std::string::npos ? w.size() - 4 : b) - a - 1);
  };
  for (const std::string name : {"torch", "torchaudio", "torchvision", "triton", "apex"}) {
    std::vector<std::string> wheels;
    // A wheel with an empty version (torch--cp312.whl) is none (TheRock
    // found it, then took its empty version for not found).
    for (const auto& f : files) {
      if (f.size() > name.size() + 5 && f.rfind(name + "-", 0) == 0 && f.compare(f.size() - 4, 4, ".whl") == 0 &&
          !version_of(f).empty())
        wheels.push_back(f);
    }
    bool optional = windows && (name == "triton" || name == "apex");
    if (wheels.empty()) {
      if (optional) {
        log.push_back("No " + name + " wheel, as expected on Windows");
        continue;
      }
      throw InputError("Did not find " + name + " wheel in " + dist_dir.generic_string());
    }
    if (wheels.size() > 1) log.push_back("WARNING: " + std::to_string(wheels.size()) + " " + name + " wheels; using " + wheels[0]);
    // The version reaches pip's torch==, and in release an aws --include.
    if (runtime::has_control(version_of(wheels[0]), true))
      throw InputError("the version of " + runtime::one_line(wheels[0]) + kNoBlank);
    out.push_back({name + "_version", version_of(wheels[0])});
  }
  return out;
}

void check_package_version_flags(const PackageVersionInputs& in) {
  const std::string& type = in.package_type;
  if (type != "wheel" && type != "deb" && type != "rpm")
    throw UsageError("--package-type must be wheel, deb or rpm, not \"" + type + "\"");
  if (in.release_type && in.custom_version_suffix)
    throw UsageError("--release-type and --custom-version-suffix are mutually exclusive");
  const std::string rt = in.release_type.value_or("");
  if (in.release_type && rt != "dev" && rt != "nightly" && rt != "prerelease" && rt != "release")
    throw UsageError("--release-type must be dev, nightly, prerelease or release, not \"" + rt + "\"");
  if (rt == "release" && type == "wheel")
    throw UsageError("--release-type=release is not supported for wheel packages");
  if (!in.prerelease_version.empty() && rt != "prerelease")
    throw UsageError("--prerelease-version is only valid with --release-type=prerelease");
  if (rt == "prerelease" && in.prerelease_version.empty())
    throw UsageError("--release-type=prerelease needs --prerelease-version");
  if (runtime::has_control(in.prerelease_version, true)) throw UsageError("--prerelease-version" + kNoBlank);
  if (runtime::has_control(in.override_base_version, true)) throw UsageError("--override-base-version" + kNoBlank);
  // An empty suffix is no suffix, as TheRock's `if custom_version_suffix:`
  // (though giving it with --release-type is still the conflict above).
  const bool custom = in.custom_version_suffix && !in.custom_version_suffix->empty();
  if (custom && runtime::has_control(*in.custom_version_suffix, true)) throw UsageError("--custom-version-suffix" + kNoBlank);
  if (!in.release_type && !custom)
    throw InputError("give --release-type (dev, nightly, prerelease, release) or --custom-version-suffix");
}

std::pair<std::string, std::string> rocm_package_version(const PackageVersionInputs& in) {
  check_package_version_flags(in);
  const std::string& type = in.package_type;
  const std::string rt = in.release_type.value_or("");
  const bool custom = in.custom_version_suffix && !in.custom_version_suffix->empty();
  if (in.base_version.empty()) throw InputError("no base version (version.json's rocm-version or --override-base-version)");
  if (in.date.size() != 8 || !all_digits(in.date)) throw InputError("the date must be YYYYMMDD, not \"" + in.date + "\"");
  if (runtime::has_control(in.base_version, true))
    throw InputError("the base version (version.json's rocm-version or --override-base-version)" + kNoBlank);
  if (runtime::has_control(in.sha, true)) throw InputError("the commit SHA (GITHUB_SHA)" + kNoBlank);
  // deb's dev version has only the date in it.
  if (rt == "dev" && type != "deb" && in.sha.empty())
    throw InputError("a dev version needs the commit SHA (GITHUB_SHA)");
  const std::string& base = in.base_version;
  std::string v;
  if (custom) v = base + *in.custom_version_suffix;
  else if (type == "wheel")
    v = rt == "dev" ? base + ".dev0+" + in.sha : rt == "nightly" ? base + "a" + in.date : base + "rc" + in.prerelease_version;
  else if (type == "deb")
    v = rt == "dev" ? base + "~dev" + in.date : rt == "nightly" ? base + "~" + in.date
        : rt == "prerelease" ? base + "~pre" + in.prerelease_version : base;
  else
    v = rt == "dev" ? base + "~" + in.date + "g" + in.sha.substr(0, 8) : rt == "nightly" ? base + "~" + in.date
        : rt == "prerelease" ? base + "~rc" + in.prerelease_version : base;
  std::string key = type == "wheel" ? "rocm_package_version" : "rocm_" + type + "_package_version";
  return {key, v};
}

}  // namespace steps::versions
