// compute_rocm_package_version's logic behind its generated interface: reads
// version.json in the current directory (the checkout), today's date and the
// commit, then computes the version.
#include <nlohmann/json.hpp>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compute_rocm_package_version/interface.h"
#include "runtime/process.h"
#include "runtime/step_error.h"
#include "runtime/text.h"
#include "versions/versions.h"

namespace steps::cli::compute_rocm_package_version {
namespace {

// TheRock's version.json is a few lines; a larger one is not it.
constexpr std::uintmax_t kMaxVersionFile = 1 << 20;

std::string base_version_from_file() {
  const std::string missing = "cannot read version.json in the current directory (or give --override-base-version)";
  std::error_code ec;
  // Only a regular file: a folder gives no text, and a pipe or device
  // would be read without end.
  const auto status = std::filesystem::status("version.json", ec);
  if (ec || !std::filesystem::exists(status)) throw InputError(missing);
  if (!std::filesystem::is_regular_file(status)) throw InputError("version.json is not a regular file");
  if (std::filesystem::file_size("version.json", ec) > kMaxVersionFile || ec)
    throw InputError("version.json is larger than 1 MiB, which TheRock's is not");
  std::ifstream in("version.json", std::ios::binary);
  if (!in) throw InputError(missing);
  std::stringstream text;
  text << in.rdbuf();
  runtime::check_json_nesting(text.str(), "version.json");
  const auto j = nlohmann::json::parse(text.str(), nullptr, false);
  if (j.is_discarded()) throw InputError("version.json is not JSON (or not UTF-8)");
  if (!j.is_object() || !j.contains("rocm-version") || !j["rocm-version"].is_string())
    throw InputError("version.json has no \"rocm-version\" string");
  return j["rocm-version"].get<std::string>();
}

std::string today() {
  std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm local{};
#ifdef _WIN32
  localtime_s(&local, &now);
#else
  localtime_r(&now, &local);
#endif
  char buf[9];
  std::strftime(buf, sizeof buf, "%Y%m%d", &local);
  return buf;
}

}  // namespace

void step(const Inputs& in, Outputs& out, steps::runtime::Log& log) {
  steps::versions::PackageVersionInputs v;
  v.package_type = in.package_type;
  v.release_type = in.release_type;
  v.custom_version_suffix = in.custom_version_suffix;
  v.prerelease_version = in.prerelease_version.value_or("");
  v.override_base_version = in.override_base_version.value_or("");
  // The flags first, as TheRock's argparse: a mistake in them is named
  // before version.json or git is read.
  steps::versions::check_package_version_flags(v);
  // An empty override is none (TheRock: `if override_base_version:`).
  v.base_version = !v.override_base_version.empty() ? v.override_base_version : base_version_from_file();
  v.date = today();
  if (in.github_sha) v.sha = *in.github_sha;
  else if (in.release_type == "dev" && !in.custom_version_suffix && in.package_type != "deb") {  // deb's has no SHA
    auto head = runtime::command_lines({"git", "rev-parse", "--verify", "HEAD"}, "set GITHUB_SHA outside a git checkout");
    v.sha = head.empty() ? "" : head[0];
  }
  auto [key, version] = steps::versions::rocm_package_version(v);
  log.line(key + "=" + version);
  if (key == "rocm_package_version") out.rocm_package_version = version;
  else if (key == "rocm_deb_package_version") out.rocm_deb_package_version = version;
  else out.rocm_rpm_package_version = version;
}

}  // namespace steps::cli::compute_rocm_package_version
