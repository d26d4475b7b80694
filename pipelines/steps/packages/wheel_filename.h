// Wheel file names (binary distribution format, PEP 427):
//   {distribution}-{version}(-{build tag})?-{python tag}-{abi tag}-{platform tag}.whl
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace steps::packages {

struct WheelFilename {
  std::string distribution;  // as written: lowercase, runs of -_. as one '_'
  std::string version;       // as written: a PEP 440 version, '-' replaced by '_'
  std::optional<std::string> build_tag;
  std::vector<std::string> python_tags;  // compressed tag sets split on '.'
  std::vector<std::string> abi_tags;
  std::vector<std::string> platform_tags;

  // Every "python-abi-platform" combination the name stands for.
  std::set<std::string> expanded_tags() const;
};

// Parses and checks `filename` (no directory part). On failure returns
// nullopt and sets `problem` to a phrase such as
// "version '1.x' is not a valid PEP 440 version".
std::optional<WheelFilename> parse_wheel_filename(std::string_view filename, std::string& problem);

// Whether a version is in PEP 440 canonical form (case-insensitive), which is
// what wheel builders write.
bool is_pep440_version(std::string_view version);

}  // namespace steps::packages
