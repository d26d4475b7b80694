#include "step_oracle.h"

#include "configure_ci.h"
#include "release/release.h"
#include "runtime/step_error.h"

namespace pipec {
namespace {

std::string text(const Value* v) { return v && v->is_string() ? v->text : ""; }
bool flag(const Value* v) { return v && v->kind == Value::Kind::Bool && v->boolean; }

using Family = steps::configure_ci::Family;

std::vector<Family> families_of(const Program& program) {
  std::vector<Family> out;
  for (const auto& t : program.tables) {
    if (t.name != "gpu_families") continue;
    for (const auto& row : t.rows->items) {
      Family f;
      f.key = text(row->get("key"));
      f.trigger = text(row->get("trigger"));
      f.platform = text(row->get("platform"));
      f.family = text(row->get("family"));
      f.runner = text(row->get("runner"));
      f.multi_gpu_runner = text(row->get("multi_gpu_runner"));
      f.benchmark_runner = text(row->get("benchmark_runner"));
      if (const Value* vs = row->get("build_variants")) {
        for (const auto& v : vs->items) f.build_variants.push_back(text(v.get()));
      }
      if (const Value* ks = row->get("kernel_runners")) {
        for (const auto& k : ks->fields) f.kernel_runners.push_back({k.key, text(k.value.get())});
      }
      f.expect_failure = flag(row->get("expect_failure"));
      f.expect_pytorch_failure = flag(row->get("expect_pytorch_failure"));
      f.sanity_only = flag(row->get("sanity_only"));
      f.bypass_tests = flag(row->get("bypass_tests"));
      f.pytorch_presubmit = flag(row->get("pytorch_presubmit"));
      out.push_back(f);
    }
    break;
  }
  return out;
}

std::string env_text(const nlohmann::json& env, const char* key) {
  auto it = env.find(key);
  if (it == env.end() || it->is_null()) return "";
  return it->is_string() ? it->get<std::string>() : it->dump();
}

// configure_ci: the families each platform builds, and which build PyTorch.
void configure_ci(const std::vector<Family>& families, const nlohmann::json& env, const ExplainEvent& event,
                  nlohmann::json& outputs, std::vector<std::string>& notes) {
  steps::configure_ci::Event e;
  e.event_name = event.event;
  e.ref_name = event.branch;
  e.pr_labels = event.event == "pull_request" ? event.labels : std::vector<std::string>{};
  e.linux_families = env_text(env, "INPUT_LINUX_AMDGPU_FAMILIES");
  e.windows_families = env_text(env, "INPUT_WINDOWS_AMDGPU_FAMILIES");
  e.linux_test_labels = env_text(env, "LINUX_TEST_LABELS");
  e.windows_test_labels = env_text(env, "WINDOWS_TEST_LABELS");
  e.build_pytorch = env_text(env, "INPUT_BUILD_PYTORCH");
  std::string variant = env_text(env, "BUILD_VARIANT");
  if (!variant.empty()) e.build_variant = variant;
  e.additional_label_options = env_text(env, "ADDITIONAL_LABEL_OPTIONS");
  e.multi_arch = env_text(env, "MULTI_ARCH") == "true";
  e.changed_paths = event.changed;
  steps::configure_ci::Result r = steps::configure_ci::configure(e, families);
  for (const auto& [k, v] : r.outputs) outputs[k] = v;
  auto describe = [](const char* platform, const std::vector<steps::configure_ci::ReportRow>& rows) {
    std::string all, torch;
    for (const auto& row : rows) {
      all += (all.empty() ? "" : ", ") + row.family;
      if (row.build_pytorch) torch += (torch.empty() ? "" : ", ") + row.family;
    }
    return std::string(platform) + ": " + (all.empty() ? "(none)" : all) + "; PyTorch: " + (torch.empty() ? "none" : torch);
  };
  notes.push_back(describe("linux", r.linux_rows));
  notes.push_back(describe("windows", r.windows_rows));
  for (const auto& [k, v] : r.outputs) {
    if (k == "enable_build_jobs" || k == "test_type") notes.push_back(k + "=" + v);
  }
  for (const auto& l : r.lines) notes.push_back(l);
}

// configure_target_run: a release target's test runner and bypass flag.
void configure_target_run(const std::vector<Family>& families, const nlohmann::json& env, nlohmann::json& outputs,
                          std::vector<std::string>& notes) {
  auto run = steps::release::configure_target_run(env_text(env, "TARGET"), env_text(env, "PLATFORM"), families);
  if (run.test_runs_on) {
    outputs["test-runs-on"] = *run.test_runs_on;
    notes.push_back("test-runs-on=" + *run.test_runs_on);
  } else {
    notes.push_back("no test runner");
  }
  if (run.bypass_tests) {
    outputs["bypass_tests_for_releases"] = "True";
    notes.push_back("bypass_tests_for_releases=True");
  }
}

// promote_wheels_based_on_policy: whether the tested wheels are promoted,
// from the results explain has for the build and test jobs.
void promote(const nlohmann::json& env, std::vector<std::string>& notes) {
  auto p = steps::release::promote_wheels_based_on_policy(
      {env_text(env, "BUILD_RESULT"), env_text(env, "TEST_RESULT"), env_text(env, "TEST_RUNS_ON"),
       env_text(env, "BYPASS_TESTS_FOR_RELEASES"), env_text(env, "GITHUB_REF_NAME")});
  if (!p.annotation.empty()) notes.push_back(p.annotation);
  notes.push_back(std::string("upload=") + (p.upload ? "true" : "false"));
}

}  // namespace

StepOracle step_oracle(const Program& program) {
  auto families = families_of(program);
  return [families](const Value& step, const nlohmann::json& env, const ExplainEvent& event, nlohmann::json& outputs,
                    std::vector<std::string>& notes) {
    const Value* tool = step.get("tool");
    const Value* name = tool && tool->tag == "tool" ? tool->get("name") : nullptr;
    if (!name) return false;
    const std::string& n = name->text;
    if (n != "configure_ci" && n != "configure_target_run" && n != "promote_wheels_based_on_policy") return false;
    if (families.empty() && n != "promote_wheels_based_on_policy") {
      notes.push_back("(no gpu_families table in the pipelines: " + n + " not run)");
      return false;
    }
    try {
      if (n == "configure_ci") configure_ci(families, env, event, outputs, notes);
      if (n == "configure_target_run") configure_target_run(families, env, outputs, notes);
      if (n == "promote_wheels_based_on_policy") promote(env, notes);
    } catch (const steps::InputError& err) {
      notes.push_back(n + " fails: " + err.what());
    }
    return true;
  };
}

}  // namespace pipec
