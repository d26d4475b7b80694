#include "packages/step_output.h"

#include "runtime/text.h"

namespace steps::packages {

void RecordedOutput::line(std::string_view text) { lines.emplace_back(text); }

void RecordedOutput::set_output(std::string_view key, std::string_view value) {
  outputs.emplace_back(std::string(key), std::string(value));
}

void RecordedOutput::append_summary(std::string_view markdown) { summaries.emplace_back(markdown); }

void OneLineOutput::line(std::string_view text) { next_.line(runtime::one_line(text)); }

}  // namespace steps::packages
