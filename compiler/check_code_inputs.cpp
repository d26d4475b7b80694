#include "check_code_inputs.h"

#include <string>

namespace pipec {
namespace {

void check_script(const Value& script, Diagnostics& diags) {
  auto report = [&](const Pos& at) {
    diags.error(at, "script-expression",
                "${{ }} in github-script's script is expanded into the JavaScript before it runs; "
                "set an env entry to the value and read process.env.NAME instead");
  };
  if (script.kind == Value::Kind::Runtime) report(script.expr->pos);
  for (const auto& p : script.parts) {
    if (p.expr) report(p.expr->pos);
  }
}

}  // namespace

void check_code_inputs(const WorkflowModel& wf, Diagnostics& diags) {
  for (const auto& j : jobs_of(*wf.body)) {
    for (const auto& s : steps_of(*j.value)) {
      const Value* with = s->get("with");
      const Value* script = with ? with->get("script") : nullptr;
      if (script && action_repo(*s) == "actions/github-script") check_script(*script, diags);
    }
  }
}

}  // namespace pipec
