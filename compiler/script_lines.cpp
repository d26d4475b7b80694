#include "script_lines.h"

namespace pipec {

std::string script_text(const Value& run) {
  std::string script = run.parts.empty() ? run.text : "";
  for (const auto& p : run.parts) script += p.expr ? std::string("\n") : p.text;
  return script;
}

void for_each_script_line(const Value& run, const std::function<void(const ScriptLine&)>& each) {
  ScriptLine line;
  auto text = [&](const std::string& t) {
    for (char c : t) {
      if (c != '\n') {
        line.text += c;
      } else if (!line.text.empty() && line.text.back() == '\\') {
        line.text.pop_back();
      } else {
        each(line);
        line = {};
      }
    }
  };
  if (run.parts.empty()) text(run.text);
  for (const auto& p : run.parts) {
    if (p.expr) {
      line.text += "VALUE";
      line.values.push_back(p.expr.get());
    } else {
      text(p.text);
    }
  }
  each(line);
}

}  // namespace pipec
