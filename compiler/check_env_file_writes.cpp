#include "check_env_file_writes.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>
#include <vector>

#include "ascii.h"
#include "expr_chain.h"
#include "regex_bound.h"
#include "script_lines.h"
#include "shell_quoting.h"
#include "untrusted_inputs.h"

namespace pipec {
namespace {

// >> "$GITHUB_ENV", >>$GITHUB_OUTPUT, >> ${GITHUB_PATH}, tee -a
// "$GITHUB_ENV", and pwsh's >> $env:GITHUB_ENV, Out-File, Add-Content and
// Set-Content ... $env:GITHUB_ENV.
const std::regex kWrite(
    R"re((?:>>?\s*|\btee\s+(?:-a\s+|--append\s+)?|\b(?:Out-File|Add-Content|Set-Content)\b.*)"?\$(?:env:)?\{?GITHUB_(ENV|OUTPUT|PATH)\b)re",
    std::regex::icase);
// A here-document's start: <<EOF, <<-'EOF', << "EOF".
const std::regex kHeredoc(R"re(<<-?\s*['"]?([A-Za-z_][A-Za-z_0-9]*)['"]?)re");

// Whether an expression's value can hold no line break whatever it reads:
// a comparison or ! (true or false), toJSON (which escapes them).
bool one_line(const Expr& e) {
  if (e.kind == Expr::Kind::Not) return true;
  if (e.kind == Expr::Kind::Binary) return e.text != "&&" && e.text != "||";
  return e.kind == Expr::Kind::Call && (e.text == "toJSON" || e.text == "tojson");
}

// What untrusted text that can hold a line break an expression reads (a
// title, a body, a commit message), or "".
std::string multi_line_untrusted(const Expr& e) {
  const std::string read = one_line(e) ? "" : untrusted_input(e);
  const std::string last = read.substr(read.rfind('.') + 1);
  return last == "title" || last == "body" || last == "message" ? read : "";
}

void check_script(const Value& run, const std::string& job, const std::vector<EnvRead>& variables,
                  std::set<const Field*>& reported, Diagnostics& diags) {
  // Inside a here-document written into one of the files: its delimiter,
  // and the file.
  std::string heredoc_end, heredoc_file;
  for_each_script_line(run, [&](const ScriptLine& script_line) {
    const std::string& line = script_line.text;
    std::smatch m;
    std::string which;
    if (!heredoc_end.empty()) {
      const size_t first = line.find_first_not_of(" \t");
      if (first != std::string::npos && line.substr(first) == heredoc_end) heredoc_end.clear();
      else which = heredoc_file;
    } else if (line.size() > kLongestMatched) {
      // Too long for std::regex (regex_bound.h): a line that names one of
      // the files is taken for a write into it.
      const std::string upper_line = upper(line);
      for (const char* file : {"ENV", "OUTPUT", "PATH"}) {
        if (which.empty() && upper_line.find(std::string("GITHUB_") + file) != std::string::npos) which = file;
      }
    } else if (std::regex_search(line, m, kWrite)) {
      which = upper(m[1].str());
      if (std::smatch h; std::regex_search(line, h, kHeredoc)) {
        heredoc_end = h[1].str();
        heredoc_file = which;
      }
    }
    // Only text that can hold a line break: titles, bodies, commit messages
    // (a branch name cannot).
    std::vector<std::pair<const Expr*, std::string>> untrusted;
    for (const Expr* e : script_line.values) {
      if (std::string read = which.empty() ? "" : multi_line_untrusted(*e); !read.empty()) untrusted.push_back({e, read});
    }
    if (!untrusted.empty()) {
      const std::string file = "GITHUB_" + which;
      const std::string as = which == "ENV"      ? "another variable (BASH_ENV=..., which the steps after run)"
                             : which == "OUTPUT" ? "another output"
                                                 : "another folder to find programs in";
      for (const auto& [e, read] : untrusted) {
        diags.error(chain_head(*e).pos, "env-file-write",
                    "this line writes " + read + ", which whoever triggers the run writes, into $" + file +
                        " (job \"" + job + "\"): a line break in it would start a line of its own, read as " + as +
                        "; give the value to the step that needs it in that step's env instead");
      }
    }
    // The same text one env entry away.
    for (const auto& v : variables) {
      if (which.empty() || !reads_variable(line, v.field->key, ShellSyntax::Posix) || !reported.insert(v.field).second) continue;
      const std::string file = "GITHUB_" + which;
      diags.error(v.field->key_pos, "env-file-write",
                  v.field->key + " is set from " + v.read + ", which whoever triggers the run writes, and a script of job \"" +
                      job + "\" writes it into $" + file +
                      ": a line break in it would start a line of its own; give the value to the step that needs it in "
                      "that step's env instead");
    }
  });
}

}  // namespace

void check_env_file_writes(const WorkflowModel& wf, Diagnostics& diags) {
  std::set<const Field*> reported;
  for (const auto& j : jobs_of(*wf.body)) {
    for (const auto& s : steps_of(*j.value)) {
      if (const Value* run = s->get("run"); run && run->kind == Value::Kind::String)
        check_script(*run, j.key, env_reads(*wf.body, *j.value, *s, multi_line_untrusted), reported, diags);
    }
  }
}

}  // namespace pipec
