#include "packages/package_files.h"

#include <algorithm>
#include <system_error>

#include "packages/package_names.h"
#include "runtime/step_error.h"

namespace steps::packages {

namespace fs = std::filesystem;

namespace {

// What TheRock's indexer lists (--filter *.whl *.tar.gz): a .zip sdist,
// which no build here makes, is no package file.
constexpr std::string_view kSdistSuffixes[] = {".tar.gz"};

}  // namespace

bool is_package_filename(std::string_view filename) {
  if (filename.ends_with(".whl")) return filename.size() > 4;
  for (std::string_view suffix : kSdistSuffixes) {
    if (filename.ends_with(suffix) && filename.size() > suffix.size()) return true;
  }
  return false;
}

std::string project_of(std::string_view filename) {
  std::string_view name;
  if (filename.ends_with(".whl")) {
    const std::size_t dash = filename.find('-');
    if (dash != std::string_view::npos) name = filename.substr(0, dash);
  } else {
    for (std::string_view suffix : kSdistSuffixes) {
      if (!filename.ends_with(suffix)) continue;
      const std::string_view stem = filename.substr(0, filename.size() - suffix.size());
      const std::size_t dash = stem.rfind('-');
      if (dash != std::string_view::npos && dash + 1 < stem.size()) name = stem.substr(0, dash);
    }
  }
  if (name.empty()) {
    throw InputError("cannot tell the project of package file " + std::string(filename) +
                     ": expected <name>-<version> before the extension");
  }
  // A name is letters, digits, '.', '_' and '-' (PEP 508): anything else
  // would become a folder of simple/ and a line of the pages as it is.
  if (name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") !=
      std::string_view::npos) {
    throw InputError("package file " + std::string(filename) + " names the project \"" + std::string(name) +
                     "\", which is no package name (letters, digits, '.', '_' and '-')");
  }
  return pep503_normalize(name);
}

std::vector<PackageFile> list_packages(const fs::path& dir) {
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) throw InputError("cannot list package directory " + dir.string() + ": " + ec.message());
  std::vector<PackageFile> packages;
  for (const auto& entry : it) {
    const std::string filename = entry.path().filename().string();
    if (!entry.is_regular_file(ec) || !is_package_filename(filename)) continue;
    packages.push_back({entry.path(), filename, project_of(filename)});
  }
  if (packages.empty()) {
    throw InputError("no package files (*.whl, *.tar.gz) found in " + dir.string());
  }
  std::sort(packages.begin(), packages.end(),
            [](const PackageFile& a, const PackageFile& b) { return a.filename < b.filename; });
  return packages;
}

}  // namespace steps::packages
