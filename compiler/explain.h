// `pipec explain`: which workflows, jobs and matrix legs would run for an
// event, found by simulating the compiled workflows: job conditions and
// matrices are evaluated with GitHub's semantics, reusable workflows are
// followed with the inputs they would get, and the outputs of known step
// tools (configure_ci) are computed by the same code the step executable runs.
#pragma once

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "diag.h"
#include "program.h"

namespace pipec {

struct ExplainEvent {
  std::string event;   // push, pull_request, schedule, workflow_dispatch
  std::string branch = "main";
  std::string repository = "ROCm/TheRock";  // OWNER/NAME, where the run is
  std::string tag;     // a push of this tag instead of a branch
  std::vector<std::string> labels;
  std::map<std::string, std::string> inputs;
  std::vector<std::string> changed;
  bool fork = false;     // a pull request from a fork
  std::string activity = "synchronize";  // a pull request's activity type
  std::string workflow;  // only this entry workflow: its path or a tail of it
};

// Computes a step's outputs when it knows the step. `env` holds the step's
// environment, already evaluated. Lines in `notes` are printed under the step.
using StepOracle = std::function<bool(const Value& step, const nlohmann::json& env, const ExplainEvent& event,
                                      nlohmann::json& outputs, std::vector<std::string>& notes)>;

std::string explain(const Program& program, const ExplainEvent& event, const StepOracle& oracle,
                    Diagnostics& diags);

}  // namespace pipec
