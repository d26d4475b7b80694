// Bridges the packages' StepOutput to a generated step interface: log lines
// go to the step's log, outputs and summary sections are kept for the
// adapter to put into the step's Outputs.
#pragma once

#include <map>
#include <string>

#include "packages/step_output.h"
#include "runtime/step_main.h"

namespace steps::packages {

class LogOutput : public StepOutput {
 public:
  explicit LogOutput(runtime::Log& log) : log_(log) {}
  void line(std::string_view text) override { log_.line(text); }
  void set_output(std::string_view key, std::string_view value) override { outputs[std::string(key)] = value; }
  void append_summary(std::string_view markdown) override {
    summary += (summary.empty() ? "" : "\n\n") + std::string(markdown);
  }

  std::map<std::string, std::string> outputs;
  std::string summary;

 private:
  runtime::Log& log_;
};

}  // namespace steps::packages
