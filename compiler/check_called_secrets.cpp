#include "check_called_secrets.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "expr_chain.h"

namespace pipec {
namespace {

// GitHub's own, which a called run has whatever its caller passes.
bool githubs_own(const std::string& name) {
  const std::string n = lower(name);
  return n == "github_token" || n == "actions_runner_debug" || n == "actions_step_debug";
}

// A secret a called run needs from its caller: one it reads without
// declaring it, or one a workflow it hands inherit on to requires.
struct Read {
  std::string name;  // secrets.NAME
  Pos pos;           // the read, or the declaration
  std::string file;  // the workflow that reads or requires it
  bool required = false;
};

class CalledSecrets {
 public:
  CalledSecrets(const Program& program, Diagnostics& diags) : program_(program), diags_(diags) {}

  void run() {
    for (const auto& wf : program_.workflows) {
      for (const auto& j : jobs_of(*wf->body)) {
        const WorkflowModel* callee = called_workflow(program_, *j.value);
        // A call that inherits passes them all. One that names them passes
        // only those, which check_calls holds to the callee's declarations
        // (and says so where the callee declares none).
        const Value* passed = j.value->get("secrets");
        if (!callee || inherits(*j.value) || (passed && callee->secrets.empty())) continue;
        const std::vector<Read>& reads = wanted(*callee);
        if (reads.empty()) continue;
        const Field* uses = j.value->field("uses");
        const std::string called = file_name(callee->file);
        std::string list;
        for (size_t i = 0; i < reads.size(); ++i) {
          const Read& r = reads[i];
          list += (i == 0 ? "" : i + 1 == reads.size() ? " and " : ", ") + r.name + " (" +
                  (r.file == called ? "" : "in " + r.file + ", which it hands its secrets on to, ") +
                  (r.required ? "required there, " : "") + to_string(r.pos) + ")";
        }
        const bool one = reads.size() == 1;
        diags_.error(uses ? uses->key_pos : j.key_pos, "secrets-unpassed",
                     "job \"" + j.key + "\" calls " + called + " and passes it " +
                         (passed ? "only the secrets it names" : "no secrets") + ", but that run needs " +
                         list + ", which " + called + " does not declare: a called run gets only the secrets its " +
                         "caller passes, so there " + (one ? "it is" : "they are") + " empty; declare " +
                         (one ? "it" : "each") + " in " + called + " (secret NAME: string) and pass " +
                         (one ? "it" : "them") + " (secrets { NAME }), or pass secrets = \"inherit\"");
      }
    }
  }

 private:
  // The secrets a workflow needs from its caller and does not declare: its
  // own reads, when it declares none (one that does reads only those:
  // check_refs), and what the workflows it hands inherit on to need or
  // require (a declared one it gets from its caller, and hands on).
  const std::vector<Read>& wanted(const WorkflowModel& wf) {
    if (auto it = known_.find(&wf); it != known_.end()) return it->second;
    known_[&wf] = {};  // a call cycle adds nothing
    std::vector<Read> out;
    auto add = [&](const Read& r) {
      for (const auto& o : out)
        if (lower(o.name) == lower(r.name)) return;
      out.push_back(r);
    };
    if (wf.secrets.empty()) {
      each_runtime(*wf.body, [&](const Expr& e) {
        const Chain c = chain(e);
        // (The whole object, toJSON(secrets), holds GitHub's token at least.)
        if (c.size() >= 2 && c[0].first == "secrets" && !githubs_own(c[1].first))
          add({"secrets." + c[1].first, c[0].second, file_name(wf.file)});
      });
    }
    auto declared = [&](const std::string& name) {
      return std::any_of(wf.secrets.begin(), wf.secrets.end(),
                         [&](const SecretDecl& d) { return "secrets." + lower(d.name) == lower(name); });
    };
    for (const auto& j : jobs_of(*wf.body)) {
      const WorkflowModel* callee = called_workflow(program_, *j.value);
      if (!callee || !inherits(*j.value)) continue;
      for (const auto& r : wanted(*callee))
        if (!declared(r.name)) add(r);
      for (const auto& d : callee->secrets)
        if (d.required && !declared("secrets." + d.name))
          add({"secrets." + d.name, d.pos, file_name(callee->file), true});
    }
    known_[&wf] = out;
    return known_[&wf];
  }

  const Program& program_;
  Diagnostics& diags_;
  std::map<const WorkflowModel*, std::vector<Read>> known_;
};

}  // namespace

void check_called_secrets(const Program& program, Diagnostics& diags) { CalledSecrets(program, diags).run(); }

}  // namespace pipec
