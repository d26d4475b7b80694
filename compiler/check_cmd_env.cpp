#include "check_cmd_env.h"

#include <set>

#include "runner_shell.h"
#include "script_lines.h"
#include "shell_quoting.h"
#include "untrusted_inputs.h"

namespace pipec {

void check_cmd_env(const WorkflowModel& wf, Diagnostics& diags) {
  std::set<const Field*> reported;
  each_run_step(wf, [&](const Field& j, const Value& s, const Value& run) {
    const Value& job = *j.value;
    // cmd is never a runner's default: only a shell set says it.
    if (shell_syntax(set_shell(s, job, *wf.body)) != ShellSyntax::Cmd) return;
    const auto tainted = env_reads(*wf.body, job, s, untrusted_input, true);
    // Its ${{ }} values (refused in cmd when they are untrusted) are none
    // of these variables.
    const std::string script = script_text(run);
    for (const auto& t : tainted) {
      if (!reads_variable(script, t.field->key, ShellSyntax::Cmd) || !reported.insert(t.field).second) continue;
      diags.error(t.field->key_pos, "run-expression",
                  t.field->key + " is set from " + t.read + ", which whoever triggers the run writes, and " + step_named(s) +
                      " of job \"" + j.key + "\" reads it in cmd, which expands %" + t.field->key +
                      "% before it parses the line, so a quote or & in it could run code; read it in a bash or pwsh step");
    }
  });
}

}  // namespace pipec
