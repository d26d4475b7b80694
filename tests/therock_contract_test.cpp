// What TheRock's generated workflows promise, read from the committed YAML as
// GitHub will read it: the CI/release trust boundary, no credentials for
// forks and no jobs that need them, one index writer per run folder, CI's
// PyTorch defaults, per-leg release instances, step-tools caches that never
// cross build environments, step tools from the workflow's own commit,
// call and dispatch inputs that agree,
// concurrency groups that tell two manual runs apart, and what TheRock's run
// steps rely on: GPU container options, manage.py's bucket, build_prod_wheels'
// packaging, Windows long paths, the Windows test's exit-code file, and a
// setup that stops when it cannot read the pull request's labels.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using Names = std::set<std::string>;

// Failed checks print the sets and lists they compared.
template <>
struct doctest::StringMaker<Names> {
  static doctest::String convert(const Names& names) {
    std::string out = "{";
    for (const auto& n : names) out += (out.size() > 1 ? ", " : "") + n;
    return (out + "}").c_str();
  }
};
template <>
struct doctest::StringMaker<std::vector<std::string>> {
  static doctest::String convert(const std::vector<std::string>& list) {
    std::string out = "[";
    for (const auto& n : list) out += (out.size() > 1 ? ", " : "") + n;
    return (out + "]").c_str();
  }
};

namespace {

// The generated workflows of the checkout the test is run in (ctest runs
// it at the top of the source tree), so that a copy's are read, not those
// of the tree it was built from.
const char* const kWorkflows = "generated/therock/.github/workflows";

const std::map<std::string, YAML::Node>& workflows() {
  static const std::map<std::string, YAML::Node> all = [] {
    std::map<std::string, YAML::Node> out;
    if (!fs::is_directory(kWorkflows))
      throw std::runtime_error(fs::current_path().string() + " has no " + kWorkflows + ": run the test at the top of a pipec checkout");
    for (const auto& e : fs::directory_iterator(kWorkflows)) {
      if (e.path().extension() == ".yml") out[e.path().filename().string()] = YAML::LoadFile(e.path().string());
    }
    return out;
  }();
  return all;
}

const YAML::Node& wf(const std::string& name) { return workflows().at(name); }

// The generated workflows a workflow calls, and those they call.
Names reachable(const Names& roots) {
  Names seen;
  std::vector<std::string> todo(roots.begin(), roots.end());
  while (!todo.empty()) {
    std::string name = todo.back();
    todo.pop_back();
    if (!seen.insert(name).second) continue;
    for (const auto& job : wf(name)["jobs"]) {
      std::string uses = job.second["uses"].as<std::string>("");
      const std::string prefix = "./.github/workflows/";
      if (uses.rfind(prefix, 0) == 0 && workflows().count(uses.substr(prefix.size())))
        todo.push_back(uses.substr(prefix.size()));
    }
  }
  return seen;
}

void each_step(const std::string& name, const std::function<void(const YAML::Node& job, const YAML::Node& step)>& f) {
  for (const auto& job : wf(name)["jobs"]) {
    for (const auto& step : job.second["steps"]) f(job.second, step);
  }
}

Names roles(const Names& files) {
  Names out;
  for (const auto& f : files) {
    each_step(f, [&](const YAML::Node&, const YAML::Node& s) {
      if (s["uses"].as<std::string>("").rfind("aws-actions/configure-aws-credentials@", 0) == 0)
        out.insert(s["with"]["role-to-assume"].as<std::string>());
    });
  }
  return out;
}

// Every s3://BUCKET a run script names.
Names buckets(const Names& files) {
  Names out;
  for (const auto& f : files) {
    each_step(f, [&](const YAML::Node&, const YAML::Node& s) {
      std::string run = s["run"].as<std::string>("");
      for (size_t at = run.find("s3://"); at != std::string::npos; at = run.find("s3://", at + 1)) {
        size_t end = run.find_first_of("/\"", at + 5);
        out.insert(run.substr(at + 5, end - at - 5));
      }
    });
  }
  return out;
}

bool mentions(const YAML::Node& n, const std::string& text) {
  if (!n) return false;
  if (n.IsScalar()) return n.as<std::string>().find(text) != std::string::npos;
  for (const auto& c : n) {
    if (n.IsMap() ? mentions(c.first, text) || mentions(c.second, text) : mentions(c, text)) return true;
  }
  return false;
}

Names needs_of(const YAML::Node& job) {
  Names out;
  if (job["needs"].IsScalar()) out.insert(job["needs"].as<std::string>());
  for (const auto& n : job["needs"]) out.insert(n.as<std::string>());
  return out;
}

// The scripts and cache key with which a job builds the step tools (build
// empty where it builds none; key empty where it restores no cache).
struct StepTools {
  std::string key, install, build;
};
StepTools step_tools(const YAML::Node& job) {
  StepTools out;
  for (const auto& s : job["steps"]) {
    std::string step = s["name"].as<std::string>("");
    if (step == "Restore the step tools build") out.key = s["with"]["key"].as<std::string>();
    if (step == "Install the step tools' libraries") out.install = s["run"].as<std::string>();
    if (step == "Build the step tools") out.build = s["run"].as<std::string>();
  }
  return out;
}

// Whether a job's permissions give it an OIDC token.
bool holds_oidc_token(const YAML::Node& job) {
  const YAML::Node p = job["permissions"];
  return p && p.IsMap() && p["id-token"].as<std::string>("") == "write";
}

const std::string kNotFork = "!github.event.pull_request.head.repo.fork";
const Names kCiEntries = {"ci.yml", "ci_asan.yml", "ci_nightly.yml", "ci_tsan.yml"};
const Names kReleaseEntries = {"release_portable_linux_pytorch_wheels.yml", "release_windows_pytorch_wheels.yml"};

}  // namespace

TEST_CASE("CI and release reach disjoint sets of build workflows") {
  CHECK(reachable(kCiEntries) ==
        Names{"build_portable_linux_python_packages.yml", "build_portable_linux_pytorch_wheels_ci.yml",
              "build_windows_python_packages.yml", "build_windows_pytorch_wheels_ci.yml", "ci.yml", "ci_asan.yml",
              "ci_linux.yml", "ci_nightly.yml", "ci_tsan.yml", "ci_windows.yml", "setup.yml", "test_pytorch_wheels.yml",
              "test_pytorch_wheels_windows.yml", "test_rocm_wheels.yml"});
  CHECK(reachable(kReleaseEntries) ==
        Names{"build_portable_linux_pytorch_wheels.yml", "build_windows_pytorch_wheels.yml",
              "release_portable_linux_pytorch_wheels.yml", "release_windows_pytorch_wheels.yml",
              "test_pytorch_wheels.yml", "test_pytorch_wheels_windows.yml"});
}

