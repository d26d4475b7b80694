#include "packages/build_package_index.h"

#include <algorithm>
#include <set>

#include "packages/atomic_write.h"
#include "packages/digest.h"
#include "runtime/step_error.h"

namespace steps::build_package_index {

namespace fs = std::filesystem;

std::vector<packages::IndexPage> index_pages(const std::vector<packages::PackageFile>& files) {
  std::vector<packages::IndexEntry> entries;
  for (const auto& file : files) {
    const packages::FileDigests digests = packages::digest_file(file.path);
    entries.push_back({file.filename, file.project, packages::hex(digests.sha256)});
  }
  return packages::render_index(std::move(entries));
}

namespace {

// Whether a path is a symbolic link (to anything, or to nothing).
bool is_link(const fs::path& p) {
  std::error_code ec;
  return fs::is_symlink(fs::symlink_status(p, ec));
}

// Before a page is written: every page can be, so a failure leaves the
// index as it was, not half new; and none goes through a link, out of the
// folder the index is of.
void check_targets(const fs::path& dir, const std::vector<packages::IndexPage>& pages) {
  std::error_code ec;
  // The folder as its pages' parents name it (pkgs/ is pkgs).
  const fs::path base = dir.has_filename() ? dir : dir.parent_path();
  for (const auto& page : pages) {
    const fs::path target = base / fs::path(page.path).make_preferred();
    for (fs::path p = target; p != base && p.has_relative_path() && p != p.parent_path(); p = p.parent_path()) {
      if (is_link(p))
        throw InputError(p.string() + " is a symbolic link; the index is written only into " + dir.string() +
                         " itself");
      // A folder of the page's that is a file (simple/b) would stop the
      // writes part-way.
      const fs::file_status status = fs::symlink_status(p, ec);
      if (p != target && fs::exists(status) && !fs::is_directory(status))
        throw InputError("cannot write " + target.string() + ": " + p.string() + " is not a folder");
    }
    if (fs::is_directory(fs::symlink_status(target, ec)))
      throw InputError("cannot write " + target.string() + ": it is a directory");
  }
}

}  // namespace

void write_pages(const fs::path& dir, const std::vector<packages::IndexPage>& pages,
                 packages::StepOutput& out) {
  check_targets(dir, pages);
  std::set<fs::path> written;
  for (const auto& page : pages) {
    const fs::path target = dir / fs::path(page.path).make_preferred();
    packages::write_file_atomically(target, page.html);
    written.insert(target);
    out.line("Wrote " + target.string());
  }
  // A project that is gone must not keep a page, or the index would differ
  // from a fresh one.
  std::error_code ec;
  const fs::path simple = dir / "simple";
  std::vector<fs::path> stale;
  for (const auto& entry : fs::directory_iterator(simple, ec)) {
    const fs::path page = entry.path() / "index.html";
    // A link is not a page the index wrote: what it leads to is left alone.
    if (entry.is_directory(ec) && !is_link(entry.path()) && !is_link(page) && !written.contains(page) &&
        fs::exists(page, ec)) {
      stale.push_back(page);
    }
  }
  std::sort(stale.begin(), stale.end());
  for (const fs::path& page : stale) {
    if (!fs::remove(page, ec) || ec)
      throw InputError("cannot remove " + page.string() + ": " + (ec ? ec.message() : "it is gone"));
    out.line("Removed " + page.string());
    fs::remove(page.parent_path(), ec);  // only if now empty: an error is no failure
  }
}

void run(const Inputs& inputs, packages::StepOutput& step_output) {
  // Every line may echo a file's name, which the build chose.
  packages::OneLineOutput out(step_output);
  write_pages(inputs.dir, index_pages(packages::list_packages(inputs.dir)), out);
}

}  // namespace steps::build_package_index
