#include "configure_ci.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>

#include "runtime/step_error.h"
#include "runtime/text.h"

namespace steps::configure_ci {
namespace {

using Row = std::vector<std::pair<std::string, std::string>>;

using runtime::lower;
using runtime::one_line;
using runtime::str2bool;
using runtime::trim;

// A JSON string as Python's json.dumps writes it (ensure_ascii): \b \f \n
// \r \t short, other control and non-ASCII characters as \uXXXX (UTF-16,
// so a pair above U+FFFF). A byte that is not part of valid UTF-8 is read
// as Python reads the environment (surrogateescape): U+DC80..U+DCFF.
std::string quote_json(const std::string& s) {
  static const char* hex = "0123456789abcdef";
  std::string out = "\"";
  auto unit = [&](unsigned u) {
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) out += hex[(u >> shift) & 15];
  };
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '"' || c == '\\') out += '\\', out += static_cast<char>(c);
    else if (c == '\b') out += "\\b";
    else if (c == '\f') out += "\\f";
    else if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else if (c >= 0x20 && c < 0x7f) out += static_cast<char>(c);
    else if (c < 0x80) unit(c);
    else {
      size_t n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 0;
      unsigned cp = n == 4 ? c & 0x07u : n == 3 ? c & 0x0fu : c & 0x1fu;
      bool valid = n != 0 && i + n <= s.size();
      for (size_t k = 1; valid && k < n; ++k) {
        unsigned char cc = static_cast<unsigned char>(s[i + k]);
        valid = (cc & 0xc0) == 0x80;
        cp = cp << 6 | (cc & 0x3fu);
      }
      static const unsigned kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
      valid = valid && cp >= kLeast[n] && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff);
      if (!valid) {
        unit(0xdc00 + c);
        ++i;
        continue;
      }
      if (cp > 0xffff) unit(0xd800 + ((cp - 0x10000) >> 10)), unit(0xdc00 + ((cp - 0x10000) & 0x3ff));
      else unit(cp);
      i += n;
      continue;
    }
    ++i;
  }
  return out + "\"";
}

// fnmatch as Python's: * and ? cross '/', case-sensitive.
bool fnmatch(const std::string& p, const std::string& s, size_t i = 0, size_t j = 0) {
  while (i < p.size()) {
    if (p[i] == '*') {
      for (size_t k = j; k <= s.size(); ++k) {
        if (fnmatch(p, s, i + 1, k)) return true;
      }
      return false;
    }
    if (j >= s.size() || (p[i] != '?' && p[i] != s[j])) return false;
    ++i, ++j;
  }
  return j == s.size();
}

// Names in free text (dispatch inputs): punctuation becomes space, then the
// words that are known keys, lowercased, in input order, without repeats.
std::vector<std::string> known_names(const std::string& text, const std::vector<std::string>& known,
                                     std::vector<std::string>& lines) {
  std::string t = text;
  for (char& c : t) {
    if (std::ispunct(static_cast<unsigned char>(c))) c = ' ';
  }
  std::vector<std::string> out;
  size_t i = 0;
  while (i < t.size()) {
    while (i < t.size() && std::isspace(static_cast<unsigned char>(t[i]))) ++i;
    size_t j = i;
    while (j < t.size() && !std::isspace(static_cast<unsigned char>(t[j]))) ++j;
    if (j > i) {
      std::string w = lower(t.substr(i, j - i));
      if (std::find(known.begin(), known.end(), w) == known.end()) lines.push_back("WARNING: unknown name \"" + one_line(w) + "\" ignored");
      else if (std::find(out.begin(), out.end(), w) == out.end()) out.push_back(w);
    }
    i = j;
  }
  return out;
}

// The items of comma-separated text, trimmed, empty ones dropped.
std::vector<std::string> csv_items(const std::string& csv) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i <= csv.size()) {
    size_t j = csv.find(',', i);
    if (j == std::string::npos) j = csv.size();
    std::string item = trim(csv.substr(i, j - i));
    if (!item.empty()) out.push_back(item);
    i = j + 1;
  }
  return out;
}

