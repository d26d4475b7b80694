// The version steps of TheRock's CI and release workflows, as pure functions
// (spec: ../shared/spec/therock-steps.md, sections 2.1-2.3 and 2.9):
//   python_to_cp_version          3.12 -> cp312-cp312
//   determine_version             ROCm version -> build_prod_wheels.py arguments
//   write_torch_versions          wheel file names -> torch_version, ...
//   compute_rocm_package_version  base version + release type -> package version
// The generated main() of each step reads flags and environment; these take
// plain values, so the tests need no process, clock or git.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace steps::versions {

// "3.12" -> "cp312-cp312"; free-threaded "3.13t" -> "cp313-cp313t" (the
// interpreter tag has no t, the ABI tag has it: TheRock wrote cp313t-cp313t).
// Throws InputError unless the version is <1-9>.<0 or a number without a
// leading zero>[t].
std::string cp_version(const std::string& python_version);

// A PEP 440 version in canonical form ("v7.12.0-rc1" -> "7.12.0rc1").
struct Pep440 {
  std::string canonical;
  bool is_dev = false;  // has a .devN part
};
// Throws InputError for text that is not a PEP 440 version.
Pep440 parse_pep440(const std::string& text);

struct BuildArguments {
  std::string rocm_sdk_version;  // ==<canonical>
  std::string version_suffix;    // +rocm<canonical with + as ->, or +devrocm... for a dev release
  std::string combined() const;  // --rocm-sdk-version X --version-suffix Y
};
// devrocm is chosen when the parsed version is a dev release (TheRock looked
// for the text "dev" in the raw input, case-sensitively).
BuildArguments determine_version(const std::string& rocm_version);

// torch, torchaudio, torchvision, triton and apex versions from the wheel
// names in `dist_dir` (the second '-' field of <name>-*.whl). torch,
// torchaudio and torchvision are required; triton and apex too unless
// `windows`. Several wheels of one project: the first by name, with a
// warning. Returns the outputs in order, only for the projects found, and
// appends log lines (warnings) to `log`.
std::vector<std::pair<std::string, std::string>> torch_versions(const std::filesystem::path& dist_dir, bool windows,
                                                                std::vector<std::string>& log,
                                                                const std::string& from = "--dist-dir");

struct PackageVersionInputs {
  std::string package_type = "wheel";        // wheel, deb, rpm
  std::optional<std::string> release_type;   // dev, nightly, prerelease, release
  std::optional<std::string> custom_version_suffix;  // given empty: as not given, but still not with release_type
  std::string prerelease_version;            // N of rcN / ~preN
  std::string base_version;                  // --override-base-version, else version.json's rocm-version
  std::string date;                          // YYYYMMDD
  std::string sha;                           // full commit SHA (not needed for deb)
  std::string override_base_version = "";    // the flag as given (checked with the flags)
};
// Checks the flags alone (package type, release type, suffix, prerelease
// version, override base version), before anything is read: UsageError (exit 2) for what TheRock's
// argparse validation rejects, then InputError for neither a release type
// nor a suffix (TheRock's ValueError, exit 1).
void check_package_version_flags(const PackageVersionInputs& in);
// Returns (output key, version), after check_package_version_flags and the
// checks of the base version, date and SHA.
std::pair<std::string, std::string> rocm_package_version(const PackageVersionInputs& in);

}  // namespace steps::versions