TEST_CASE("CI can reach only the CI role and bucket; release credentials only in release workflows") {
  Names ci = reachable(kCiEntries);
  CHECK(roles(ci) == Names{"arn:aws:iam::692859939525:role/therock-ci"});
  // CI names no bucket: it reaches S3 only through the package tools, which
  // choose the CI bucket as TheRock does (therock-ci-artifacts, or
  // therock-ci-artifacts-external for other repositories) unless given
  // --bucket or RELEASE_TYPE, which CI never gives them.
  CHECK(buckets(ci).empty());
  int s3_tools = 0;
  for (const auto& f : ci) {
    each_step(f, [&](const YAML::Node& job, const YAML::Node& s) {
      const std::string run = s["run"].as<std::string>("");
      if (run.find("/upload_python_packages\"") == std::string::npos &&
          run.find("/index_s3_packages\"") == std::string::npos)
        return;
      ++s3_tools;
      CHECK_MESSAGE(run.find("--bucket") == std::string::npos, f);
      CHECK_MESSAGE(!mentions(s["env"], "RELEASE_TYPE"), f);
      CHECK_MESSAGE(!mentions(job["env"], "RELEASE_TYPE"), f);
    });
  }
  CHECK(s3_tools == 6);  // ROCm and PyTorch uploads, and the index, per platform
  for (const auto& f : ci) CHECK_MESSAGE(!mentions(wf(f), "release_type"), f);
  Names release = reachable(kReleaseEntries);
  CHECK(roles(release) == Names{"arn:aws:iam::692859939525:role/therock-${{ inputs.release_type }}"});
  CHECK(buckets(release) == Names{"therock-${RELEASE_TYPE}-python"});
}

TEST_CASE("runs from forks get no credentials, and nothing that uploads runs for them") {
  for (const auto& [name, _] : workflows()) {
    each_step(name, [&](const YAML::Node& job, const YAML::Node& s) {
      bool gated = s["if"].as<std::string>("").find(kNotFork) != std::string::npos ||
                   job["if"].as<std::string>("").find(kNotFork) != std::string::npos;
      std::string what = name + ": " + s["name"].as<std::string>("");
      if (s["uses"].as<std::string>("").rfind("aws-actions/configure-aws-credentials@", 0) == 0) {
        // Not for a fork, and maybe only where the steps that use the
        // credentials run (a release's promotion): the condition laid out
        // over lines is the same text on one.
        std::string cond;
        for (char c : s["if"].as<std::string>("")) {
          if (c == '\n' || c == ' ') {
            if (!cond.empty() && cond.back() != ' ') cond += ' ';
          } else {
            cond += c;
          }
        }
        CHECK_MESSAGE((cond == "${{ " + kNotFork + " }}" || cond.rfind("${{ " + kNotFork + " && ", 0) == 0), what);
      }
      std::string run = s["run"].as<std::string>("");
      bool uploads = run.find("/upload_python_packages\"") != std::string::npos ||
                     run.find("/index_s3_packages\"") != std::string::npos ||
                     (run.find("aws s3 cp") != std::string::npos && run.find(" s3://") == std::string::npos &&
                      name.find("_ci.yml") != std::string::npos) ||
                     run.find("aws s3 sync \"s3://") != std::string::npos;
      if (uploads) CHECK_MESSAGE(gated, what);
    });
  }
}

TEST_CASE("a pull request from a fork labelled build:pytorch is told that it builds no PyTorch") {
  // Its PyTorch jobs are skipped with every job that holds credentials;
  // the summary says so, so that the label does not pass unseen.
  const YAML::Node& steps = workflows().at("ci.yml")["jobs"]["ci_summary"]["steps"];
  int notes = 0;
  for (const auto& s : steps) {
    const std::string cond = s["if"].as<std::string>("");
    if (cond.find("github.event.pull_request.head.repo.fork &&") == std::string::npos) continue;
    ++notes;
    CHECK(cond.find("contains(github.event.pull_request.labels.*.name, 'build:pytorch')") != std::string::npos);
    CHECK(s["run"].as<std::string>("").rfind("echo \"::notice title=build:pytorch::", 0) == 0);
  }
  CHECK(notes == 1);
}

TEST_CASE("what runs for a fork neither installs from uploads it cannot make nor sees the runner's credentials") {
  int consumers = 0;
  for (const auto& [name, w] : workflows()) {
    for (const auto& job : w["jobs"]) {
      std::string what = name + ": job " + job.first.as<std::string>();
      // A job handed a URL of this run's uploads installs from them.
      if (mentions(job.second["with"], ".outputs.package_find_links_url")) {
        ++consumers;
        CHECK_MESSAGE(job.second["if"].as<std::string>("").find(kNotFork) != std::string::npos, what);
      }
      CHECK_MESSAGE(!mentions(job.second["container"], "/runner/config"), what);
      CHECK_MESSAGE(!mentions(job.second["env"], "AWS_SHARED_CREDENTIALS_FILE"), what);
    }
  }
  CHECK(consumers == 6);
}

TEST_CASE("one job writes the index of a run's python/<group>/ folder, after every upload into it") {
  // Whether a tool's command line passes --platform OS, as a whole argument.
  const auto names_platform = [](const std::string& run, const std::string& os) {
    const std::string arg = "--platform " + os;
    for (size_t at = run.find(arg); at != std::string::npos; at = run.find(arg, at + 1)) {
      const size_t end = at + arg.size();
      if (end == run.size() || run[end] == ' ' || run[end] == '\n') return true;
    }
    return false;
  };
  for (const std::string os : {"linux", "windows"}) {
    Names writers;
    for (const auto& [name, _] : workflows()) {
      each_step(name, [&](const YAML::Node&, const YAML::Node& s) {
        if (s["run"].as<std::string>("").find("/index_s3_packages\"") != std::string::npos) writers.insert(name);
      });
    }
    CHECK(writers == Names{"ci_linux.yml", "ci_windows.yml"});
    const YAML::Node jobs = wf("ci_" + os + ".yml")["jobs"];
    CHECK(needs_of(jobs["index_python_packages"]) == Names{"build_python_packages", "build_pytorch_wheels"});
    CHECK(needs_of(jobs["test_pytorch_wheels"]).count("index_python_packages") == 1);
    // Called from ci_<os>.yml, the PyTorch build uploads wheels only; it
    // writes no index page. A manual run of it (no caller) indexes its own
    // folder: the input is not on the dispatch form.
    std::string build =
        os == "linux" ? "build_portable_linux_pytorch_wheels_ci.yml" : "build_windows_pytorch_wheels_ci.yml";
    CHECK_FALSE(mentions(wf(build), "index.html"));
    int uploads = 0;
    each_step(build, [&](const YAML::Node&, const YAML::Node& s) {
      const std::string run = s["run"].as<std::string>("");
      if (run.find("/upload_python_packages\"") == std::string::npos) return;
      ++uploads;
      CHECK(run.find("--no-index=\"${NO_INDEX}\"") != std::string::npos);
      // Into the wheels' platform's folder, which the index and the test
      // read: the job runs on Linux for both platforms.
      CHECK(names_platform(run, os));
      CHECK(s["env"]["NO_INDEX"].as<std::string>() == "${{ inputs.indexed_by_caller == true }}");
    });
    CHECK(uploads == 1);
    // The ROCm packages' upload and the index name that folder too.
    std::string packages =
        os == "linux" ? "build_portable_linux_python_packages.yml" : "build_windows_python_packages.yml";
    int folder_steps = 0;
    for (const std::string& f : {packages, "ci_" + os + ".yml"}) {
      each_step(f, [&](const YAML::Node&, const YAML::Node& s) {
        const std::string run = s["run"].as<std::string>("");
        if (run.find("/upload_python_packages\"") == std::string::npos &&
            run.find("/index_s3_packages\"") == std::string::npos)
          return;
        ++folder_steps;
        CHECK_MESSAGE(names_platform(run, os), f);
      });
    }
    CHECK(folder_steps == 2);
    CHECK(jobs["build_pytorch_wheels"]["uses"].as<std::string>() == "./.github/workflows/" + build);
    CHECK(jobs["build_pytorch_wheels"]["with"]["indexed_by_caller"].as<std::string>() == "true");
    const YAML::Node on = wf(build)["on"];
    CHECK(on["workflow_call"]["inputs"]["indexed_by_caller"]["default"].as<std::string>() == "false");
    CHECK_FALSE(on["workflow_dispatch"]["inputs"]["indexed_by_caller"]);
  }
}

