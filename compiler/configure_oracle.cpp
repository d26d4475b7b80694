#include "configure_oracle.h"

#include "configure_ci.h"
#include "runtime/step_error.h"

namespace pipec {
namespace {

std::string text(const Value* v) { return v && v->is_string() ? v->text : ""; }
bool flag(const Value* v) { return v && v->kind == Value::Kind::Bool && v->boolean; }

std::vector<steps::configure_ci::Family> families_of(const Program& program) {
  std::vector<steps::configure_ci::Family> out;
  for (const auto& t : program.tables) {
    if (t.name != "gpu_families") continue;
    for (const auto& row : t.rows->items) {
      steps::configure_ci::Family f;
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

}  // namespace

StepOracle configure_oracle(const Program& program) {
  auto families = families_of(program);
  return [families](const Value& step, const nlohmann::json& env, const ExplainEvent& event, nlohmann::json& outputs,
                    std::vector<std::string>& notes) {
    const Value* tool = step.get("tool");
    const Value* name = tool && tool->tag == "tool" ? tool->get("name") : nullptr;
    if (!name || name->text != "configure_ci") return false;
    if (families.empty()) {
      notes.push_back("(no gpu_families table in the pipelines: configure_ci not run)");
      return false;
    }
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
    steps::configure_ci::Result r;
    try {
      r = steps::configure_ci::configure(e, families);
    } catch (const steps::InputError& err) {
      notes.push_back(std::string("configure_ci fails: ") + err.what());
      return true;
    }
    for (const auto& [k, v] : r.outputs) outputs[k] = v;
    auto describe = [](const char* platform, const std::vector<std::pair<std::string, bool>>& rows) {
      std::string all, torch;
      for (const auto& [family, pytorch] : rows) {
        all += (all.empty() ? "" : ", ") + family;
        if (pytorch) torch += (torch.empty() ? "" : ", ") + family;
      }
      return std::string(platform) + ": " + (all.empty() ? "(none)" : all) + "; PyTorch: " + (torch.empty() ? "none" : torch);
    };
    notes.push_back(describe("linux", r.linux_rows));
    notes.push_back(describe("windows", r.windows_rows));
    for (const auto& [k, v] : r.outputs) {
      if (k == "enable_build_jobs" || k == "test_type") notes.push_back(k + "=" + v);
    }
    for (const auto& l : r.lines) notes.push_back(l);
    return true;
  };
}

}  // namespace pipec
