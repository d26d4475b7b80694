#include "check_workflow_run_names.h"

#include <string>

namespace pipec {
namespace {

void check_entry(const Value& entry, const WorkflowModel& wf, const Program& program,
                 Diagnostics& diags) {
  if (!entry.is_string()) return;
  const std::string& text = entry.text;
  for (const auto& other : program.workflows)
    if (github_name(*other) == text) return;
  const std::string where = "on.workflow_run in " + file_name(wf.file) + " names \"" + text + "\"";
  for (const auto& other : program.workflows) {
    const std::string file = file_name(other->file);
    if (text != file && text != ".github/workflows/" + file &&
        text != "./.github/workflows/" + file)
      continue;
    const bool named = !declared_name(*other).empty();
    diags.error(entry.pos, "workflow-run",
                where + ", the file of " +
                    (named ? "workflow \"" + github_name(*other) + "\""
                           : "a workflow without a name, which GitHub calls \"" +
                                 github_name(*other) + "\"") +
                    ": workflow_run matches workflows by name, so this entry never starts the "
                    "run; " +
                    (named ? "write \"" + github_name(*other) + "\""
                           : "give that workflow a name and write it here"));
    return;
  }
  if (text.find('/') == std::string::npos && yaml_file_name(text))
    diags.error(entry.pos, "workflow-run",
                where +
                    ", a file name that is no workflow's name here: workflow_run matches a "
                    "workflow's name (or, without one, the path of its file from the "
                    "repository root), so a file name starts nothing; write the workflow's name");
}

}  // namespace

void check_workflow_run_names(const Program& program, Diagnostics& diags) {
  for (const auto& wf : program.workflows) {
    const Value* on = wf->body->get("on");
    const Value* trigger = on ? on->get("workflow_run") : nullptr;
    const Value* names = trigger ? trigger->get("workflows") : nullptr;
    if (!names) continue;
    if (names->kind == Value::Kind::List) {
      for (const auto& n : names->items) check_entry(*n, *wf, program, diags);
    } else {
      check_entry(*names, *wf, program, diags);
    }
  }
}

}  // namespace pipec
