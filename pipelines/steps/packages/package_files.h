// The package files of a directory: wheels (*.whl) and sdists (*.tar.gz),
// the files TheRock's indexer lists, each with the PEP 503 name of its
// project.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace steps::packages {

struct PackageFile {
  std::filesystem::path path;
  std::string filename;
  std::string project;  // PEP 503 normalised
};

bool is_package_filename(std::string_view filename);

// The PEP 503 name of the project a package file belongs to: a wheel's first
// '-'-separated part, an sdist's name up to its last '-'. Throws
// steps::InputError when the name has no such part.
std::string project_of(std::string_view filename);

// The package files directly in `dir`, sorted by file name. Throws
// steps::InputError when `dir` is not a readable directory or holds none.
std::vector<PackageFile> list_packages(const std::filesystem::path& dir);

}  // namespace steps::packages
