#include "packages/upload_python_packages.h"

#include <algorithm>
#include <set>
#include <system_error>

#include "packages/atomic_write.h"
#include "packages/build_package_index.h"
#include "packages/digest.h"
#include "packages/index_html.h"
#include "packages/package_files.h"
#include "packages/package_names.h"
#include "packages/s3_client.h"
#include "packages/s3_publish.h"
#include "runtime/step_error.h"

namespace steps::upload_python_packages {

namespace fs = std::filesystem;
using packages::IndexPage;
using packages::PackageFile;
using packages::StepOutput;

namespace {

constexpr std::uint64_t kSinglePutLimit = std::uint64_t{5} << 30;  // 5 GiB

// `relative` is '/'-separated (an index page path or a file name).
fs::path native(const fs::path& base, const std::string& relative) {
  return base / fs::path(relative).make_preferred();
}

void section(StepOutput& out, const std::string& title) {
  out.line("");
  out.line(title);
  out.line(std::string(title.size(), '-'));
}

// Checked before anything is uploaded, so an oversized package fails the run
// up front instead of half-way.
void refuse_oversized(const std::vector<PackageFile>& packages) {
  for (const auto& package : packages) {
    const std::uint64_t size = fs::file_size(package.path);
    if (size > kSinglePutLimit) {
      throw InputError(package.path.string() + " is " + std::to_string(size) +
                       " bytes, over the 5 GiB limit of a single S3 PUT; nothing was uploaded");
    }
  }
}

// `recreate`: empty the destination first; without it (--no-index, a folder
// other uploads share) the files are added to what is there.
void copy_local(const fs::path& dist, const fs::path& destination,
                const std::vector<std::string>& files, bool recreate, bool dry_run,
                StepOutput& out) {
  // Recreating a folder that holds the packages would delete them first.
  if (recreate) {
    std::error_code canonical_ec;
    const fs::path from = fs::weakly_canonical(fs::absolute(dist), canonical_ec);
    const fs::path to = fs::weakly_canonical(fs::absolute(destination), canonical_ec);
    const auto [end, rest] = std::mismatch(to.begin(), to.end(), from.begin(), from.end());
    if (end == to.end())
      throw InputError("the output folder " + destination.string() + " holds the packages (" + dist.string() +
                       "): recreating it would delete them; give another --output-dir");
  }
  if (dry_run) {
    if (recreate) out.line("[DRY RUN] Would delete and recreate " + destination.string());
    for (const auto& file : files) {
      out.line("[DRY RUN] Would copy " + native(dist, file).string() + " -> " +
               native(destination, file).string());
    }
    return;
  }
  std::error_code ec;
  if (recreate) {
    out.line("[INFO] Recreating " + destination.string());
    fs::remove_all(destination, ec);
  }
  if (!ec) fs::create_directories(destination, ec);
  if (ec) {
    throw InputError(std::string(recreate ? "cannot recreate " : "cannot create ") +
                     destination.string() + ": " + ec.message());
  }
  for (const auto& file : files) {
    const fs::path source = native(dist, file);
    const fs::path target = native(destination, file);
    out.line("[INFO] Copying " + source.string() + " -> " + target.string());
    // Through a temporary: a copy the disk refuses leaves no half package.
    packages::copy_file_atomically(source, target);
  }
}

bool has_bucket_override(const Inputs& inputs) { return inputs.bucket && !inputs.bucket->empty(); }

// Checks the flags and credentials; returns <packages dir>/dist, resolved.
fs::path checked_dist(const Inputs& inputs) {
  if (inputs.output_dir && has_bucket_override(inputs)) {
    throw UsageError("--output-dir and --bucket are mutually exclusive");
  }
  // Both become one component of the key prefix (and of the path under
  // --output-dir): a separator or a dot-dot would reach outside it.
  packages::check_component("--artifact-group", inputs.artifact_group);
  packages::check_component("--run-id", inputs.run_id);
  // An empty folder is most likely an empty variable, not the current one.
  if (inputs.input_packages_dir.empty()) throw InputError("--input-packages-dir must not be empty");
  if (inputs.output_dir && inputs.output_dir->empty())
    throw InputError("--output-dir must not be empty (\".\" is the current directory)");
  const bool to_s3 = !inputs.output_dir && !inputs.dry_run;
  if (to_s3 && !inputs.aws.has_credentials()) {
    throw InputError("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set for an S3 upload");
  }
  std::error_code ec;
  const fs::path packages_dir = fs::weakly_canonical(fs::absolute(inputs.input_packages_dir), ec);
  if (ec || !fs::is_directory(packages_dir)) {
    throw InputError("Packages root directory not found: " + packages_dir.string());
  }
  const fs::path dist = packages_dir / "dist";
  if (!fs::is_directory(dist)) {
    throw InputError("Packages dist/ subdirectory not found: " + dist.string());
  }
  return dist;
}

bool upload_s3(const Inputs& inputs, const Services& services, const std::string& bucket,
               const std::string& prefix, const std::vector<packages::PublishedPackage>& published,
               const std::vector<IndexPage>& pages, StepOutput& out) {
  packages::S3Connection s3(bucket, inputs.aws, services.transport, services.retry,
                           [&](std::string_view line) { out.line(line); });
  return packages::publish_to_s3(s3.client(), bucket, prefix, published, pages, out);
}

}  // namespace

std::string upload_prefix(const std::string& external_repo, const Inputs& inputs) {
  return packages::run_folder(external_repo, inputs.run_id, inputs.platform, inputs.artifact_group);
}

std::string summary_markdown(const std::string& index_url, const std::string& platform,
                             const std::vector<std::string>& projects) {
  const std::string continuation = platform == "windows" ? "^" : "\\";
  if (std::find(projects.begin(), projects.end(), "rocm") != projects.end() || projects.empty())
    return "[ROCm Python packages](" + index_url +
           ")\n```bash\npip install rocm[libraries,devel] --pre " + continuation +
           "\n    --find-links=" + index_url + "\n```\n";
  std::set<std::string> names(projects.begin(), projects.end());
  std::string listed;
  for (const auto& n : names) listed += n + " ";
  return "[Python packages](" + index_url + ")\n```bash\npip install " + listed + "--pre " + continuation +
         "\n    --find-links=" + index_url + "\n```\n";
}

int run(const Inputs& inputs, StepOutput& step_output, const Services& services) {
  // Every line below may echo a file's name, which the build chose.
  packages::OneLineOutput out(step_output);
  const fs::path dist = checked_dist(inputs);
  const fs::path packages_dir = dist.parent_path();
  out.line("[INFO] Packages directory: " + packages_dir.string());
  out.line("[INFO] Dist subdirectory : " + dist.string());
  out.line("[INFO] Artifact group    : " + inputs.artifact_group);
  out.line("[INFO] Run ID            : " + inputs.run_id);
  out.line("[INFO] Platform          : " + inputs.platform);
  out.line("[INFO] Mode              : " + (inputs.dry_run ? std::string("DRY RUN")
                                            : inputs.output_dir
                                                ? "Local output to " + inputs.output_dir->string()
                                                : std::string("S3 upload")));

  // Before anything is written: an empty dist/ is an error, not a bare index.
  const std::vector<PackageFile> files = packages::list_packages(dist);
  if (!inputs.output_dir) refuse_oversized(files);
  const retrieve_bucket_info::BucketInfo bucket =
      packages::select_bucket(inputs.bucket, inputs.bucket_env);
  const std::string prefix = upload_prefix(bucket.external_repo, inputs);

  std::vector<packages::PublishedPackage> published;
  std::vector<packages::IndexEntry> entries;
  for (const auto& file : files) {
    // A dry run reads no package; its pages only give the paths to print.
    published.push_back(
        {file, inputs.dry_run ? packages::FileDigests{} : packages::digest_file(file.path)});
    entries.push_back(
        {file.filename, file.project, packages::hex(published.back().digests.sha256)});
  }
  std::vector<IndexPage> pages;
  if (inputs.no_index) {
    out.line("[INFO] No index pages (--no-index): the folder is indexed once every upload is done");
  } else {
    section(out, "Generating index.html");
    pages = packages::render_index(entries);
    if (inputs.dry_run) {
      for (const auto& page : pages) {
        out.line("[DRY RUN] Would write " + native(dist, page.path).string());
      }
    } else {
      build_package_index::write_pages(dist, pages, out);
    }
  }

  section(out, "Uploading packages");
  out.line("[INFO] Found " + std::to_string(files.size()) + " package files in " + dist.string() +
           ":");
  for (const auto& file : files) out.line("  - " + file.filename);
  if (inputs.output_dir) {
    std::vector<std::string> relative;
    for (const auto& file : files) relative.push_back(file.filename);
    for (const auto& page : pages) relative.push_back(page.path);
    copy_local(dist, *inputs.output_dir / prefix, relative, !inputs.no_index, inputs.dry_run, out);
  } else if (inputs.dry_run) {
    const std::string base = "s3://" + bucket.bucket + "/" + prefix + "/";
    for (const auto& file : files) {
      out.line("[DRY RUN] Would upload " + file.path.string() + " -> " + base + file.filename);
    }
    for (const auto& page : pages) {
      out.line("[DRY RUN] Would upload " + native(dist, page.path).string() + " -> " + base +
               page.path);
    }
  } else if (!upload_s3(inputs, services, bucket.bucket, prefix, published, pages, out)) {
    return 1;
  }

  if (!inputs.output_dir && !inputs.no_index) {
    const std::string index_url =
        "https://" + bucket.bucket + ".s3.amazonaws.com/" + packages::percent_encode(prefix) + "/index.html";
    section(out, "Set github actions output");
    out.set_output("package_find_links_url", index_url);
    section(out, "Write github actions build summary");
    std::vector<std::string> projects;
    for (const auto& file : files) projects.push_back(file.project);
    out.append_summary(summary_markdown(index_url, inputs.platform, projects));
  }
  out.line("");
  out.line("[INFO] Done!");
  return 0;
}

}  // namespace steps::upload_python_packages
