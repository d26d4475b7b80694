#include "packages/sanity_check_wheel.h"

#include <algorithm>
#include <array>
#include <vector>

#include "packages/wheel_check.h"
#include "runtime/text.h"

namespace steps::sanity_check_wheel {

namespace fs = std::filesystem;

namespace {

constexpr std::array<std::string_view, 3> kProjects = {"torch", "torchaudio", "torchvision"};

// Files named "<project>-*.whl", sorted by name; a folder that cannot be
// listed sets `error`.
std::vector<fs::path> wheels_of(const fs::path& dir, std::string_view project, std::error_code& error) {
  const std::string prefix = std::string(project) + "-";
  std::vector<fs::path> wheels;
  for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error)) {
    const auto& entry = *it;
    const std::string name = entry.path().filename().string();
    if (name.starts_with(prefix) && name.ends_with(".whl") && name.size() >= prefix.size() + 4) {
      wheels.push_back(entry.path());
    }
  }
  std::sort(wheels.begin(), wheels.end());
  return wheels;
}

}  // namespace

std::string usage(std::string_view argv0) {
  return "Usage: " + std::string(argv0) + " <wheel-dir>";
}

bool matches_typical_pattern(std::string_view filename, std::string_view project) {
  if (!filename.starts_with(project) || !filename.substr(project.size()).starts_with("-")) {
    return false;
  }
  const std::string_view rest = filename.substr(project.size() + 1);
  return rest.size() >= 5 && ((rest[0] >= '0' && rest[0] <= '9') || rest[0] == '.') &&
         rest.ends_with(".whl");
}

int run(const Inputs& inputs, packages::StepOutput& step_output) {
  // Every line below may echo a file name or a name a wheel holds.
  packages::OneLineOutput out(step_output);
  std::error_code ec;
  // An empty argument is most likely an empty variable: refused, where
  // TheRock's Path("") checked the current directory.
  if (inputs.wheel_dir.empty()) {
    out.line("ERROR: the wheel directory is empty (\".\" is the current one)");
    return 1;
  }
  if (!fs::is_directory(inputs.wheel_dir, ec)) {
    out.line("ERROR: " + inputs.wheel_dir.string() + " is not a directory");
    return 1;
  }
  int checked = 0;
  bool failed = false;
  for (std::string_view project : kProjects) {
    const std::vector<fs::path> wheels = wheels_of(inputs.wheel_dir, project, ec);
    if (ec) {
      out.line("ERROR: cannot list " + inputs.wheel_dir.string() + " (" + ec.message() + ")");
      return 1;
    }
    for (const fs::path& wheel : wheels) {
      ++checked;
      const std::string file = wheel.filename().string();
      if (!matches_typical_pattern(file, project)) {
        out.line("WARNING: Wheel name " + file + " does not match typical pattern");
      }
      const packages::WheelReport report = packages::check_wheel(wheel);
      for (const std::string& problem : report.problems) {
        out.line("ERROR: Wheel " + file + " " + problem);
      }
      if (report.problems.empty()) {
        out.line("Valid wheel: " + file + " (" + std::to_string(report.size) + " bytes)");
      }
      failed = failed || !report.problems.empty();
    }
  }
  if (checked == 0) {
    out.line("ERROR: " + inputs.wheel_dir.string() +
             " contains no torch, torchaudio or torchvision wheels");
    return 1;
  }
  return failed ? 1 : 0;
}

}  // namespace steps::sanity_check_wheel