TEST_CASE("CI builds a stable PyTorch with Python 3.12 from this run's packages, per family by build_pytorch") {
  for (const std::string os : {"linux", "windows"}) {
    const YAML::Node ci = wf("ci_" + os + ".yml");
    const YAML::Node in = ci["on"]["workflow_call"]["inputs"];
    CHECK(in["pytorch_git_ref"]["default"].as<std::string>() == "release/2.10");
    CHECK(in["pytorch_python_version"]["default"].as<std::string>() == "3.12");
    const YAML::Node job = ci["jobs"]["build_pytorch_wheels"];
    CHECK(job["if"].as<std::string>().find("inputs.build_pytorch") != std::string::npos);
    CHECK(job["with"]["rocm_package_find_links_url"].as<std::string>() ==
          "${{ needs.build_python_packages.outputs.package_find_links_url }}");
    CHECK(job["with"]["pytorch_git_ref"].as<std::string>() == "${{ inputs.pytorch_git_ref }}");
    CHECK(job["with"]["python_version"].as<std::string>() == "${{ inputs.pytorch_python_version }}");
  }
  for (const std::string f : {"build_portable_linux_pytorch_wheels_ci.yml", "build_windows_pytorch_wheels_ci.yml"}) {
    CHECK_MESSAGE(mentions(wf(f), "--find-links"), f);
    CHECK_MESSAGE(!mentions(wf(f), "--index-url"), f);
  }
  for (const std::string f : {"build_portable_linux_pytorch_wheels.yml", "build_windows_pytorch_wheels.yml"}) {
    CHECK_MESSAGE(mentions(wf(f), "--index-url"), f);
    CHECK_MESSAGE(!mentions(wf(f), "--find-links"), f);
  }
}

TEST_CASE("once every release leg is done, one job rewrites the family's staging and release indexes") {
  for (const std::string f : {"release_portable_linux_pytorch_wheels.yml", "release_windows_pytorch_wheels.yml"}) {
    const YAML::Node jobs = wf(f)["jobs"];
    CHECK_MESSAGE(needs_of(jobs["index"]) == Names{"release"}, f);
    CHECK_MESSAGE(jobs["index"]["if"].as<std::string>() == "${{ !cancelled() && github.repository_owner == 'ROCm' }}", f);
    std::vector<std::string> prefixes;
    for (const auto& s : jobs["index"]["steps"]) {
      if (s["run"].as<std::string>("").find("s3_management/manage.py \"${CUSTOM_PREFIX}\"") == std::string::npos) continue;
      CHECK_MESSAGE(!s["if"], f);
      CHECK_MESSAGE(s["env"]["S3_BUCKET_PY"].as<std::string>() == "therock-${{ inputs.release_type }}-python", f);
      prefixes.push_back(s["env"]["CUSTOM_PREFIX"].as<std::string>());
    }
    const std::vector<std::string> staging_then_release = {"${{ inputs.s3_staging_subdir }}/${{ inputs.amdgpu_family }}",
                                                           "${{ inputs.s3_subdir }}/${{ inputs.amdgpu_family }}"};
    CHECK_MESSAGE(prefixes == staging_then_release, f);
  }
}

TEST_CASE("release runs each combination's build, test and promotion in its own instance") {
  const YAML::Node job = wf("release_portable_linux_pytorch_wheels.yml")["jobs"]["release"];
  CHECK(job["uses"].as<std::string>() == "./.github/workflows/build_portable_linux_pytorch_wheels.yml");
  CHECK(job["strategy"]["matrix"]["python_version"].as<std::vector<std::string>>() ==
        std::vector<std::string>{"3.11", "3.12", "3.13"});
  CHECK(job["strategy"]["matrix"]["pytorch_git_ref"].as<std::vector<std::string>>() ==
        std::vector<std::string>{"release/2.7", "release/2.8", "release/2.9", "release/2.10", "nightly"});
  const YAML::Node build = wf("build_portable_linux_pytorch_wheels.yml")["jobs"];
  CHECK(build["test_pytorch_wheels"]["with"]["torch_version"].as<std::string>() ==
        "${{ needs.build_pytorch_wheels.outputs.torch_version }}");
  CHECK(build["upload_pytorch_wheels"]["env"]["TORCH_VERSION"].as<std::string>() ==
        "${{ needs.build_pytorch_wheels.outputs.torch_version }}");
  CHECK_FALSE(build["build_pytorch_wheels"]["strategy"]);
}

TEST_CASE("what CI builds, release builds too: CI's PyTorch ref and Python are in each release matrix") {
  // A ref CI moves to is released as well (pipelines/therock/README.md,
  // "Where a routine change is made"): CI checks what release ships.
  for (const std::string os : {"linux", "windows"}) {
    INFO(os);
    const YAML::Node in = wf("ci_" + os + ".yml")["on"]["workflow_call"]["inputs"];
    const YAML::Node matrix =
        wf(os == "linux" ? "release_portable_linux_pytorch_wheels.yml" : "release_windows_pytorch_wheels.yml")["jobs"]
          ["release"]["strategy"]["matrix"];
    const auto refs = matrix["pytorch_git_ref"].as<std::vector<std::string>>();
    const auto pythons = matrix["python_version"].as<std::vector<std::string>>();
    const std::string ref = in["pytorch_git_ref"]["default"].as<std::string>();
    const std::string python = in["pytorch_python_version"]["default"].as<std::string>();
    CHECK_MESSAGE(std::find(refs.begin(), refs.end(), ref) != refs.end(), "CI builds " << ref << ", which release does not");
    CHECK_MESSAGE(std::find(pythons.begin(), pythons.end(), python) != pythons.end(),
                  "CI builds Python " << python << ", which release does not");
  }
}

