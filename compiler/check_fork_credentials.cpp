#include "check_fork_credentials.h"

#include <set>
#include <string>
#include <vector>

#include "ascii.h"
#include "expr_chain.h"
#include "render_expr.h"

namespace pipec {
namespace {

// Whether a condition is false for every pull request from a fork: false,
// or an && one of whose operands says the head repository is no fork.
bool excludes_forks(const Value* cond) {
  if (!cond) return false;
  if (cond->kind == Value::Kind::Bool) return !cond->boolean;
  if (cond->kind != Value::Kind::Runtime) return false;
  std::vector<const Expr*> todo = {cond->expr.get()};
  while (!todo.empty()) {
    const Expr* e = todo.back();
    todo.pop_back();
    if (e->kind == Expr::Kind::Binary && e->text == "&&") {
      todo.push_back(e->operands[0].get());
      todo.push_back(e->operands[1].get());
      continue;
    }
    const std::string r = render_expr(*e);
    if (r == "!github.event.pull_request.head.repo.fork" ||
        r == "github.event.pull_request.head.repo.fork == false")
      return true;
  }
  return false;
}

// The first secret a value reads, other than GITHUB_TOKEN (whose token a
// run from a fork gets, read-only), or "".
std::string secret_read(const Value& v) {
  std::string found;
  each_runtime(v, [&](const Expr& e) {
    Chain c = chain(e);
    if (found.empty() && c.size() == 2 && c[0].first == "secrets" &&
        lower(c[1].first) != "github_token")
      found = "secrets." + c[1].first;
  });
  return found;
}

class ForkCredentials {
 public:
  ForkCredentials(const Program& program, Diagnostics& diags) : program_(program), diags_(diags) {}

  void run() {
    for (const auto& w : program_.workflows) {
      const Value* on = w->body->get("on");
      if (on && (on->field("pull_request") || on->field("pull_request_target")))
        visit(*w, false, file_name(w->file));
    }
  }

 private:
  // The jobs of wf, reached from a pull request by `path` (ci.yml -> ...);
  // guarded when a calling job's condition already excludes forks.
  void visit(const WorkflowModel& wf, bool guarded, const std::string& path) {
    if (!visited_.insert({&wf, guarded}).second) return;
    const Value* jobs = wf.body->get("jobs");
    if (!jobs) return;
    for (const auto& j : jobs->fields) {
      const Value& job = *j.value;
      const bool job_guarded = guarded || excludes_forks(job.get("if"));
      if (const WorkflowModel* callee = called_workflow(program_, job)) {
        visit(*callee, job_guarded, path + " -> " + file_name(callee->file));
        continue;
      }
      if (job_guarded) continue;
      for (const char* key : {"env", "container", "services"}) {
        if (const Field* f = job.field(key)) {
          if (std::string s = secret_read(*f->value); !s.empty())
            report(f->key_pos, "job \"" + j.key + "\" reads " + s + " in its " + key, path,
                   "the job");
        }
      }
      const Value* steps = job.get("steps");
      if (!steps) continue;
      for (const auto& s : steps->items) {
        if (excludes_forks(s->get("if"))) continue;
        const std::string name = s->get("name") && s->get("name")->is_string()
                                     ? "step \"" + s->get("name")->text + "\""
                                     : "a step";
        const Value* uses = s->get("uses");
        const Value* perms = uses && uses->tag == "action" ? uses->get("permissions") : nullptr;
        const Value* oidc = perms ? perms->get("id-token") : nullptr;
        if (oidc && oidc->is_string() && oidc->text == "write") {
          report(s->field("uses")->key_pos,
                 name + " uses an action that needs an OIDC token (id-token: write)", path,
                 "the step or its job");
          continue;
        }
        for (const auto& f : s->fields) {
          if (f.key == "if") continue;
          if (std::string secret = secret_read(*f.value); !secret.empty()) {
            report(f.key_pos, name + " reads " + secret, path, "the step or its job");
            break;
          }
        }
      }
    }
  }

  void report(const Pos& at, const std::string& what, const std::string& path,
              const std::string& where) {
    // A step a template writes is one place, whatever workflows it is in.
    if (!reported_.insert(to_string(at)).second) return;
    diags_.error(
        at, "fork-credentials",
        what + ", and runs for pull requests from forks (" + path +
            "): under pull_request GitHub gives such a run no credentials, under "
            "pull_request_target it "
            "gives them to the fork's code; add !github.event.pull_request.head.repo.fork to the "
            "if of " +
            where +
            (path.find(" -> ") != std::string::npos ? ", or of the job that calls its workflow"
                                                    : "") +
            " (with && beside any other condition)");
  }

  const Program& program_;
  Diagnostics& diags_;
  std::set<std::pair<const WorkflowModel*, bool>> visited_;
  std::set<std::string> reported_;
};

}  // namespace

void check_fork_credentials(const Program& program, Diagnostics& diags) {
  ForkCredentials(program, diags).run();
}

}  // namespace pipec
