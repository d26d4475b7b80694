#include "packages/build_package_index.h"

#include <algorithm>
#include <set>

#include "packages/atomic_write.h"
#include "packages/digest.h"

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

void write_pages(const fs::path& dir, const std::vector<packages::IndexPage>& pages,
                 packages::StepOutput& out) {
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
    if (entry.is_directory(ec) && !written.contains(page) && fs::exists(page, ec)) {
      stale.push_back(page);
    }
  }
  std::sort(stale.begin(), stale.end());
  for (const fs::path& page : stale) {
    fs::remove(page, ec);
    fs::remove(page.parent_path(), ec);  // only if now empty
    out.line("Removed " + page.string());
  }
}

void run(const Inputs& inputs, packages::StepOutput& out) {
  write_pages(inputs.dir, index_pages(packages::list_packages(inputs.dir)), out);
}

}  // namespace steps::build_package_index
