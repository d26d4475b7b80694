// write_torch_versions's logic behind its generated interface.
#include "runtime/step_error.h"
#include "versions/versions.h"
#include "write_torch_versions/interface.h"

namespace steps::cli::write_torch_versions {

void step(const Inputs& in, Outputs& out, steps::runtime::Log& log) {
  auto dir = in.dist_dir ? in.dist_dir : in.package_dist_dir;
  if (!dir) throw InputError("no directory of wheels: give --dist-dir or set PACKAGE_DIST_DIR");
#ifdef _WIN32
  const bool windows = true;  // triton and apex are not built on Windows
#else
  const bool windows = false;
#endif
  std::vector<std::string> lines;
  std::vector<std::pair<std::string, std::string>> versions;
  try {
    versions = steps::versions::torch_versions(*dir, windows, lines, in.dist_dir ? "--dist-dir" : "PACKAGE_DIST_DIR");
  } catch (...) {
    for (const auto& l : lines) log.line(l);  // what was found, before the error
    throw;
  }
  for (const auto& l : lines) log.line(l);
  for (const auto& [key, value] : versions) {
    log.line(key + "=" + value);
    if (key == "torch_version") out.torch_version = value;
    else if (key == "torchaudio_version") out.torchaudio_version = value;
    else if (key == "torchvision_version") out.torchvision_version = value;
    else if (key == "triton_version") out.triton_version = value;
    else if (key == "apex_version") out.apex_version = value;
  }
}

}  // namespace steps::cli::write_torch_versions