// The test a label asks for: the text after "test:" anywhere in it, as
// TheRock splits "ci-test:rocprim" on the colon.
std::optional<std::string> test_label(const std::string& label) {
  auto at = label.find("test:");
  if (at == std::string::npos) return std::nullopt;
  return label.substr(at + 5);
}

std::vector<std::string> test_labels(const std::string& csv) {
  std::vector<std::string> out;
  for (const auto& item : csv_items(csv)) {
    if (auto name = test_label(item)) out.push_back(*name);
  }
  return out;
}

// The kernel a test_runner:<kernel> label names (none without one): the
// first label containing "test_runner", among the PR's labels and then
// ADDITIONAL_LABEL_OPTIONS. `test_runner:` names the empty kernel, which no
// family has. Deliberate difference: a label with no colon or two is ignored
// with a warning (TheRock crashed on it).
std::optional<std::string> runner_kernel(const Event& e, std::vector<std::string>& lines) {
  std::vector<std::string> labels = e.pr_labels;
  for (const auto& item : csv_items(e.additional_label_options)) labels.push_back(item);
  for (const auto& l : labels) {
    if (l.find("test_runner") == std::string::npos) continue;
    size_t colon = l.find(':');
    if (colon == std::string::npos || l.find(':', colon + 1) != std::string::npos) {
      lines.push_back("WARNING: label \"" + one_line(l) + "\" is not test_runner:<kernel>; ignored");
      return std::nullopt;
    }
    return l.substr(colon + 1);
  }
  return std::nullopt;
}

std::string json_object(const std::vector<std::pair<std::string, std::string>>& pairs) {
  std::string out = "{";
  for (size_t i = 0; i < pairs.size(); ++i)
    out += (i ? ", " : "") + quote_json(pairs[i].first) + ": " + quote_json(pairs[i].second);
  return out + "}";
}

const char* json_bool(bool b) { return b ? "true" : "false"; }

// Multi-arch mode's one row for a build variant: every selected family
// (once each) in matrix_per_family_json and dist_amdgpu_families;
// expect_failure and build_pytorch come from the variant alone. Sets dist to
// the ';'-joined family names.
Row multi_arch_row(const std::vector<const Family*>& selected, const BuildVariant& v, std::string& dist) {
  std::vector<Row> members;
  std::set<std::string> seen;
  for (const Family* f : selected) {
    if (!seen.insert(f->family).second) continue;
    members.push_back({{"amdgpu_family", quote_json(f->family)}, {"test-runs-on", quote_json(f->runner)},
                       {"sanity_check_only_for_family", json_bool(f->sanity_only)}});
    dist += (dist.empty() ? "" : ";") + f->family;
  }
  return {{"matrix_per_family_json", quote_json(python_json(members))},
          {"dist_amdgpu_families", quote_json(dist)},
          {"artifact_group", quote_json("multi-arch-" + (v.suffix.empty() ? "release" : v.suffix))},
          {"build_variant_label", quote_json(v.label)},
          {"build_variant_suffix", quote_json(v.suffix)},
          {"build_variant_cmake_preset", quote_json(v.cmake_preset)},
          {"expect_failure", json_bool(v.expect_failure)},
          {"build_pytorch", json_bool(!v.expect_failure)}};
}

}  // namespace

const std::vector<BuildVariant>& default_build_variants() {
  static const std::vector<BuildVariant> v = {
      {"linux", "release", "release", "", "", false},
      {"linux", "asan", "asan", "asan", "linux-release-asan", true},
      {"linux", "tsan", "tsan", "tsan", "linux-release-tsan", true},
      {"windows", "release", "release", "", "windows-release", false}};
  return v;
}

const std::vector<std::string>& default_test_names() {
  static const std::vector<std::string> t = {
      "hip-tests", "rocblas", "rocroller", "hipblas", "hipblaslt", "hipsolver", "rocsolver", "rocprim",
      "hipcub", "rocr-debug-agent", "rocthrust", "hipsparse", "rocsparse", "hipsparselt", "rocrand",
      "hiprand", "rocfft", "hipfft", "miopen", "rccl", "hipdnn", "hipdnn_install", "hipdnn-samples",
      "miopen_plugin", "hipblaslt_plugin", "rocwmma", "libhipcxx_hipcc", "libhipcxx_hiprtc", "aqlprofile"};
  return t;
}

