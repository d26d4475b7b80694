#include "check_cmd_env.h"

#include <set>

#include "runner_shell.h"
#include "shell_quoting.h"
#include "untrusted_inputs.h"

namespace pipec {

void check_cmd_env(const WorkflowModel& wf, Diagnostics& diags) {
  std::set<const Field*> reported;
  for (const auto& j : jobs_of(*wf.body)) {
    const Value& job = *j.value;
    for (const auto& s : steps_of(job)) {
      const Value* run = s->get("run");
      if (!run || run->kind != Value::Kind::String) continue;
      // cmd is never a runner's default: only a shell set says it.
      if (shell_syntax(set_shell(*s, job, *wf.body)) != ShellSyntax::Cmd) continue;
      const auto tainted = env_reads(*wf.body, job, *s, untrusted_input, true);
      // The script's text; its ${{ }} values (refused in cmd when they are
      // untrusted) are none of these variables.
      std::string script = run->parts.empty() ? run->text : "";
      for (const auto& p : run->parts) script += p.expr ? std::string("\n") : p.text;
      for (const auto& t : tainted) {
        if (!reads_variable(script, t.field->key, ShellSyntax::Cmd) || !reported.insert(t.field).second) continue;
        diags.error(t.field->key_pos, "run-expression",
                    t.field->key + " is set from " + t.read + ", which whoever triggers the run writes, and " + step_named(*s) +
                        " of job \"" + j.key + "\" reads it in cmd, which expands %" + t.field->key +
                        "% before it parses the line, so a quote or & in it could run code; read it in a bash or pwsh step");
      }
    }
  }
}

}  // namespace pipec
