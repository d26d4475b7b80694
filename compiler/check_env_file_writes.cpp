#include "check_env_file_writes.h"

#include <regex>
#include <vector>

#include "untrusted_inputs.h"

namespace pipec {
namespace {

// >> "$GITHUB_ENV", >>$GITHUB_OUTPUT, >> ${GITHUB_PATH}, and pwsh's
// >> $env:GITHUB_ENV.
const std::regex kWrite(R"(>>?\s*"?\$(env:)?\{?GITHUB_(ENV|OUTPUT|PATH)\b)");

void check_script(const Value& run, const std::string& job, Diagnostics& diags) {
  std::string line;
  std::vector<std::pair<const Expr*, std::string>> untrusted;  // on this line
  auto end_line = [&] {
    std::smatch m;
    if (!untrusted.empty() && std::regex_search(line, m, kWrite)) {
      const std::string file = "GITHUB_" + m[2].str();
      const std::string as = m[2] == "ENV"      ? "another variable (BASH_ENV=..., which the steps after run)"
                             : m[2] == "OUTPUT" ? "another output"
                                                : "another folder to find programs in";
      for (const auto& [e, read] : untrusted) {
        const Expr* head = e;  // where github.event... starts
        while ((head->kind == Expr::Kind::Member || head->kind == Expr::Kind::Index) && !head->operands.empty())
          head = head->operands[0].get();
        diags.error(head->pos, "env-file-write",
                    "this line writes " + read + ", which whoever triggers the run writes, into $" + file +
                        " (job \"" + job + "\"): a line break in it would start a line of its own, read as " + as +
                        "; give the value to the step that needs it in that step's env instead");
      }
    }
    line.clear();
    untrusted.clear();
  };
  for (const auto& p : run.parts) {
    if (p.expr) {
      // Only text that can hold a line break: titles, bodies, commit
      // messages (a branch name cannot).
      const std::string read = untrusted_input(*p.expr);
      const std::string last = read.substr(read.rfind('.') + 1);
      if (last == "title" || last == "body" || last == "message") untrusted.push_back({p.expr.get(), read});
      line += "VALUE";
      continue;
    }
    for (char c : p.text) {
      if (c == '\n') end_line();
      else line += c;
    }
  }
  end_line();
}

}  // namespace

void check_env_file_writes(const WorkflowModel& wf, Diagnostics& diags) {
  for (const auto& j : jobs_of(*wf.body)) {
    for (const auto& s : steps_of(*j.value)) {
      if (const Value* run = s->get("run"); run && run->kind == Value::Kind::String) check_script(*run, j.key, diags);
    }
  }
}

}  // namespace pipec
