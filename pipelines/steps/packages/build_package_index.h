// build_package_index: writes the index pages of a directory of wheels and
// sdists (see index_html.h) - a PEP 503 "simple" tree under simple/ and a flat
// pip --find-links index.html - byte-identical for the same package files.
//
// It replaces TheRock's vendored indexer.py, whose page was an HTML table with
// sizes and modification times (so never reproducible) and no hashes.
#pragma once

#include <filesystem>
#include <vector>

#include "packages/index_html.h"
#include "packages/package_files.h"
#include "packages/step_output.h"

namespace steps::build_package_index {

struct Inputs {
  std::filesystem::path dir;  // the package directory; pages are written into it
};

// Hashes the packages and renders their pages (upload order).
std::vector<packages::IndexPage> index_pages(const std::vector<packages::PackageFile>& packages);

// Writes each page atomically under `dir`, then removes simple/<project>/
// pages of projects no longer present. Prints one line per file written or
// removed.
void write_pages(const std::filesystem::path& dir, const std::vector<packages::IndexPage>& pages,
                 packages::StepOutput& out);

// Throws steps::InputError when `dir` is missing or holds no package files.
void run(const Inputs& inputs, packages::StepOutput& out);

}  // namespace steps::build_package_index
