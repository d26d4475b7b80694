#include "check_untrusted_env.h"

#include "tool_command.h"
#include "untrusted_inputs.h"

namespace pipec {
namespace {

void check_env(const Value* env, const std::string& where, Diagnostics& diags) {
  if (!env || env->kind != Value::Kind::Object) return;
  for (const auto& f : env->fields) {
    if (!system_variable(f.key)) continue;
    std::string read;
    each_top_expr(*f.value, [&](const Expr& e) {
      if (read.empty()) read = untrusted_input(e);
    });
    if (read.empty()) continue;
    diags.error(f.key_pos, "untrusted-env",
                where + " sets " + f.key + " from " + read +
                    ", which whoever triggers the run writes, and " + f.key +
                    " is a variable the system, the shell or a program reads (bash runs what BASH_ENV "
                    "names, the loader what LD_PRELOAD does): use a name of your own");
  }
}

}  // namespace

void check_untrusted_env(const WorkflowModel& wf, Diagnostics& diags) {
  const std::string file = file_name(wf.file);
  check_env(wf.body->get("env"), file + "'s env", diags);
  for (const auto& j : jobs_of(*wf.body)) {
    const std::string job = "job \"" + j.key + "\" in " + file;
    check_env(j.value->get("env"), job, diags);
    for (const auto& s : steps_of(*j.value)) check_env(s->get("env"), "a step of " + job, diags);
  }
}

}  // namespace pipec
