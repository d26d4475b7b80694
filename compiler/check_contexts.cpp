#include "check_contexts.h"

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "expr_chain.h"
#include "render_expr.h"

namespace pipec {
namespace {

// What one key may read: its contexts, in the order GitHub's table lists
// them, and the special functions it may call.
struct Key {
  std::string what;  // "a job's runs-on", as a message names the key
  std::vector<std::string> contexts;
  std::vector<std::string> functions;
  std::string note = "";  // appended to the message for a context it cannot read
};

// clang-format off
const std::vector<std::string> kAllContexts = {"github", "needs", "strategy", "matrix", "job", "runner", "env",
                                               "vars", "secrets", "steps", "inputs", "jobs"};
// The functions only some keys call: the status checks (an if's) and
// hashFiles (a step's, which runs after a checkout).
const std::vector<std::string> kStatusFunctions  = {"always", "cancelled", "failure", "success"};
const std::vector<std::string> kSpecialFunctions = {"always", "cancelled", "failure", "success", "hashFiles"};

const std::vector<std::string> kBeforeJobs     = {"github", "vars", "inputs"};
const std::vector<std::string> kWorkflowEnv    = {"github", "vars", "secrets", "inputs"};
const std::vector<std::string> kWorkflowOutput = {"github", "vars", "inputs", "jobs"};
const std::vector<std::string> kJobIf          = {"github", "needs", "vars", "inputs"};
const std::vector<std::string> kStrategy       = {"github", "needs", "vars", "inputs"};
const std::vector<std::string> kJobKey         = {"github", "needs", "strategy", "matrix", "vars", "inputs"};
const std::vector<std::string> kJobEnv         = {"github", "needs", "strategy", "matrix", "vars", "secrets", "inputs"};
const std::vector<std::string> kDefaultsRun    = {"github", "needs", "strategy", "matrix", "env", "vars", "inputs"};
const std::vector<std::string> kCredentials    = {"github", "needs", "strategy", "matrix", "env", "vars", "secrets",
                                                  "inputs"};
const std::vector<std::string> kContainerEnv   = {"github", "needs", "strategy", "matrix", "job", "runner", "env",
                                                  "vars", "secrets", "inputs"};
const std::vector<std::string> kStepIf         = {"github", "needs", "strategy", "matrix", "job", "runner", "env",
                                                  "vars", "steps", "inputs"};
const std::vector<std::string> kStepKey        = {"github", "needs", "strategy", "matrix", "job", "runner", "env",
                                                  "vars", "secrets", "steps", "inputs"};
// A job's outputs and its environment's URL are read once its steps have
// run. GitHub's table lets outputs read secrets, but it sends no output that
// holds one: the runner masks it and drops it.
const std::vector<std::string>& kJobOutputs     = kStepIf;
const std::vector<std::string>& kEnvironmentUrl = kStepIf;

// The job keys GitHub decides before the job starts, from its needs and
// matrix leg; their nested keys with wider tables are handled apart.
const std::vector<std::string> kPlainJobKeys = {"name", "runs-on", "concurrency", "environment", "timeout-minutes",
                                                "continue-on-error", "with"};
// A step's keys that GitHub evaluates as the step runs (pipec's args become
// the step's env).
const std::vector<std::string> kPlainStepKeys = {"name", "run", "with", "env", "args", "working-directory",
                                                 "timeout-minutes", "continue-on-error"};
// clang-format on

// Calls f on each part of e whose value can be e's value or part of its
// text: e itself, an operand && or || returns, a choice of ?:, a part of
// its text, an argument of format(), join() or toJSON(). A comparison, or a
// function that returns true or false, passes on no part of its operands.
void each_held(const Expr& e, const std::function<void(const Expr&)>& f) {
  using K = Expr::Kind;
  f(e);
  const bool passes =
      (e.kind == K::Binary && (e.text == "&&" || e.text == "||")) ||
      (e.kind == K::Call && (e.text == "format" || e.text == "join" || e.text == "toJSON"));
  if (passes) {
    for (const auto& o : e.operands) each_held(*o, f);
  } else if (e.kind == K::Cond) {
    each_held(*e.operands[1], f);
    each_held(*e.operands[2], f);
  } else if (e.kind == K::String) {
    for (const auto& p : e.parts) {
      if (p.expr) each_held(*p.expr, f);
    }
  }
}

void each_held(const Value& v, const std::function<void(const Expr&)>& f) {
  each_top_expr(v, [&](const Expr& e) { each_held(e, f); });
}

// The secret a value can hold, as written (secrets.NAME, github.token); ""
// for none.
std::string held_secret(const Value& v) {
  std::string found;
  each_held(v, [&](const Expr& e) {
    const Chain c = chain(e);
    if (!found.empty() || c.empty()) return;
    if (c[0].first == "secrets") found = c.size() == 1 ? "secrets" : "secrets." + c[1].first;
    if (c.size() == 2 && c[0].first == "github" && c[1].first == "token") found = "github.token";
  });
  return found;
}

class ContextChecker {
 public:
  explicit ContextChecker(Diagnostics& diags) : diags_(diags) {}

