// configure_ci's logic behind its generated interface: reads the event from
// the environment, the changed paths from git, and the family table compiled
// in from pipelines/therock/families.pipe.
#include <nlohmann/json.hpp>

#include <sstream>

#include "ci/configure_ci.h"
#include "ci/families_table.h"
#include "configure_ci/interface.h"
#include "runtime/process.h"
#include "runtime/step_error.h"
#include "runtime/text.h"

namespace steps::cli::configure_ci {
namespace {

namespace logic = steps::configure_ci;

// gh pr view --json labels; an object without "labels" has none (TheRock's
// own test passes "{}").
std::vector<std::string> pr_labels(const std::string& json_text) {
  runtime::check_json_nesting(json_text, "PR_LABELS");
  const nlohmann::json j = nlohmann::json::parse(json_text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || (j.contains("labels") && !j["labels"].is_array()))
    throw InputError("PR_LABELS is not {\"labels\": [{\"name\": ...}, ...]}: " + json_text);
  std::vector<std::string> out;
  const auto labels = j.find("labels");
  if (labels == j.end()) return out;
  for (const auto& l : *labels) {
    if (!l.is_object() || !l.contains("name") || !l["name"].is_string())
      throw InputError("PR_LABELS has a label without a name: " + l.dump());
    out.push_back(l["name"].get<std::string>());
  }
  return out;
}

}  // namespace

void step(const Inputs& in, Outputs& out, steps::runtime::Log& log) {
  logic::Event e;
  e.event_name = in.github_event_name;
  e.ref_name = in.github_ref_name;
  // Read for every trigger, as TheRock reads it: a test_runner label in it
  // picks the runners whatever started the run (setup.yml sets it on pull
  // requests only).
  e.pr_labels = pr_labels(in.pr_labels);
  e.linux_families = in.input_linux_amdgpu_families.value_or("");
  e.windows_families = in.input_windows_amdgpu_families.value_or("");
  e.linux_test_labels = in.linux_test_labels.value_or("");
  e.windows_test_labels = in.windows_test_labels.value_or("");
  e.build_pytorch = in.input_build_pytorch.value_or("");
  e.build_variant = in.build_variant;
  e.multi_arch = in.multi_arch;
  e.additional_label_options = in.additional_label_options.value_or("");
  if (e.event_name != "schedule") {
    // One argument to git, whatever it holds; git would read one that
    // starts with - as an option (--output=FILE writes a file).
    if (!in.base_ref.empty() && in.base_ref.front() == '-')
      throw InputError("BASE_REF \"" + in.base_ref + "\" is not a revision: it starts with -");
    e.changed_paths = runtime::command_lines({"git", "diff", "--name-only", in.base_ref},
                                             "is BASE_REF a revision of this checkout?");
    // In the repository's root, as TheRock runs it: git prints the paths
    // relative to the current folder.
    const auto top = runtime::command_lines({"git", "rev-parse", "--show-toplevel"}, "");
    for (const auto& l : runtime::command_lines({"git", "-C", top.empty() ? "." : top[0], "submodule", "status"}, "")) {
      std::istringstream words(l);
      std::string sha, path;
      if (words >> sha >> path) e.submodule_paths.push_back(path);
    }
  }
  auto families = logic::families_from_table();
  if (in.load_test_runners_from_var) families = logic::with_runner_overrides(families, in.rocm_therock_test_runners);
  logic::Result r = logic::configure(e, families);
  for (const auto& l : r.lines) log.line(l);
  // The summary names the families with their flags, as TheRock's does
  // ("gfx101X-dgpu (expect_failure)"); the full rows are in the outputs.
  auto names = [](const std::vector<logic::ReportRow>& rows) {
    std::string s;
    for (const auto& row : rows) {
      std::string flags = row.expect_failure ? "expect_failure" : "";
      if (row.build_pytorch) flags += flags.empty() ? "build_pytorch" : ", build_pytorch";
      s += (s.empty() ? "" : ", ") + row.family + (flags.empty() ? "" : " (" + flags + ")");
    }
    return s.empty() ? std::string("none") : s;
  };
  std::string summary = "## Workflow configure results\n";
  for (const auto& [k, v] : r.outputs) {
    log.line("OUTPUT " + k + "=" + v);
    std::string shown = k == "linux_variants" ? names(r.linux_rows) : k == "windows_variants" ? names(r.windows_rows) : "`" + v + "`";
    summary += "\n* " + k + ": " + shown;
    // Shown only here, as TheRock does: true only when exactly "true".
    if (k == "linux_test_labels" || k == "windows_test_labels") {
      bool on_linux = k == "linux_test_labels";
      const auto& prebuilt = on_linux ? in.linux_use_prebuilt_artifacts : in.windows_use_prebuilt_artifacts;
      summary += std::string("\n* ") + (on_linux ? "linux" : "windows") + "_use_prebuilt_artifacts: `" +
                 (prebuilt.value_or("") == "true" ? "true" : "false") + "`";
    }
    if (k == "linux_variants") out.linux_variants = v;
    else if (k == "linux_test_labels") out.linux_test_labels = v;
    else if (k == "windows_variants") out.windows_variants = v;
    else if (k == "windows_test_labels") out.windows_test_labels = v;
    else if (k == "enable_build_jobs") out.enable_build_jobs = v == "true";
    else if (k == "test_type") out.test_type = v;
  }
  out.summary = summary;
}

}  // namespace steps::cli::configure_ci
