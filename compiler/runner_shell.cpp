#include "runner_shell.h"

#include "ascii.h"
#include "known_texts.h"

namespace pipec {
namespace {

// The labels runs-on names: in a list, a { group labels } block or alone.
KnownTexts labels_of(const Value& v, const Value& job) {
  if (v.kind == Value::Kind::List) {
    // Several labels name one runner: the one that names a system says.
    KnownTexts out = std::vector<std::string>{};
    for (const auto& item : v.items) {
      KnownTexts more = labels_of(*item, job);
      if (!more) return std::nullopt;
      out->insert(out->end(), more->begin(), more->end());
    }
    return out;
  }
  if (v.kind == Value::Kind::Object) {
    const Value* labels = v.get("labels");
    return labels ? labels_of(*labels, job) : std::vector<std::string>{};
  }
  return known_texts(v, job);
}

// Labels are matched without case, as GitHub does (Windows, windows-2022).
bool windows_label(const std::string& label) {
  const std::string l = lower(label);
  return l.find("windows") != std::string::npos && l.find("ubuntu") == std::string::npos &&
         l.find("linux") == std::string::npos;
}

}  // namespace

std::string default_shell(const Value& job) {
  const Value* runs_on = job.get("runs-on");
  if (!runs_on) return "bash";
  const KnownTexts labels = labels_of(*runs_on, job);
  if (!labels) return "";
  // A list names one runner: any Windows label makes it Windows. Values of
  // an expression or a matrix name different runners, which must agree.
  if (runs_on->kind == Value::Kind::List || runs_on->kind == Value::Kind::Object) {
    for (const auto& l : *labels) {
      if (windows_label(l)) return "pwsh";
    }
    return "bash";
  }
  bool windows = false, other = false;
  for (const auto& l : *labels) (windows_label(l) ? windows : other) = true;
  if (windows && other) return "";
  return windows ? "pwsh" : "bash";
}

}  // namespace pipec