TEST_CASE("the PyTorch build jobs take no credentials: the staging job alone logs in, in CI and release") {
  // The build runs PyTorch's build (nightly's from pytorch/pytorch, apex's
  // master), which could ask for an OIDC token itself.
  for (const std::string f : {"build_portable_linux_pytorch_wheels.yml", "build_windows_pytorch_wheels.yml",
                              "build_portable_linux_pytorch_wheels_ci.yml", "build_windows_pytorch_wheels_ci.yml"}) {
    INFO(f);
    const bool release = f.find("_ci.yml") == std::string::npos;
    const std::string platform = f.find("windows") != std::string::npos ? "windows" : "linux";
    const YAML::Node jobs = wf(f)["jobs"];
    const YAML::Node build = jobs["build_pytorch_wheels"], stage = jobs["stage_pytorch_wheels"];
    CHECK_FALSE(build["permissions"]);
    CHECK(wf(f)["permissions"]["id-token"].as<std::string>("none") == "none");
    std::string kept, kept_id, fetched;
    for (const auto& s : build["steps"]) {
      CHECK(s["uses"].as<std::string>("").rfind("aws-actions/", 0) != 0);
      if (s["uses"].as<std::string>("").rfind("actions/upload-artifact@", 0) == 0) {
        kept = s["with"]["name"].as<std::string>();
        kept_id = s["id"].as<std::string>("");
      }
    }
    CHECK(needs_of(stage) == Names{"build_pytorch_wheels"});
    CHECK(stage["permissions"]["id-token"].as<std::string>("") == "write");
    // CI's staging is its upload, which a run from a fork does not make.
    CHECK(stage["if"].as<std::string>("") == (release ? "" : "${{ " + kNotFork + " }}"));
    for (const auto& job : jobs) {
      const std::string id = job.first.as<std::string>();
      INFO(id);
      if (id != "stage_pytorch_wheels" && id != "upload_pytorch_wheels") CHECK_FALSE(job.second["permissions"]);
    }
    // By the id the upload gave, which another leg cannot give its own.
    for (const auto& s : stage["steps"])
      if (s["uses"].as<std::string>("").rfind("actions/download-artifact@", 0) == 0)
        fetched = s["with"]["artifact-ids"].as<std::string>("");
    // Named by the platform too: ci_linux.yml and ci_windows.yml are one run.
    CHECK(kept == "pytorch-wheels-" + platform +
                      "-${{ inputs.amdgpu_family }}-py${{ inputs.python_version }}-torch"
                      "${{ steps.versions.outputs.torch_version }}");
    CHECK(build["outputs"]["wheels_artifact"].as<std::string>("") == "${{ steps." + kept_id + ".outputs.artifact-id }}");
    CHECK(fetched == "${{ needs.build_pytorch_wheels.outputs.wheels_artifact }}");
    if (!release) continue;
    CHECK(needs_of(jobs["test_pytorch_wheels"]).count("stage_pytorch_wheels") == 1);
    CHECK(needs_of(jobs["upload_pytorch_wheels"]).count("stage_pytorch_wheels") == 1);
  }
}

TEST_CASE("a step tools cache entry is restored only where it was built the same way") {
  // CMake refuses a build directory restored into another workspace (the
  // manylinux container's /__w is not the runner's own), and a build for one
  // set of tools lacks another's. So one key, one way of building.
  std::map<std::string, std::string> built_by_key;
  int jobs = 0;
  for (const auto& [name, w] : workflows()) {
    for (const auto& job : w["jobs"]) {
      const YAML::Node container = job.second["container"];
      const StepTools st = step_tools(job.second);
      if (st.key.empty()) continue;  // built afresh (release)
      ++jobs;
      const std::string how = job.second["runs-on"].as<std::string>("") + "\n" +
                              (!container ? "no container" : container.IsScalar() ? container.as<std::string>() : container["image"].as<std::string>()) +
                              "\n" + st.install + "\n" + st.build;
      auto [at, added] = built_by_key.emplace(st.key, how);
      CHECK_MESSAGE(at->second == how, (name + ": job " + job.first.as<std::string>() + " shares key " + st.key));
    }
  }
  // The PyTorch build jobs' in CI: only jobs that hold no credentials, and
  // whose outputs steer none that does, restore the cache.
  CHECK(jobs == 2);
  CHECK(built_by_key.size() == 2);
}

TEST_CASE("a job that holds an OIDC token restores no cache") {
  // Any job of a run on the branch may save a cache entry under a key not
  // yet taken, PyTorch's build too; what a job with the token restored
  // would run with the role it logs in to.
  int jobs = 0;
  for (const auto& [name, w] : workflows()) {
    for (const auto& job : w["jobs"]) {
      if (!holds_oidc_token(job.second)) continue;
      ++jobs;
      INFO(name << ": job " << job.first.as<std::string>());
      for (const auto& s : job.second["steps"]) {
        const std::string uses = s["uses"].as<std::string>("");
        CHECK(uses.rfind("actions/cache@", 0) != 0);
        CHECK(uses.rfind("actions/cache/restore@", 0) != 0);
        if (uses.rfind("actions/setup-", 0) == 0) CHECK(!s["with"]["cache"]);
      }
    }
  }
  CHECK(jobs == 26);  // calling jobs too, which grant the token to the workflows they call
}

TEST_CASE("a job whose outputs a job with an OIDC token reads restores no cache") {
  // What a restored program prints would steer the job with the token:
  // setup's families reach TheRock's build workflows, which write one into
  // a script after the CI role's login. The PyTorch build jobs are the
  // exception: they run PyTorch's build, whose code decides what they output
  // anyway, and the staging job reads only the artifact id they upload.
  const Names runs_others_code = {"build_pytorch_wheels"};
  int reads = 0;
  for (const auto& [name, w] : workflows()) {
    for (const auto& job : w["jobs"]) {
      if (!holds_oidc_token(job.second)) continue;
      const std::string text = YAML::Dump(job.second);
      for (const auto& other : w["jobs"]) {
        const std::string id = other.first.as<std::string>();
        if (text.find("needs." + id + ".outputs.") == std::string::npos) continue;
        ++reads;
        if (std::find(runs_others_code.begin(), runs_others_code.end(), id) != runs_others_code.end()) continue;
        INFO(name << ": job " << job.first.as<std::string>() << " reads the outputs of job " << id);
        CHECK(step_tools(other.second).key.empty());
      }
    }
  }
  CHECK(reads == 18);  // 6 of them the PyTorch build jobs' (staging, and promotion in release)
}

TEST_CASE("a job that checks out another ref builds the step tools from the workflow's own commit") {
  // A release checks out inputs.ref, which may be a branch from before the
  // step tools, or one whose tools take other arguments than this workflow
  // passes. So the tools' sources come from the workflow's commit, in a
  // folder TheRock's .gitignore ignores, without a stored token.
  int jobs = 0, at_ref = 0;
  for (const auto& [name, w] : workflows()) {
    for (const auto& job : w["jobs"]) {
      const auto [key, install, build] = step_tools(job.second);
      if (build.empty()) continue;
      ++jobs;
      INFO(name << ": job " << job.first.as<std::string>());
      bool other_ref = false, from_workflow = false, other_checkout = false;
      std::string tools_ref, persist, sparse;
      for (const auto& s : job.second["steps"]) {
        const YAML::Node with = s["with"];
        if (s["uses"].as<std::string>("").rfind("actions/checkout@", 0) != 0) continue;
        if (!with || !with.IsMap() || with["path"].as<std::string>("") != "build/step-tools-source") other_checkout = true;
        if (!with || !with.IsMap()) continue;
        if (with["path"].as<std::string>("") == "build/step-tools-source") {
          from_workflow = true;
          tools_ref = with["ref"].as<std::string>("");
          persist = with["persist-credentials"].as<std::string>("");
          sparse = with["sparse-checkout"].as<std::string>("");
        } else if (with["ref"]) {
          other_ref = true;
        }
      }
      // (Or a release job that checks out nothing else: the promotion
      // policy's target job reads only what its tool is built with.)
      CHECK((from_workflow == other_ref || (from_workflow && !other_checkout)));
      if (!from_workflow && key.empty()) {  // no cache: it holds credentials, or steers jobs that do (setup)
        CHECK((holds_oidc_token(job.second) || name == "setup.yml"));
        CHECK(build.rfind("cmake -S pipelines/steps -B build/step-tools ", 0) == 0);
        continue;
      }
      if (!from_workflow) {
        CHECK(build.rfind("if [ \"${CACHE_HIT}\" != \"true\" ]; then\n  cmake -S pipelines/steps -B build/step-tools ", 0) == 0);
        CHECK(key.find("-${{ hashFiles('pipelines/steps/**', 'generated/steps/**') }}") != std::string::npos);
        continue;
      }
      ++at_ref;
      CHECK(build.rfind("cmake -S build/step-tools-source/pipelines/steps -B build/step-tools ", 0) == 0);
      CHECK(tools_ref == "${{ github.workflow_sha }}");
      CHECK(persist == "false");
      CHECK(sparse == "pipelines/steps\ngenerated/steps\n");
    }
  }
  CHECK(jobs == 17);
  CHECK(at_ref == 8);
}

