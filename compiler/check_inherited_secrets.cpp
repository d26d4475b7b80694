#include "check_inherited_secrets.h"

#include <map>
#include <string>

#include "expr_chain.h"
#include "external_workflows.h"

namespace pipec {
namespace {

// secrets = "..." other than "inherit": a slip the key types report, which
// may have meant to hand the secrets on.
bool misspelt(const Value& job) {
  const Value* s = job.get("secrets");
  return s && s->is_string() && s->text != "inherit";
}

class InheritedSecrets {
 public:
  InheritedSecrets(const Program& program, Diagnostics& diags) : program_(program), diags_(diags) {}

  void run() {
    for (const auto& wf : program_.workflows) {
      for (const auto& j : jobs_of(*wf->body)) {
        if (!inherits(*j.value)) continue;
        const WorkflowModel* callee = called_workflow(program_, *j.value);
        const ExternalWorkflow* external = external_callee(program_, *wf, *j.value);
        if (callee ? uses_secrets(*callee) : !external || external->uses_secrets) continue;
        diags_.error(j.value->field("secrets")->key_pos, "secrets-inherit",
                     "job \"" + j.key + "\" hands every secret of the repository to " +
                         file_name(callee ? callee->file : external->path) +
                         " (secrets = \"inherit\"), which reads none, declares none and hands "
                         "none on; leave secrets out");
      }
    }
  }

 private:
  // Whether a workflow reads a secret, declares one, or hands them on to a
  // workflow that does (or that pipec does not make and could not read, so
  // nobody knows).
  bool uses_secrets(const WorkflowModel& wf) {
    if (auto it = known_.find(&wf); it != known_.end()) return it->second;
    known_[&wf] = false;  // a call cycle adds nothing
    bool uses = !wf.secrets.empty() || !secret_read(*wf.body).empty();
    for (const auto& j : jobs_of(*wf.body)) {
      if (uses || misspelt(*j.value)) {
        uses = true;
        continue;
      }
      if (!inherits(*j.value)) continue;
      const WorkflowModel* callee = called_workflow(program_, *j.value);
      const ExternalWorkflow* external = external_callee(program_, wf, *j.value);
      uses = callee ? uses_secrets(*callee) : !external || external->uses_secrets;
    }
    known_[&wf] = uses;
    return uses;
  }

  const Program& program_;
  Diagnostics& diags_;
  std::map<const WorkflowModel*, bool> known_;
};

}  // namespace

void check_inherited_secrets(const Program& program, Diagnostics& diags) {
  InheritedSecrets(program, diags).run();
}

}  // namespace pipec