  void workflow(const Value& body);

 private:
  void check(const Value& v, const Key& key);
  void literal(const Value& v, const std::string& what, const std::string& note = "");
  void job(const Value& job);
  void container(const Value& c, const std::string& whose, const std::string& owner);
  void step(const Value& s);

  Diagnostics& diags_;
  const Value* workflow_env_ = nullptr;
};

void ContextChecker::check(const Value& v, const Key& key) {
  each_runtime(v, [&](const Expr& e) {
    if (e.kind == Expr::Kind::Name && contains(kAllContexts, e.text) &&
        !contains(key.contexts, e.text)) {
      if (e.text == "jobs")
        diags_.error(e.pos, "unknown-context",
                     "jobs.<id> is only available in a workflow's outputs; use needs.<id>");
      else
        diags_.error(
            e.pos, "unknown-context",
            e.text + " is not available in " + key.what + "; it can read " + join(key.contexts) +
                key.note);
    } else if (e.kind == Expr::Kind::Call && contains(kSpecialFunctions, e.text) &&
               !contains(key.functions, e.text)) {
      diags_.error(
          e.pos, "unknown-function",
          e.text + "() is not available in " + key.what + "; " +
              (e.text == "hashFiles" ? "only a step's keys call it (it reads the job's workspace)"
                                     : "only a job's or a step's if calls it"));
    }
  });
}

// A key GitHub reads as written (actionlint finds no context there): each
// ${{ }} in it is an error, at the expression.
void ContextChecker::literal(const Value& v, const std::string& what, const std::string& note) {
  auto report = [&](const Expr& e) {
    diags_.error(expr_start(e), "literal-key", "GitHub evaluates no ${{ }} in " + what + note);
  };
  if (v.kind == Value::Kind::Runtime) report(*v.expr);
  for (const auto& p : v.parts) {
    if (p.expr) report(*p.expr);
  }
  for (const auto& i : v.items) literal(*i, what, note);
  for (const auto& f : v.fields) literal(*f.value, what, note);
}

void ContextChecker::workflow(const Value& body) {
  workflow_env_ = body.get("env");
  for (const auto& f : body.fields) {
    if (f.key == "name")
      literal(*f.value, "the workflow's name", "; the name of a run, run-name, can read inputs");
    else if (f.key == "on")
      literal(*f.value, "the workflow's triggers");
    else if (f.key == "defaults")
      literal(*f.value, "the workflow's defaults", "; a job's defaults can read inputs");
    else if (f.key == "run-name" || f.key == "concurrency")
      check(*f.value, {"the workflow's " + f.key + ", which runs before any job", kBeforeJobs, {}});
    else if (f.key == "env")
      check(*f.value, {"the workflow's env, which runs before any job", kWorkflowEnv, {}});
    else if (f.key == "outputs")
      check(*f.value, {"the workflow's outputs", kWorkflowOutput, {}});
  }
  if (const Value* jobs = body.get("jobs")) {
    for (const auto& j : jobs->fields) job(*j.value);
  }
}

void ContextChecker::job(const Value& j) {
  for (const auto& f : j.fields) {
    const Value& v = *f.value;
    const std::string whose = "a job's " + f.key;
    if (f.key == "environment" && v.kind == Value::Kind::Object) {
      for (const auto& e : v.fields) {
        if (e.key == "url")
          check(*e.value, {"a job's environment url", kEnvironmentUrl, {}});
        else
          check(*e.value, {whose, kJobKey, {}});
      }
    } else if (contains(kPlainJobKeys, f.key)) {
      check(v, {whose, kJobKey, {}});
    } else if (f.key == "if") {
      check(v, {whose, kJobIf, kStatusFunctions});
    } else if (f.key == "strategy") {
      check(v, {whose, kStrategy, {}});
    } else if (f.key == "env" || f.key == "secrets") {
      check(v, {whose, kJobEnv, {}});
    } else if (f.key == "defaults") {
      check(v, {whose, kDefaultsRun, {}});
    } else if (f.key == "outputs") {
      const std::string dropped =
          "GitHub drops an output that holds a secret (the runner masks it and does not send "
          "it), so needs.<id>.outputs would read \"\"";
      const std::string instead = "; pass the secret to the jobs that need it";
      check(v, {whose, kJobOutputs, {}, "; " + dropped + instead});
      // The run's token is such a secret too, and so is an env variable of
      // the job or its workflow that holds one.
      each_held(v, [&](const Expr& e) {
        const Chain c = chain(e);
        if (c.size() != 2) return;
        if (c[0].first == "github" && c[1].first == "token")
          diags_.error(c[0].second, "secret-output",
                       "github.token is the run's token, a secret, and " + dropped +
                           "; the jobs that need it read github.token themselves");
        if (c[0].first != "env") return;
        const Value* env = nullptr;
        for (const Value* scope : {j.get("env"), workflow_env_}) {
          if (!env && scope && scope->kind == Value::Kind::Object) env = scope->get(c[1].first);
        }
        if (const std::string secret = env ? held_secret(*env) : ""; !secret.empty())
          diags_.error(c[0].second, "secret-output",
                       "env." + c[1].first + " holds " + secret + ", and " + dropped + instead);
      });
    } else if (f.key == "container") {
      container(v, "a job's container", "a job's container");
    } else if (f.key == "services") {
      for (const auto& s : v.fields) container(*s.value, "a job's services", "a service");
      if (v.kind != Value::Kind::Object) check(v, {whose, kJobKey, {}});
    } else if (f.key == "uses") {
      literal(v, "a job's uses");
    } else if (f.key == "steps") {
      for (const auto& s : v.items) step(*s);
    }
  }
}

// A container or a service: its image and options are decided with the
// job's keys; its env and credentials as the job starts, with more.
void ContextChecker::container(const Value& c, const std::string& whose, const std::string& owner) {
  if (c.kind != Value::Kind::Object) {
    check(c, {whose, kJobKey, {}});
    return;
  }
  for (const auto& f : c.fields) {
    if (f.key == "env")
      check(*f.value, {owner + "'s env", kContainerEnv, {}});
    else if (f.key == "credentials")
      check(*f.value, {owner + "'s credentials", kCredentials, {}});
    else
      check(*f.value, {whose, kJobKey, {}});
  }
}

void ContextChecker::step(const Value& s) {
  for (const auto& f : s.fields) {
    if (f.key == "if")
      check(*f.value, {"a step's if", kStepIf, kSpecialFunctions});
    else if (f.key == "id" || f.key == "uses" || f.key == "shell")
      literal(*f.value, "a step's " + f.key);
    else if (contains(kPlainStepKeys, f.key))
      check(*f.value, {"a step's " + f.key, kStepKey, {"hashFiles"}});
  }
}

}  // namespace

void check_contexts(const WorkflowModel& wf, Diagnostics& diags) {
  ContextChecker(diags).workflow(*wf.body);
}

}  // namespace pipec