TEST_CASE("a release job restores no cache: it builds the step tools afresh and saves none") {
  // A branch's caches are shared by all its runs, and code CI or a release
  // build runs can save one under any key; a release job would run what it
  // restored with the release role.
  int jobs = 0;
  for (const auto& name : reachable(kReleaseEntries)) {
    for (const auto& job : wf(name)["jobs"]) {
      INFO(name << ": job " << job.first.as<std::string>());
      for (const auto& s : job.second["steps"]) CHECK(s["uses"].as<std::string>("").rfind("actions/cache", 0) != 0);
      const auto [key, install, build] = step_tools(job.second);
      if (build.empty()) continue;
      ++jobs;
      CHECK(build.find("CACHE_HIT") == std::string::npos);
    }
  }
  CHECK(jobs == 8);
}

TEST_CASE("the step tools link libraries on hosted Linux runners only") {
  // On Windows a library would be vcpkg's build of it from source (20 to
  // 40 minutes), which a job that holds credentials cannot take from a
  // cache; TheRock keeps development packages out of its build image. The
  // Windows and container jobs build the tools that link none, and hand
  // what a package tool reads to a hosted Linux job.
  int hosted = 0, other = 0;
  for (const auto& [name, w] : workflows()) {
    CHECK_MESSAGE(!mentions(w, "vcpkg"), name);
    for (const auto& job : w["jobs"]) {
      const auto [key, install, build] = step_tools(job.second);
      if (build.empty()) continue;
      INFO(name << ": job " << job.first.as<std::string>());
      if (job.second["runs-on"].as<std::string>("") == "ubuntu-24.04" && !job.second["container"]) {
        ++hosted;
        if (!install.empty()) CHECK(install.rfind("sudo apt-get ", 0) == 0);
        continue;
      }
      ++other;
      CHECK(install.empty());
      CHECK(build.find("-DPIPEC_STEPS_PACKAGES=OFF -DPIPEC_STEPS_JSON=OFF") != std::string::npos);
    }
  }
  CHECK(hosted == 13);
  CHECK(other == 4);
}

TEST_CASE("an input of both triggers is the same input in both lists") {
  int both = 0;
  for (const auto& [name, w] : workflows()) {
    if (!w["on"]["workflow_call"] || !w["on"]["workflow_dispatch"]) continue;
    const YAML::Node call = w["on"]["workflow_call"]["inputs"], dispatch = w["on"]["workflow_dispatch"]["inputs"];
    for (const auto& in : dispatch) {
      const YAML::Node c = call[in.first.as<std::string>()];
      if (!c) continue;
      ++both;
      std::string what = name + ": " + in.first.as<std::string>();
      std::string type = in.second["type"].as<std::string>();
      CHECK_MESSAGE(c["type"].as<std::string>() == (type == "choice" ? "string" : type), what);
      CHECK_MESSAGE(c["required"].as<bool>(false) == in.second["required"].as<bool>(false), what);
      if (c["required"].as<bool>(false)) {
        // A caller must pass a required input: its default fills the dispatch form only.
        CHECK_MESSAGE(!c["default"], what);
      } else if (what == "test_rocm_wheels.yml: package_index_url_base" ||
                 what == "test_pytorch_wheels.yml: package_index_url" ||
                 what == "test_pytorch_wheels_windows.yml: package_index_url") {
        // The nightly index is a manual run's; a caller that leaves it out
        // installs from its find-links alone, as in TheRock.
        CHECK_MESSAGE(!c["default"], what);
        CHECK_MESSAGE(in.second["default"].as<std::string>() == "https://rocm.nightlies.amd.com/v2", what);
      } else {
        CHECK_MESSAGE(c["default"].as<std::string>("<none>") == in.second["default"].as<std::string>("<none>"), what);
      }
    }
  }
  CHECK(both == 76);
}

TEST_CASE("two manual runs on one branch do not cancel each other, nor a manual run a push's") {
  // The event is part of the group: a manual run builds only the families
  // it names (none by default), so it must not cancel a push's or a
  // schedule's run of the same commit. The ref is too: a push of a commit
  // main's run is building to another branch must not cancel main's run.
  const std::string run =
      "${{ github.workflow }}-${{ github.event_name }}-${{ github.ref }}-${{ github.event.number || github.sha }}";
  // Every input a manual run sets is part of the group.
  for (const auto& f : {"ci.yml", "ci_nightly.yml", "ci_asan.yml", "ci_tsan.yml"}) {
    const std::string group = wf(f)["concurrency"]["group"].as<std::string>();
    CHECK(group.starts_with(run + "-"));
    int inputs = 0;
    for (const auto& in : wf(f)["on"]["workflow_dispatch"]["inputs"]) {
      ++inputs;
      const std::string name = in.first.as<std::string>();
      CHECK_MESSAGE(group.find("${{ inputs." + name + " }}") != std::string::npos, f << ": " << name);
    }
    CHECK(inputs >= 3);
  }
  CHECK(wf("ci_asan.yml")["concurrency"]["group"].as<std::string>() ==
        run + "-${{ inputs.linux_amdgpu_families }}-${{ inputs.linux_use_prebuilt_artifacts }}-${{ inputs.artifact_run_id }}");
  // The sanitizer entries build Linux only and never PyTorch.
  for (const auto& f : {"ci_asan.yml", "ci_tsan.yml"}) {
    CHECK(wf(f)["jobs"]["setup"]["with"]["build_variant"].as<std::string>() == std::string(f).substr(3, 4));
    CHECK(!wf(f)["jobs"]["windows_build_and_test"]);
    CHECK(!wf(f)["jobs"]["linux_build_and_test"]["with"]["build_pytorch"]);
  }
}

