#include "check_action_inputs.h"

#include <string>
#include <vector>

#include "ascii.h"

namespace pipec {
namespace {

void check_step(const Value& step, Diagnostics& diags) {
  const Value* uses = step.get("uses");
  const Value* with = step.get("with");
  if (!uses || uses->tag != "action" || !with) return;
  const Value* declared = uses->get("inputs");
  if (!declared || declared->kind != Value::Kind::List) return;
  std::vector<std::string> names, folded;
  for (const auto& i : declared->items) {
    if (!i->is_string()) return;  // reported where the action is declared
    names.push_back(i->text);
    folded.push_back(lower(i->text));
  }
  const std::string action = uses->get("name")->text;
  const Value* version = uses->get("version");
  for (const auto& f : with->fields) {
    if (contains(folded, lower(f.key))) continue;
    // An action takes many inputs: the list only when no one stands out.
    const std::string suggestion = did_you_mean(f.key, names);
    diags.error(f.key_pos, "action-input",
                "action \"" + action + "\"" +
                    (version && version->is_string() ? " (" + version->text + ")" : "") +
                    " has no input \"" + f.key + "\"" + suggestion +
                    ", so the runner only warns of it and runs the step without it" +
                    (!suggestion.empty() ? ""
                     : names.empty()     ? "; its declaration lists no inputs"
                                         : "; it takes " + join(names)));
  }
}

}  // namespace

void check_action_inputs(const WorkflowModel& wf, Diagnostics& diags) {
  for (const auto& j : jobs_of(*wf.body)) {
    for (const auto& s : steps_of(*j.value)) check_step(*s, diags);
  }
}

}  // namespace pipec
