// configure_ci: the CI matrix for an event (TheRock's
// build_tools/github_actions/configure_ci.py, per-family and multi-arch
// modes), as a pure function of the event and the data tables. `pipec explain` runs this same
// function to answer "which families build what?" before a push.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace steps::configure_ci {

struct Family {  // one row of the gpu_families table
  std::string key, trigger, platform, family, runner;
  std::vector<std::string> build_variants;
  std::string multi_gpu_runner, benchmark_runner;                       // "" for none
  std::vector<std::pair<std::string, std::string>> kernel_runners;      // kernel -> runner
  bool expect_failure = false, expect_pytorch_failure = false, sanity_only = false;
  bool bypass_tests = false, pytorch_presubmit = false;
};

struct BuildVariant {
  std::string platform, name, label, suffix, cmake_preset;
  bool expect_failure = false;
};

struct Event {
  std::string event_name;  // push, pull_request, schedule, workflow_dispatch
  std::string ref_name;    // the branch
  std::vector<std::string> pr_labels;
  std::string linux_families, windows_families;        // dispatch inputs
  std::string linux_test_labels, windows_test_labels;  // dispatch inputs
  std::string build_pytorch;  // dispatch input: "", or str2bool text
  std::string build_variant = "release";
  std::vector<std::string> changed_paths;
  std::vector<std::string> submodule_paths;
  std::string additional_label_options;  // comma-separated, e.g. test_runner:oem
  bool multi_arch = false;               // one row per build variant, all families in it
};

// A row as reports show it: its family (in multi-arch mode the row's
// ';'-joined family list) and its flags.
struct ReportRow {
  std::string family;
  bool build_pytorch = false;
  bool expect_failure = false;
  bool operator==(const ReportRow&) const = default;
};

struct Result {
  std::vector<std::pair<std::string, std::string>> outputs;  // GITHUB_OUTPUT, in order
  std::vector<std::string> lines;                              // printed decisions
  std::vector<ReportRow> linux_rows, windows_rows;             // per platform, for reports
};

// The build variants and component test names of TheRock at 21eaa7d7f.
const std::vector<BuildVariant>& default_build_variants();
const std::vector<std::string>& default_test_names();

// Throws steps::InputError for an unknown event or a missing branch.
Result configure(const Event& event, const std::vector<Family>& families,
                 const std::vector<BuildVariant>& variants = default_build_variants(),
                 const std::vector<std::string>& test_names = default_test_names());

bool is_long_lived_branch(const std::string& ref_name);
// Why a change to these paths needs the build jobs (configure_ci_path_filters):
// the first path that does, in a sentence; empty when none does.
std::string ci_run_reason(const std::vector<std::string>& paths);
inline bool is_ci_run_required(const std::vector<std::string>& paths) { return !ci_run_reason(paths).empty(); }
// Python's json.dumps for the rows: ", " and ": " separators, key order kept.
// Values are JSON text already; python_json_string makes one of a string.
std::string python_json(const std::vector<std::vector<std::pair<std::string, std::string>>>& rows);
std::string python_json_string(const std::string& s);

}  // namespace steps::configure_ci
