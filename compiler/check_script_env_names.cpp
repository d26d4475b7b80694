#include "check_script_env_names.h"

#include <cctype>
#include <set>
#include <string>

#include "runner_shell.h"
#include "shell_quoting.h"

namespace pipec {
namespace {

// Whether a step's shell is bash or sh (by path or not, with or without
// options: bash -l {0}, /usr/bin/bash -e {0}).
bool posix_shell(const std::string& shell) {
  const std::string program = shell.substr(0, shell.find(' '));
  const std::string base = program.substr(program.rfind('/') + 1);
  return base == "bash" || base == "sh";
}

// The name with each character a shell variable cannot hold made a _.
std::string readable(const std::string& name) {
  std::string out = name;
  for (char& c : out) {
    if (c != '_' && !std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  if (!out.empty() && std::isdigit(static_cast<unsigned char>(out[0]))) out = "_" + out;
  return out;
}

}  // namespace

void check_script_env_names(const WorkflowModel& wf, Diagnostics& diags) {
  std::set<const Field*> reported;
  for (const auto& j : jobs_of(*wf.body)) {
    const Value& job = *j.value;
    for (const auto& s : steps_of(job)) {
      const Value* run = s->get("run");
      if (!run || run->kind != Value::Kind::String) continue;
      std::string shell = set_shell(*s, job, *wf.body);
      if (shell.empty()) shell = default_shell(job, &wf);
      if (shell.empty()) shell = shell_of_condition(s->get("if"));
      if (shell.empty()) shell = shell_of_condition(job.get("if"));
      if (!posix_shell(shell)) continue;
      // The script's own text; its ${{ }} values are none of these names.
      std::string script = run->parts.empty() ? run->text : "";
      for (const auto& p : run->parts) script += p.expr ? std::string("\n") : p.text;
      for (const Value* env : {wf.body->get("env"), job.get("env"), s->get("env")}) {
        if (!env || env->kind != Value::Kind::Object) continue;
        for (const auto& f : env->fields) {
          // Reported where the script reads the name it would have as a
          // variable (PR_NUMBER for PR-NUMBER): a child process, which
          // gets the entry as it is, may read it otherwise.
          if (shell_name(f.key) || !reads_variable(script, readable(f.key), ShellSyntax::Posix) ||
              !reported.insert(&f).second)
            continue;
          const std::string program = shell.substr(0, shell.find(' '));
          diags.error(f.key_pos, "env-name",
                      "\"" + f.key + "\" is not a name a shell reads as a variable (letters, digits and _, not first a digit): " +
                          step_named(*s) + " of job \"" + j.key + "\" in " + file_name(wf.file) + " reads $" +
                          readable(f.key) + " in " + program.substr(program.rfind('/') + 1) +
                          ", which this entry does not set; name it " + readable(f.key));
        }
      }
    }
  }
}

}  // namespace pipec