TEST_CASE("one release at a time writes a staging folder, from Linux or Windows") {
  // The folder is therock-<release_type>-python/<s3_staging_subdir>/<family>/;
  // the Linux and Windows releases of one family share it and its index.
  const std::string folder =
      "release-pytorch-therock-${{ inputs.release_type }}-python-${{ inputs.s3_staging_subdir }}-${{ inputs.amdgpu_family }}";
  for (const auto& f : {"release_portable_linux_pytorch_wheels.yml", "release_windows_pytorch_wheels.yml"}) {
    CHECK(wf(f)["concurrency"]["group"].as<std::string>() == folder);
    CHECK(wf(f)["concurrency"]["cancel-in-progress"].as<bool>() == false);
  }
  for (const auto& f : {"build_portable_linux_pytorch_wheels.yml", "build_windows_pytorch_wheels.yml"}) {
    int uploads = 0;
    each_step(f, [&](const YAML::Node&, const YAML::Node& step) {
      if (step["name"].as<std::string>("") != "Upload wheels to S3 staging") return;
      ++uploads;
      CHECK(step["run"].as<std::string>().find("\"s3://therock-${RELEASE_TYPE}-python/${S3_STAGING_SUBDIR}/${AMDGPU_FAMILY}/\"") !=
            std::string::npos);
      CHECK(step["env"]["RELEASE_TYPE"].as<std::string>() == "${{ inputs.release_type }}");
      CHECK(step["env"]["S3_STAGING_SUBDIR"].as<std::string>() == "${{ inputs.s3_staging_subdir }}");
      CHECK(step["env"]["AMDGPU_FAMILY"].as<std::string>() == "${{ inputs.amdgpu_family }}");
    });
    CHECK_MESSAGE(uploads == 1, f);
  }
}

TEST_CASE("secrets reach only the entry jobs that run benchmarks") {
  // The benchmark database's URLs are the only secrets any called workflow reads.
  int inherit = 0;
  for (const auto& f : {"ci.yml", "ci_nightly.yml", "ci_asan.yml", "ci_tsan.yml"}) {
    for (const auto& job : wf(f)["jobs"]) {
      const YAML::Node with = job.second["with"];
      const bool benchmarks = with && with["benchmark_runs_on"];
      CHECK_MESSAGE(static_cast<bool>(job.second["secrets"]) == benchmarks, f << ": " << job.first.as<std::string>());
      inherit += benchmarks;
    }
  }
  CHECK(inherit == 2);
  // Below them, only the benchmarks get them: TheRock's artifact builds
  // read none.
  for (const auto& f : {"ci_linux.yml", "ci_windows.yml"}) {
    Names with_secrets;
    for (const auto& job : wf(f)["jobs"]) {
      if (job.second["secrets"]) with_secrets.insert(job.first.as<std::string>());
    }
    CHECK_MESSAGE(with_secrets == Names{"test_benchmarks"}, f);
  }
}

TEST_CASE("CI's tests install from the run's find-links folder only") {
  // The inputs' defaults are TheRock's nightly index, for manual runs: in
  // their dispatch forms alone, so CI leaves them out (the test above holds
  // that their call inputs have no default).
  for (const auto& f : {"ci_linux.yml", "ci_windows.yml"}) {
    const YAML::Node jobs = wf(f)["jobs"];
    CHECK(!jobs["test_rocm_wheels"]["with"]["package_index_url_base"]);
    CHECK(!jobs["test_pytorch_wheels"]["with"]["package_index_url"]);
    for (const auto& job : {"test_rocm_wheels", "test_pytorch_wheels"}) {
      CHECK(jobs[job]["with"]["package_find_links_url"].as<std::string>() ==
            "${{ needs.build_python_packages.outputs.package_find_links_url }}");
    }
  }
  CHECK(wf("test_rocm_wheels.yml")["on"]["workflow_dispatch"]["inputs"]["package_index_url_base"]["default"]
            .as<std::string>() == "https://rocm.nightlies.amd.com/v2");
  CHECK(wf("test_pytorch_wheels.yml")["on"]["workflow_dispatch"]["inputs"]["package_index_url"]["default"]
            .as<std::string>() == "https://rocm.nightlies.amd.com/v2");
}

TEST_CASE("the GPU test containers run as root, with TheRock's GPU groups and isolation settings") {
  const std::string options =
      "--ipc host --group-add video --device /dev/kfd --device /dev/dri --group-add 992 --group-add 110 "
      "--env-file /etc/podinfo/gha-gpu-isolation-settings --user 0:0";
  for (const std::string f : {"test_rocm_wheels.yml", "test_pytorch_wheels.yml"}) {
    CHECK_MESSAGE(wf(f)["jobs"]["test_wheels"]["container"]["options"].as<std::string>("") == options, f);
  }
}

TEST_CASE("manage.py rewrites the index of the release bucket, which it reads from S3_BUCKET_PY") {
  int steps = 0;
  for (const auto& [name, _] : workflows()) {
    each_step(name, [&](const YAML::Node&, const YAML::Node& s) {
      if (s["run"].as<std::string>("").find("s3_management/manage.py") == std::string::npos) return;
      ++steps;
      const std::string what = name + ": " + s["name"].as<std::string>("");
      CHECK_MESSAGE(s["env"]["S3_BUCKET_PY"].as<std::string>("") == "therock-${{ inputs.release_type }}-python", what);
    });
  }
  CHECK(steps == 8);  // staging and release index, Linux and Windows, in each leg and once after all
}

TEST_CASE("a PyTorch build installs packaging before build_prod_wheels.py, and Windows checks out afresh with long paths") {
  int builds = 0, checkouts = 0;
  for (const auto& [name, w] : workflows()) {
    for (const auto& job : w["jobs"]) {
      bool packaging = false, removed = false;
      for (const auto& s : job.second["steps"]) {
        const std::string run = s["run"].as<std::string>("");
        if (run == "pip install packaging") packaging = true;
        // The scale set's B: drive may keep an earlier job's checkouts.
        if (run == "rm -rf \"${CHECKOUT_ROOT}/torch\" \"${CHECKOUT_ROOT}/audio\" \"${CHECKOUT_ROOT}/vision\"")
          removed = true;
        if (run.find("build_prod_wheels.py build") != std::string::npos) {
          ++builds;
          CHECK_MESSAGE(packaging, name);
        }
        if (run.find("pytorch_torch_repo.py checkout --checkout-dir") != std::string::npos) {  // Windows builds
          ++checkouts;
          CHECK_MESSAGE(removed, name);
          CHECK_MESSAGE(run.rfind("git config --global core.longpaths true\n", 0) == 0, name);
        }
      }
    }
  }
  CHECK(builds == 4);
  CHECK(checkouts == 4);  // nightly and stable, release and CI
}

