// Where a step's results go. The generated main() of a step passes a sink that
// prints lines to stdout, appends outputs to $GITHUB_OUTPUT and sections to
// $GITHUB_STEP_SUMMARY; tests pass a RecordedOutput and compare what it holds.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace steps::packages {

class StepOutput {
 public:
  virtual ~StepOutput() = default;
  // One line of the step's log (stdout), without the newline.
  virtual void line(std::string_view text) = 0;
  // One `key=value` pair for $GITHUB_OUTPUT, in the order given.
  virtual void set_output(std::string_view key, std::string_view value) = 0;
  // One Markdown section for $GITHUB_STEP_SUMMARY (the sink separates sections).
  virtual void append_summary(std::string_view markdown) = 0;
};

// Keeps everything in memory, in order.
class RecordedOutput : public StepOutput {
 public:
  void line(std::string_view text) override;
  void set_output(std::string_view key, std::string_view value) override;
  void append_summary(std::string_view markdown) override;

  std::vector<std::string> lines;
  std::vector<std::pair<std::string, std::string>> outputs;
  std::vector<std::string> summaries;
};

// Passes everything on to `next`, each log line as one line whatever names
// it echoes (runtime::one_line): a line break in a wheel's or an S3 key's
// name would begin a line the runner reads as a command (::error::).
class OneLineOutput : public StepOutput {
 public:
  explicit OneLineOutput(StepOutput& next) : next_(next) {}
  void line(std::string_view text) override;
  void set_output(std::string_view key, std::string_view value) override { next_.set_output(key, value); }
  void append_summary(std::string_view markdown) override { next_.append_summary(markdown); }

 private:
  StepOutput& next_;
};

}  // namespace steps::packages