bool is_long_lived_branch(const std::string& ref) { return ref == "main" || ref.rfind("release/therock-", 0) == 0; }

// CI builds and tests PyTorch, so the workflows that do it (build*ci.yml, the
// two test workflows) and external-builds/ start CI, as in TheRock's own
// change after it added PyTorch to CI (5290809c4, which added the first two).
std::string ci_run_reason(const std::vector<std::string>& paths) {
  static const std::vector<std::string> ci_workflows = {
      "setup.yml", "ci*.yml", "multi_arch*.yml", "build*artifact*.yml", "build*ci.yml", "build*python_packages.yml",
      "test*artifacts.yml", "test_rocm_wheels.yml", "test_pytorch_wheels*.yml", "test_sanity_check.yml",
      "test_component.yml"};
  static const std::vector<std::string> skippable = {
      "docs/*", "*.gitignore", "*.md", "*.pre-commit-config.*", ".github/dependabot.yml", "*CODEOWNERS",
      "*LICENSE", "dockerfiles/*", "experimental/*"};
  for (const auto& p : paths) {
    if (p.rfind(".github/workflows/", 0) == 0) {
      std::string name = p.substr(18);
      for (const auto& w : ci_workflows) {
        if (fnmatch(w, name)) return p + " changed, a workflow CI runs";
      }
      continue;
    }
    bool skip = std::any_of(skippable.begin(), skippable.end(), [&](const std::string& s) { return fnmatch(s, p); });
    if (!skip) return p + " changed, which is not skippable";
  }
  return "";
}

std::string python_json_string(const std::string& s) { return quote_json(s); }

std::string python_json(const std::vector<Row>& rows) {
  std::string out = "[";
  for (size_t r = 0; r < rows.size(); ++r) {
    out += r ? ", {" : "{";
    for (size_t i = 0; i < rows[r].size(); ++i) {
      out += (i ? ", " : "") + quote_json(rows[r][i].first) + ": " + rows[r][i].second;
    }
    out += "}";
  }
  return out + "]";
}