TEST_CASE("the wheels the build wrote are the ones staged") {
  // PyTorch's projects' wheels alone, in CI and release: the build could
  // make any wheel (rocm_sdk_core, numpy), which the index the test
  // installs from would then offer; in CI, over the run's own ROCm package.
  // In a container job, ${{ github.workspace }} is the host's path and the
  // working directory the container's (actions/runner#2058), so a relative
  // path and PACKAGE_DIST_DIR name different folders there: the build and
  // the artifact's upload both name PACKAGE_DIST_DIR. CI's staging job
  // uploads the folder it downloads them to.
  int builds = 0, uploads = 0;
  for (const auto& [name, w] : workflows()) {
    for (const auto& job : w["jobs"]) {
      std::string build, kept;
      for (const auto& s : job.second["steps"]) {
        if (s["run"].as<std::string>("").find("build_prod_wheels.py build") != std::string::npos)
          build = s["run"].as<std::string>("");
        if (s["uses"].as<std::string>("").rfind("actions/upload-artifact@", 0) == 0)
          kept = s["with"]["path"].as<std::string>("");
      }
      if (build.empty()) continue;
      ++builds;
      bool windows = name.find("windows") != std::string::npos;
      CHECK_MESSAGE(build.find(windows ? "--output-dir \"%PACKAGE_DIST_DIR%\"" : "--output-dir \"${PACKAGE_DIST_DIR}\"") !=
                        std::string::npos,
                    name);
      std::string expected = "${{ env.PACKAGE_DIST_DIR }}/torch-*.whl\n${{ env.PACKAGE_DIST_DIR }}/torchaudio-*.whl\n"
                             "${{ env.PACKAGE_DIST_DIR }}/torchvision-*.whl\n";
      if (!windows) expected += "${{ env.PACKAGE_DIST_DIR }}/triton-*.whl\n${{ env.PACKAGE_DIST_DIR }}/apex-*.whl\n";
      CHECK_MESSAGE(kept == expected, name);
    }
    std::string fetched, upload;
    each_step(name, [&](const YAML::Node&, const YAML::Node& s) {
      if (s["uses"].as<std::string>("").rfind("actions/download-artifact@", 0) == 0)
        fetched = s["with"]["path"].as<std::string>("");
      if (s["name"].as<std::string>("") == "Upload wheels next to the run's ROCm packages")
        upload = s["run"].as<std::string>("");
    });
    if (upload.empty()) continue;
    ++uploads;
    CHECK_MESSAGE(fetched == "packages/dist", name);
    CHECK_MESSAGE(upload.find("--input-packages-dir packages \\\n") != std::string::npos, name);
  }
  CHECK(builds == 4);
  CHECK(uploads == 2);
}

TEST_CASE("build_prod_wheels.py gets determine_version's arguments as separate words, or none") {
  // Each ${{ }} value is one word, so the script reads the variable itself,
  // unquoted: "--rocm-sdk-version ==V --version-suffix +rocmV" as one
  // argument (or an empty one) would fail the build.
  int builds = 0;
  for (const auto& [name, w] : workflows()) {
    for (const auto& job : w["jobs"]) {
      for (const auto& s : job.second["steps"]) {
        const std::string run = s["run"].as<std::string>("");
        if (run.find("build_prod_wheels.py build") == std::string::npos) continue;
        ++builds;
        bool windows = s["shell"].as<std::string>("") == "cmd";
        const std::string tail = windows ? " %optional_build_prod_arguments%\n" : " ${optional_build_prod_arguments}\n";
        CHECK_MESSAGE(run.ends_with(tail), name);
        if (!windows) CHECK_MESSAGE(run.rfind("# shellcheck disable=SC2086 ", 0) == 0, name);
      }
    }
  }
  CHECK(builds == 4);
}

TEST_CASE("Windows runs the PyTorch tests for torch 2.9 only, and exits with the code the test process wrote") {
  const std::string gate = "${{ !inputs.smoke_tests_only && startsWith(inputs.torch_version, '2.9.') }}";
  const YAML::Node steps = wf("test_pytorch_wheels_windows.yml")["jobs"]["test_wheels"]["steps"];
  size_t at = 0;
  while (at < steps.size() && steps[at]["run"].as<std::string>("").find("run_pytorch_tests.py") == std::string::npos) ++at;
  REQUIRE(at + 1 < steps.size());
  CHECK(steps[at]["if"].as<std::string>("") == gate);
  CHECK(steps[at]["continue-on-error"].as<bool>(false));
  CHECK(steps[at + 1]["if"].as<std::string>("") == gate);
  CHECK(steps[at + 1]["run"].as<std::string>("").find("EXIT_CODE=$(cat run_pytorch_tests_exit_code.txt)") !=
        std::string::npos);
  for (const auto& s : wf("test_pytorch_wheels.yml")["jobs"]["test_wheels"]["steps"]) {
    CHECK_FALSE(s["continue-on-error"]);
    // The summary, which needs an index URL, and the test suites, which a
    // smoke test skips, are the steps with a condition.
    const std::string name = s["name"].as<std::string>("");
    if (name == "PyTorch tests") CHECK(s["if"].as<std::string>("") == "${{ !inputs.smoke_tests_only }}");
    else if (name != "Summarize workflow inputs") CHECK_FALSE(s["if"]);
  }
}

TEST_CASE("the PyTorch test suites stop at 120 minutes, and the test job is named by the PyTorch ref") {
  // CI runs them on every push to main: a hang held a GPU runner for
  // GitHub's 360 minutes. A name with the torch version, which in CI holds
  // the commit, changed with every commit.
  for (const std::string f : {"test_pytorch_wheels.yml", "test_pytorch_wheels_windows.yml"}) {
    INFO(f);
    const YAML::Node job = wf(f)["jobs"]["test_wheels"];
    CHECK(job["name"].as<std::string>("") == "Test | ${{ inputs.amdgpu_family }} | torch ${{ inputs.pytorch_git_ref }}");
    int suites = 0;
    for (const auto& s : job["steps"]) {
      if (s["run"].as<std::string>("").find("run_pytorch_tests.py") == std::string::npos) continue;
      ++suites;
      CHECK(s["timeout-minutes"].as<int>(0) == 120);
    }
    CHECK(suites == 1);
  }
}

TEST_CASE("CI runs the smoke tests alone for a family whose ROCm tests are sanity checks only") {
  for (const std::string file : {"ci_linux.yml", "ci_windows.yml"}) {
    INFO(file);
    const YAML::Node with = wf(file)["jobs"]["test_pytorch_wheels"]["with"];
    CHECK(with["smoke_tests_only"].as<std::string>("") == "${{ inputs.sanity_check_only_for_family }}");
  }
  // Release leaves it to its default: the full test.
  for (const std::string file : {"build_portable_linux_pytorch_wheels.yml", "build_windows_pytorch_wheels.yml"}) {
    INFO(file);
    CHECK_FALSE(wf(file)["jobs"]["test_pytorch_wheels"]["with"]["smoke_tests_only"]);
  }
  CHECK(wf("test_pytorch_wheels.yml")["on"]["workflow_call"]["inputs"]["smoke_tests_only"]["default"].as<std::string>("") ==
        "false");
}

namespace {

// Runs a bash step's script as GitHub does (bash --noprofile --norc -eo
// pipefail), its env: given by hand, with a fake command first on PATH (a
// shell script, which finds the file LOG names). Gives the exit status,
// what the script wrote to GITHUB_ENV (written) or what the fake wrote to
// LOG (written, with run_with_aws), and what the script printed (stdout
// and stderr), which the checks hold too rather than let it reach the
// test's own log.
struct StepRun {
  int status;
  std::string written, output;
  bool operator==(const StepRun&) const = default;
};
std::ostream& operator<<(std::ostream& os, const StepRun& r) {
  return os << "{status " << r.status << ", written \"" << r.written << "\", output \"" << r.output << "\"}";
}

StepRun run_step(const std::string& script, const std::string& env, const std::string& fake, const std::string& fake_script,
                 const std::string& written_file) {
  fs::path dir = fs::temp_directory_path() / ("pipec-contract-" + std::to_string(getpid()));
  fs::create_directories(dir / "bin");
  std::ofstream(dir / "step.sh") << script;
  std::ofstream(dir / "bin" / fake) << "#!/bin/sh\n" << fake_script;
  fs::permissions(dir / "bin" / fake, fs::perms::owner_all);
  std::ofstream(dir / "github_env").close();
  std::ofstream(dir / "log").close();
  std::string cmd = "cd '" + dir.string() + "' && env " + env + " GITHUB_ENV='" + (dir / "github_env").string() + "' LOG='" +
                    (dir / "log").string() + "' PATH='" + (dir / "bin").string() +
                    ":/usr/bin:/bin' bash --noprofile --norc -eo pipefail step.sh > output 2>&1";
  int status = std::system(cmd.c_str());
  std::stringstream written, output;
  written << std::ifstream(dir / written_file).rdbuf();
  output << std::ifstream(dir / "output").rdbuf();
  fs::remove_all(dir);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, written.str(), output.str()};
}

