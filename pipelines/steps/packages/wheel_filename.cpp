#include "packages/wheel_filename.h"

#include <regex>

#include "packages/package_names.h"

namespace steps::packages {

namespace {

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    parts.emplace_back(text.substr(start, end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

bool all_of_charset(std::string_view text, bool allow_dot) {
  for (char c : text) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || (allow_dot && c == '.');
    if (!ok) return false;
  }
  return true;
}

bool check_distribution(const std::string& name, std::string& problem) {
  if (name.empty()) {
    problem = "has an empty distribution name";
    return false;
  }
  if (!all_of_charset(name, /*allow_dot=*/true)) {
    problem = "distribution '" + name + "' has characters other than letters, digits, '_' and '.'";
    return false;
  }
  const std::string normalized = wheel_name_normalize(name);
  if (normalized != name || name.front() == '_' || name.back() == '_') {
    problem = "distribution '" + name + "' is not normalised (expected '" + normalized + "')";
    return false;
  }
  return true;
}

bool check_tag_set(std::string_view kind, const std::string& text, std::vector<std::string>& out,
                   std::string& problem) {
  out = split(text, '.');
  for (const std::string& tag : out) {
    if (tag.empty() || !all_of_charset(tag, /*allow_dot=*/false)) {
      problem = std::string(kind) + " tag '" + text + "' is malformed";
      return false;
    }
  }
  return true;
}

}  // namespace

std::set<std::string> WheelFilename::expanded_tags() const {
  std::set<std::string> tags;
  for (const auto& python : python_tags) {
    for (const auto& abi : abi_tags) {
      for (const auto& platform : platform_tags) tags.insert(python + "-" + abi + "-" + platform);
    }
  }
  return tags;
}

bool is_pep440_version(std::string_view version) {
  static const std::regex kCanonical(
      R"(([0-9]+!)?[0-9]+(\.[0-9]+)*((a|b|rc)[0-9]+)?(\.post[0-9]+)?(\.dev[0-9]+)?)"
      R"((\+[a-z0-9]+(\.[a-z0-9]+)*)?)",
      std::regex::icase);
  return std::regex_match(version.begin(), version.end(), kCanonical);
}

std::optional<WheelFilename> parse_wheel_filename(std::string_view filename, std::string& problem) {
  constexpr std::string_view kSuffix = ".whl";
  if (filename.size() <= kSuffix.size() || !filename.ends_with(kSuffix)) {
    problem = "does not end in .whl";
    return std::nullopt;
  }
  const auto parts = split(filename.substr(0, filename.size() - kSuffix.size()), '-');
  if (parts.size() != 5 && parts.size() != 6) {
    problem = "has " + std::to_string(parts.size()) +
              " '-'-separated parts, expected {distribution}-{version}(-{build tag})?"
              "-{python tag}-{abi tag}-{platform tag}";
    return std::nullopt;
  }
  WheelFilename name;
  name.distribution = parts[0];
  name.version = parts[1];
  if (!check_distribution(name.distribution, problem)) return std::nullopt;
  if (!is_pep440_version(name.version)) {
    problem = "version '" + name.version + "' is not a valid PEP 440 version";
    return std::nullopt;
  }
  std::size_t next = 2;
  if (parts.size() == 6) {
    const std::string& build = parts[next++];
    if (build.empty() || build.front() < '0' || build.front() > '9' ||
        !all_of_charset(build, /*allow_dot=*/true)) {
      problem = "build tag '" + build + "' does not start with a digit";
      return std::nullopt;
    }
    name.build_tag = build;
  }
  if (!check_tag_set("python", parts[next], name.python_tags, problem) ||
      !check_tag_set("abi", parts[next + 1], name.abi_tags, problem) ||
      !check_tag_set("platform", parts[next + 2], name.platform_tags, problem)) {
    return std::nullopt;
  }
  return name;
}

}  // namespace steps::packages