Result configure(const Event& e, const std::vector<Family>& families, const std::vector<BuildVariant>& variants,
                 const std::vector<std::string>& test_names) {
  if (e.ref_name.empty()) throw InputError("GITHUB_REF_NAME is not set");
  static const std::vector<std::string> events = {"push", "pull_request", "schedule", "workflow_dispatch"};
  if (std::find(events.begin(), events.end(), e.event_name) == events.end())
    throw InputError("GITHUB_EVENT_NAME: unknown event \"" + e.event_name +
                     "\"; expected one of push, pull_request, schedule, workflow_dispatch");
  Result res;
  // Which trigger tables apply.
  std::set<std::string> triggers;
  if (e.event_name == "pull_request") triggers = {"presubmit"};
  else if (e.event_name == "push") triggers = is_long_lived_branch(e.ref_name) ? std::set<std::string>{"presubmit", "postsubmit"} : std::set<std::string>{"presubmit"};
  else triggers = {"presubmit", "postsubmit", "nightly"};
  std::vector<std::string> all_keys, default_keys;
  for (const auto& f : families) {
    if (std::find(all_keys.begin(), all_keys.end(), f.key) == all_keys.end()) all_keys.push_back(f.key);
    if (triggers.count(f.trigger) && std::find(default_keys.begin(), default_keys.end(), f.key) == default_keys.end())
      default_keys.push_back(f.key);
  }
  // Selected keys and tests, per platform.
  std::vector<std::string> keys[2], tests[2];
  bool pr_pytorch = false;
  if (e.event_name == "workflow_dispatch") {
    keys[0] = known_names(e.linux_families, all_keys, res.lines);
    keys[1] = known_names(e.windows_families, all_keys, res.lines);
    tests[0] = test_labels(e.linux_test_labels);
    tests[1] = test_labels(e.windows_test_labels);
  } else if (e.event_name == "pull_request") {
    std::vector<std::string> selected = default_keys, requested, req_tests;
    bool skip = false;
    for (const auto& label : e.pr_labels) {
      if (label == "skip-ci") {
        // Deliberate difference: TheRock kept what labels before skip-ci
        // requested; skip-ci now skips everything.
        skip = true;
        break;
      }
      if (label == "run-all-archs-ci") selected = all_keys;
      if (label == "build:pytorch") pr_pytorch = true;
      // One label can ask for both, as in TheRock: gfx1151-linux-test:rocprim.
      if (label.find("gfx") != std::string::npos) requested.push_back(lower(label.substr(0, label.find('-'))));
      if (auto name = test_label(label)) req_tests.push_back(*name);
    }
    if (skip) {
      selected.clear();
      requested.clear();
      req_tests.clear();
      res.lines.push_back("skip-ci: no builds");
    }
    for (const auto& r : requested) {
      if (std::find(all_keys.begin(), all_keys.end(), r) == all_keys.end()) res.lines.push_back("WARNING: unknown family label \"" + one_line(r) + "\" ignored");
      else if (std::find(selected.begin(), selected.end(), r) == selected.end()) selected.push_back(r);
    }
    keys[0] = keys[1] = selected;
    tests[0] = tests[1] = req_tests;
  } else {
    keys[0] = keys[1] = default_keys;
  }
  // Known test names (lowercased, as TheRock), in table order, no repeats.
  for (int p = 0; p < 2; ++p) {
    auto& t = tests[p];
    for (auto& name : t) {
      name = lower(name);
      if (std::find(test_names.begin(), test_names.end(), name) == test_names.end())
        res.lines.push_back(std::string("WARNING: unknown ") + (p == 0 ? "Linux" : "Windows") + " test \"" + one_line(name) + "\" ignored");
    }
    std::vector<std::string> kept;
    for (const auto& name : test_names) {
      if (std::find(t.begin(), t.end(), name) != t.end()) kept.push_back(name);
    }
    t = kept;
  }
  bool dispatch_pytorch = e.build_pytorch.empty() || str2bool(e.build_pytorch, "INPUT_BUILD_PYTORCH");
  const std::optional<std::string> kernel = e.multi_arch ? std::nullopt : runner_kernel(e, res.lines);
  if (kernel) res.lines.push_back("test runners for kernel \"" + *kernel + "\" only");
  // Rows, in table order (deliberate difference: TheRock's order was random).
  const char* platforms[2] = {"linux", "windows"};
  std::string variants_json[2];
  for (int p = 0; p < 2; ++p) {
    auto v = std::find_if(variants.begin(), variants.end(), [&](const BuildVariant& b) {
      return b.platform == platforms[p] && b.name == e.build_variant;
    });
    std::vector<const Family*> selected;
    for (const auto& f : families) {
      if (f.platform != platforms[p] || std::find(keys[p].begin(), keys[p].end(), f.key) == keys[p].end()) continue;
      if (std::find(f.build_variants.begin(), f.build_variants.end(), e.build_variant) == f.build_variants.end()) continue;
      if (v != variants.end()) selected.push_back(&f);
    }
    auto& report = p == 0 ? res.linux_rows : res.windows_rows;
    std::vector<Row> rows;
    if (e.multi_arch) {
      if (!selected.empty()) {
        std::string dist;
        rows.push_back(multi_arch_row(selected, *v, dist));
        report.push_back({dist, !v->expect_failure, v->expect_failure});
      }
      variants_json[p] = python_json(rows);
      continue;
    }
    for (const Family* fp : selected) {
      const Family& f = *fp;
      bool expect_failure = f.expect_failure || v->expect_failure;
      bool pytorch = !expect_failure && !f.expect_pytorch_failure;
      if (e.event_name == "pull_request") pytorch = pytorch && pr_pytorch && f.pytorch_presubmit;
      else if (e.event_name == "push") pytorch = pytorch && f.pytorch_presubmit;
      else if (e.event_name == "workflow_dispatch") pytorch = pytorch && dispatch_pytorch;
      // A test_runner:<kernel> label keeps only the kernel's runners: a family
      // with one tests on it (its multi-GPU runner kept, as TheRock); any
      // other family loses its runner and its multi-GPU runner.
      std::string runner = f.runner, multi_gpu = f.multi_gpu_runner;
      if (kernel) {
        auto k = std::find_if(f.kernel_runners.begin(), f.kernel_runners.end(),
                              [&](const auto& kr) { return kr.first == *kernel; });
        if (k != f.kernel_runners.end()) {
          runner = k->second;
        } else {
          runner = "";
          multi_gpu = "";
        }
      }
      Row row = {{"test-runs-on", quote_json(runner)}};
      if (!f.multi_gpu_runner.empty()) row.push_back({"test-runs-on-multi-gpu", quote_json(multi_gpu)});
      if (!f.kernel_runners.empty()) row.push_back({"test-runs-on-kernel", json_object(f.kernel_runners)});
      if (!f.benchmark_runner.empty()) row.push_back({"benchmark-runs-on", quote_json(f.benchmark_runner)});
      row.push_back({"family", quote_json(f.family)});
      if (f.bypass_tests) row.push_back({"bypass_tests_for_releases", "true"});
      if (f.sanity_only) row.push_back({"sanity_check_only_for_family", "true"});
      if (expect_failure) row.push_back({"expect_failure", "true"});
      if (f.expect_pytorch_failure) row.push_back({"expect_pytorch_failure", "true"});
      row.push_back({"build_pytorch", json_bool(pytorch)});
      row.push_back({"build_variant_label", quote_json(v->label)});
      row.push_back({"build_variant_suffix", quote_json(v->suffix)});
      row.push_back({"build_variant_cmake_preset", quote_json(v->cmake_preset)});
      row.push_back({"artifact_group", quote_json(f.family + (v->suffix.empty() ? "" : "-" + v->suffix))});
      rows.push_back(row);
      report.push_back({f.family, pytorch, expect_failure});
    }
    variants_json[p] = python_json(rows);
  }
  auto list = [](const std::vector<std::string>& v) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + quote_json(v[i]);
    return out + "]";
  };
  // Each decision is printed with its reason, and what it was taken on:
  // the paths changed (the first 200, as TheRock prints them).
  if (e.event_name != "schedule") {
    std::string shown;
    for (size_t i = 0; i < e.changed_paths.size() && i < 200; ++i) shown += (i ? ", " : "") + e.changed_paths[i];
    res.lines.push_back(e.changed_paths.empty() ? "changed paths: none"
                        : e.changed_paths.size() > 200
                            ? "changed paths (200 of " + std::to_string(e.changed_paths.size()) + "): " + shown
                            : "changed paths: " + shown);
  }
  const std::string why = e.event_name == "schedule" ? "scheduled run" : ci_run_reason(e.changed_paths);
  const bool enable = !why.empty();
  res.lines.push_back(enable                     ? "enable_build_jobs=true: " + why
                      : e.changed_paths.empty() ? "enable_build_jobs=false: no path changed"
                                                : "enable_build_jobs=false: only skippable paths and workflows CI does not run changed");
  std::string test_type = "smoke";
  if (e.event_name == "schedule") {
    test_type = "full";
    res.lines.push_back("test_type=full: scheduled run");
  } else {
    for (const auto& path : e.changed_paths) {
      if (std::find(e.submodule_paths.begin(), e.submodule_paths.end(), path) != e.submodule_paths.end()) {
        test_type = "full";
        res.lines.push_back("test_type=full: submodule " + path + " changed");
        break;
      }
    }
    if (!tests[0].empty() || !tests[1].empty()) {
      test_type = "full";
      res.lines.push_back("test_type=full: test labels given");
    }
    if (test_type == "smoke") res.lines.push_back("test_type=smoke: no submodule changed and no known test labels");
  }
  res.outputs = {{"linux_variants", variants_json[0]}, {"linux_test_labels", list(tests[0])},
                 {"windows_variants", variants_json[1]}, {"windows_test_labels", list(tests[1])},
                 {"enable_build_jobs", enable ? "true" : "false"}, {"test_type", test_type}};
  return res;
}

}  // namespace steps::configure_ci
