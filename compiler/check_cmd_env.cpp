#include "check_cmd_env.h"

#include <map>
#include <set>

#include "ascii.h"
#include "runner_shell.h"
#include "shell_quoting.h"
#include "untrusted_inputs.h"

namespace pipec {
namespace {

// An env entry set from untrusted text: where, and what it reads.
struct Tainted {
  const Field* field;
  std::string read;
};

// The entries of an env block set from untrusted text, by name in upper
// case (cmd reads names without case); later blocks override earlier.
void add_tainted(const Value* env, std::map<std::string, Tainted>& out) {
  if (!env || env->kind != Value::Kind::Object) return;
  for (const auto& f : env->fields) {
    std::string read;
    each_top_expr(*f.value, [&](const Expr& e) {
      if (read.empty()) read = untrusted_input(e);
    });
    if (read.empty()) out.erase(upper(f.key));
    else out[upper(f.key)] = {&f, read};
  }
}

}  // namespace

void check_cmd_env(const WorkflowModel& wf, Diagnostics& diags) {
  std::set<const Field*> reported;
  for (const auto& j : jobs_of(*wf.body)) {
    const Value& job = *j.value;
    std::map<std::string, Tainted> inherited;
    add_tainted(wf.body->get("env"), inherited);
    add_tainted(job.get("env"), inherited);
    for (const auto& s : steps_of(job)) {
      const Value* run = s->get("run");
      if (!run || run->kind != Value::Kind::String) continue;
      // cmd is never a runner's default: only a shell set says it.
      if (shell_syntax(set_shell(*s, job, *wf.body)) != ShellSyntax::Cmd) continue;
      std::map<std::string, Tainted> tainted = inherited;
      add_tainted(s->get("env"), tainted);
      // The script's text; its ${{ }} values (refused in cmd when they are
      // untrusted) are none of these variables.
      std::string script = run->parts.empty() ? run->text : "";
      for (const auto& p : run->parts) script += p.expr ? std::string("\n") : p.text;
      for (const auto& [name, t] : tainted) {
        if (!reads_variable(script, name, ShellSyntax::Cmd) || !reported.insert(t.field).second) continue;
        const std::string step = s->get("name") && s->get("name")->is_string() ? "step \"" + s->get("name")->text + "\"" : "a cmd step";
        diags.error(t.field->key_pos, "run-expression",
                    t.field->key + " is set from " + t.read + ", which whoever triggers the run writes, and " + step +
                        " of job \"" + j.key + "\" reads it in cmd, which expands %" + t.field->key +
                        "% before it parses the line, so a quote or & in it could run code; read it in a bash or pwsh step");
      }
    }
  }
}

}  // namespace pipec
