#include "check_script_env_names.h"

#include <cctype>
#include <set>
#include <string>

#include "runner_shell.h"
#include "shell_quoting.h"

namespace pipec {
namespace {

// Whether a step's shell is bash or sh (with or without options).
bool posix_shell(const std::string& shell) {
  for (const char* s : {"bash", "sh"}) {
    const std::string name = s;
    if (shell == name || shell.rfind(name + " ", 0) == 0) return true;
  }
  return false;
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
      if (!s->get("run")) continue;
      std::string shell = set_shell(*s, job, *wf.body);
      if (shell.empty()) shell = default_shell(job, &wf);
      if (!posix_shell(shell)) continue;
      for (const Value* env : {wf.body->get("env"), job.get("env"), s->get("env")}) {
        if (!env || env->kind != Value::Kind::Object) continue;
        for (const auto& f : env->fields) {
          if (shell_name(f.key) || !reported.insert(&f).second) continue;
          diags.error(f.key_pos, "env-name",
                      "\"" + f.key + "\" is not a name a shell reads as a variable (letters, digits and _, not first a digit), and " +
                          step_named(*s) + " of job \"" + j.key + "\" in " + file_name(wf.file) +
                          " runs its script in " + shell.substr(0, shell.find(' ')) +
                          ", which cannot read it; name it " + readable(f.key));
        }
      }
    }
  }
}

}  // namespace pipec