// With a fake gh that prints gh_prints and exits gh_exit; written is what
// the script wrote to GITHUB_ENV.
StepRun run_with_gh(const std::string& script, const std::string& env, const std::string& gh_prints, int gh_exit) {
  return run_step(script, env, "gh", "printf '%s\\n' '" + gh_prints + "'\nexit " + std::to_string(gh_exit) + "\n", "github_env");
}

// With a fake aws that logs its arguments, one per line, and succeeds;
// written is that log.
StepRun run_with_aws(const std::string& script, const std::string& env) {
  return run_step(script, env, "aws", "for a in \"$@\"; do printf '%s\\n' \"$a\"; done >> \"$LOG\"\n", "log");
}

}  // namespace

TEST_CASE("setup stops when gh cannot read the pull request's labels, instead of running without them") {
  // configure_ci reads an empty PR_LABELS as no labels, so skip-ci or
  // build:pytorch would be lost without a word.
  const YAML::Node steps = wf("setup.yml")["jobs"]["setup"]["steps"];
  YAML::Node labels;
  for (size_t i = 0; i < steps.size(); ++i) {
    if (steps[i]["name"].as<std::string>("") == "Set PR_LABELS variable with labels assigned to pull request") labels = steps[i];
  }
  REQUIRE(labels);
  REQUIRE(labels["env"]["PR_NUMBER"].as<std::string>() == "${{ github.event.number }}");
  const std::string script = labels["run"].as<std::string>();
  const std::string json = R"({"labels":[{"name":"skip-ci"}]})";
  CHECK(run_with_gh(script, "PR_NUMBER=7", json, 0) == StepRun{0, "PR_LABELS=" + json + "\n", ""});
  CHECK(run_with_gh(script, "PR_NUMBER=7", "HTTP 502", 1) == StepRun{1, "", ""});
}

TEST_CASE("the promotion copies the leg's own wheels, and refuses versions that are patterns") {
  // The versions come from the build job, which runs PyTorch's build; in
  // an --include a "*" would copy every wheel of the staging folder.
  for (const std::string f : {"build_portable_linux_pytorch_wheels.yml", "build_windows_pytorch_wheels.yml"}) {
    INFO(f);
    const bool linux = f.find("linux") != std::string::npos;
    std::string script;
    each_step(f, [&](const YAML::Node&, const YAML::Node& s) {
      if (s["name"].as<std::string>("") == "Copy the tested wheels from staging to release") script = s["run"].as<std::string>();
    });
    REQUIRE(!script.empty());
    const std::string where = "RELEASE_TYPE=nightly S3_STAGING_SUBDIR=v2-staging S3_SUBDIR=v2 AMDGPU_FAMILY=gfx1151 cp_version=cp312";
    const std::string versions = "TORCH_VERSION=2.10.0+rocm7.12.0a20260211 TORCHAUDIO_VERSION=2.10.0+rocm7.12.0a20260211 "
                                 "TORCHVISION_VERSION=0.25.0+rocm7.12.0a20260211 TRITON_VERSION=3.5.0+rocm7.12.0a20260211 "
                                 "APEX_VERSION=1.10.0+rocm7.12.0a20260211";
    const std::string tag = linux ? "linux_x86_64" : "win_amd64";
    std::string expected = "s3\ncp\ns3://therock-nightly-python/v2-staging/gfx1151/\ns3://therock-nightly-python/v2/gfx1151/\n"
                           "--recursive\n--exclude\n*\n"
                           "--include\ntorch-2.10.0+rocm7.12.0a20260211-cp312-" + tag + ".whl\n"
                           "--include\ntorchaudio-2.10.0+rocm7.12.0a20260211-cp312-" + tag + ".whl\n"
                           "--include\ntorchvision-0.25.0+rocm7.12.0a20260211-cp312-" + tag + ".whl\n";
    if (linux)
      expected += "--include\ntriton-3.5.0+rocm7.12.0a20260211-cp312-" + tag + ".whl\n"
                  "--include\napex-1.10.0+rocm7.12.0a20260211-cp312-" + tag + ".whl\n";
    CHECK(run_with_aws(script, where + " " + versions) == StepRun{0, expected, ""});
    // What the build may not name: patterns, paths, nothing but a version;
    // nor nothing (a failed build the policy promotes anyway).
    for (const std::string bad : {"'*'", "'2.10.0?'", "'[0-9]*'", "'2.10/../x'", "'2.10.0 --include *'", "''"}) {
      INFO(bad);
      CHECK(run_with_aws(script, where + " " + versions + " TORCHVISION_VERSION=" + bad) ==
            StepRun{1, "", "::error::TORCHVISION_VERSION from the build is not a wheel version\n"});
    }
  }
}

TEST_CASE("the promotion logs in, copies and indexes only when the leg's wheels were staged") {
  // On a release branch the policy promotes whatever the build did
  // (TheRock's first rule): a failed build stages nothing, and the release
  // role is then not assumed for a copy of nothing.
  for (const std::string f : {"build_portable_linux_pytorch_wheels.yml", "build_windows_pytorch_wheels.yml"}) {
    INFO(f);
    const YAML::Node job = wf(f)["jobs"]["upload_pytorch_wheels"];
    REQUIRE(job);
    std::vector<std::string> gated;
    for (const auto& step : job["steps"]) {
      const std::string name = step["name"].as<std::string>("");
      const std::string cond = step["if"].as<std::string>("");
      if (cond.find("needs.stage_pytorch_wheels.result == 'success'") != std::string::npos) gated.push_back(name);
    }
    CHECK(gated == std::vector<std::string>{"Configure AWS Credentials", "Copy the tested wheels from staging to release",
                                            "(Re-)Generate Python package release index"});
  }
}

TEST_CASE("release stages the wheels the build kept") {
  // The build keeps PyTorch's projects' wheels alone (the wheels the build
  // wrote are the ones staged), in CI and release.
  for (const std::string f : {"build_portable_linux_pytorch_wheels.yml", "build_windows_pytorch_wheels.yml"}) {
    INFO(f);
    std::string run;
    each_step(f, [&](const YAML::Node&, const YAML::Node& s) {
      if (s["name"].as<std::string>("") == "Upload wheels to S3 staging") run = s["run"].as<std::string>();
    });
    CHECK(run == "aws s3 cp packages/dist \"s3://therock-${RELEASE_TYPE}-python/${S3_STAGING_SUBDIR}/${AMDGPU_FAMILY}/\" \\\n"
                 "  --recursive --exclude \"*\" --include \"*.whl\"\n");
  }
}
