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
  each_env(wf, [&](const Value* env, const std::string& where) { check_env(env, where, diags); });
}

}  // namespace pipec
