#include "check_script_env_names.h"

#include <cctype>
#include <set>
#include <string>

#include "runner_shell.h"
#include "shell_quoting.h"

namespace pipec {
namespace {

// The program a step's shell names, without its folder or .exe: bash for
// bash -l {0}, /usr/bin/bash -e {0} and C:\\msys64\\usr\\bin\\bash.exe -e {0}.
std::string shell_program(const std::string& shell) {
  std::string program = shell.substr(0, shell.find(' '));
  program = program.substr(program.find_last_of("/\\") + 1);
  if (program.size() > 4 && program.compare(program.size() - 4, 4, ".exe") == 0) program.resize(program.size() - 4);
  return program;
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
      const std::string program = shell_program(shell);
      if (program != "bash" && program != "sh") continue;
      // The script's own text; its ${{ }} values are none of these names.
      std::string script = run->parts.empty() ? run->text : "";
      for (const auto& p : run->parts) script += p.expr ? std::string("\n") : p.text;
      const std::vector<const Value*> envs = {wf.body->get("env"), job.get("env"), s->get("env")};
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
          // Read as a variable would be named (PR_NUMBER for PR-NUMBER),
          // unless another entry sets that, or as written ($PR-NUMBER is
          // $PR then -NUMBER, ${PR-NUMBER} is $PR or NUMBER). A program the
          // script starts gets the entry as it is, and may read it so.
          const std::string fixed = readable(f.key);
          const bool as_fixed = reads_variable(script, fixed, ShellSyntax::Posix) && !set_here(fixed);
          const bool as_written = script.find("$" + f.key) != std::string::npos ||
                                  script.find("${" + f.key) != std::string::npos;
          if (!as_fixed && !as_written) continue;
          reported.insert(&f);
          diags.error(f.key_pos, "env-name",
                      "\"" + f.key + "\" is not a name a shell reads as a variable (letters, digits and _, not first a digit): " +
                          step_named(*s) + " of job \"" + j.key + "\" in " + file_name(wf.file) +
                          (as_written ? " reads $" + f.key + " in " + program + ", which " + program +
                                            " reads as a shorter name and text, not as this entry"
                                      : " reads $" + fixed + " in " + program + ", which this entry does not set") +
                          "; name it " + fixed);
        }
      }
    }
  }
}

}  // namespace pipec
