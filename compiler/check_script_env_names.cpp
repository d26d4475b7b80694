#include "check_script_env_names.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <string>

#include "ascii.h"
#include "runner_shell.h"
#include "script_lines.h"
#include "shell_quoting.h"

namespace pipec {
namespace {

// Whether a line of the script, not in a comment, single quotes or after
// a backslash, reads key as written ($PR-NUMBER, ${PR-NUMBER}), the whole
// key. (A quoted here-document is not told apart.)
bool reads_as_written(const std::string& script, const std::string& key) {
  auto word = [](char c) { return c == '_' || c == '-' || std::isalnum(static_cast<unsigned char>(c)); };
  size_t start = 0;
  while (start <= script.size()) {
    size_t end = script.find('\n', start);
    if (end == std::string::npos) end = script.size();
    const std::string line = script.substr(start, end - start);
    start = end + 1;
    const size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    for (const std::string& ref : {"$" + key, "${" + key}) {
      for (size_t at = line.find(ref); at != std::string::npos; at = line.find(ref, at + 1)) {
        const size_t after = at + ref.size();
        if ((at > 0 && line[at - 1] == '\\') || (after < line.size() && word(line[after])) ||
            std::count(line.begin(), line.begin() + static_cast<std::ptrdiff_t>(at), '\'') % 2 == 1)
          continue;
        return true;
      }
    }
  }
  return false;
}

}  // namespace

void check_script_env_names(const WorkflowModel& wf, Diagnostics& diags) {
  std::set<const Field*> reported;
  each_run_step(wf, [&](const Field& j, const Value& s, const Value& run) {
    const Value& job = *j.value;
    std::string shell = set_shell(s, job, *wf.body);
    if (shell.empty()) shell = default_shell(job, &wf);
    if (shell.empty()) shell = shell_of_condition(s.get("if"));
    const std::string program = shell_program(shell);
    if (program != "bash" && program != "sh") return;
    const std::string script = script_text(run);  // its ${{ }} values are none of these names
    const std::vector<const Value*> envs = {wf.body->get("env"), job.get("env"), s.get("env")};
    auto set_here = [&](const std::string& name) {
      for (const Value* env : envs) {
        if (env && env->kind == Value::Kind::Object && env->get(name)) return true;
      }
      return false;
    };
    for (const Value* env : envs) {
      if (!env || env->kind != Value::Kind::Object) continue;
      for (const auto& f : env->fields) {
        if (shell_name(f.key) || reported.count(&f)) continue;
        // Read as a variable would be named (PR_NUMBER for PR-NUMBER), or
        // as written ($PR-NUMBER is $PR then -NUMBER, ${PR-NUMBER} is $PR
        // or NUMBER). Not where another entry sets the name with _, which
        // the script may mean, nor as written where the name before the
        // dash is set (${X-default} is X's value or the text default). A
        // program the script starts gets the entry as it is, and may read
        // it so.
        const std::string fixed = shell_name_for(f.key);
        if (set_here(fixed)) continue;
        const bool as_fixed = reads_variable(script, fixed, ShellSyntax::Posix);
        const std::string before_dash = f.key.substr(0, f.key.find('-'));
        const bool as_written = !set_here(before_dash) && reads_as_written(script, f.key);
        if (!as_fixed && !as_written) continue;
        reported.insert(&f);
        diags.error(f.key_pos, "env-name",
                    "\"" + f.key + "\" is not a name a shell reads as a variable (letters, digits and _, not first a digit): " +
                        step_named(s) + " of job \"" + j.key + "\" in " + file_name(wf.file) +
                        (as_written ? " reads $" + f.key + " in " + program + ", which " + program +
                                          " reads as a shorter name and text, not as this entry"
                                    : " reads $" + fixed + " in " + program + ", which this entry does not set") +
                        "; name it " + fixed);
      }
    }
  });
}

}  // namespace pipec
