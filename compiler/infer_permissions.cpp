#include "infer_permissions.h"

#include <algorithm>
#include <map>
#include <set>

namespace pipec {

const std::vector<std::string> kPermissionScopes = {
    "actions",  "attestations", "checks",        "contents", "deployments",     "discussions", "id-token",
    "issues",   "models",       "packages",      "pages",    "pull-requests",   "security-events",
    "statuses"};

bool check_permission_block(const Value& block, Diagnostics& diags) {
  if (block.kind != Value::Kind::Object) {
    diags.error(block.pos, "type", "permissions must be a block of scope = read|write|none");
    return false;
  }
  bool ok = true;
  for (const auto& f : block.fields) {
    if (std::find(kPermissionScopes.begin(), kPermissionScopes.end(), f.key) == kPermissionScopes.end()) {
      diags.error(f.key_pos, "unknown-key",
                  "unknown permission scope \"" + f.key + "\"" + did_you_mean(f.key, kPermissionScopes));
      ok = false;
      continue;
    }
    const std::string level = f.value->is_string() ? f.value->text : "";
    // id-token only fetches an OIDC token, and models is read-only: GitHub's
    // schema gives each one level besides none.
    const std::vector<std::string> levels = f.key == "id-token" ? std::vector<std::string>{"write", "none"}
                                            : f.key == "models" ? std::vector<std::string>{"read", "none"}
                                                                : std::vector<std::string>{"read", "write", "none"};
    if (std::find(levels.begin(), levels.end(), level) == levels.end()) {
      std::vector<std::string> quoted;
      for (const auto& l : levels) quoted.push_back("\"" + l + "\"");
      diags.error(f.value->pos, "permissions",
                  "permission " + f.key + " must be " + spoken_list(quoted, "or"));
      ok = false;
    }
  }
  return ok;
}

namespace {

int rank(const std::string& level) { return level == "write" ? 2 : level == "read" ? 1 : 0; }

// A scope's level, and for a need, what needs it (for messages).
struct Grant {
  std::string level;
  std::string why;
};
using Grants = std::map<std::string, Grant>;

// What a permissions value grants. read-all and write-all grant every scope
// (lowering rejects them; here they only must not add errors of their own).
Grants granted(const Value* v, const std::string& why) {
  Grants out;
  if (!v) return out;
  if (v->is_string() && (v->text == "read-all" || v->text == "write-all")) {
    for (const auto& s : kPermissionScopes) out[s] = {v->text == "write-all" ? "write" : "read", why};
  }
  for (const auto& f : v->fields) {
    if (f.value->is_string() && rank(f.value->text) > 0) out[f.key] = {f.value->text, why};
  }
  return out;
}

// Adds `from` to `to`, keeping the higher level of each scope.
void add(Grants& to, const Grants& from) {
  for (const auto& [scope, g] : from) {
    auto it = to.find(scope);
    if (it == to.end() || rank(g.level) > rank(it->second.level)) to[scope] = g;
  }
}

ValuePtr as_block(const Grants& grants, const Pos& pos) {
  auto v = std::make_shared<Value>();
  v->kind = Value::Kind::Object;
  v->pos = pos;
  for (const auto& scope : kPermissionScopes) {
    if (auto it = grants.find(scope); it != grants.end()) v->fields.push_back({scope, pos, make_string(it->second.level, pos)});
  }
  return v;
}

class Inference {
 public:
  Inference(Program& program, Diagnostics& diags) : program_(program), diags_(diags) {}

  void run() {
    for (auto& wf : program_.workflows) visit(*wf);
  }

 private:
  // Everything `wf` holds once its jobs' permissions are settled: its own
  // permissions and each job's. A job that calls `wf` must grant all of it.
  const Grants& visit(WorkflowModel& wf) {
    if (auto it = done_.find(&wf); it != done_.end()) return it->second;
    static const Grants kNone;
    if (!visiting_.insert(&wf).second) return kNone;  // a call cycle; expand reports those
    auto body = std::make_shared<Value>(*wf.body);
    const bool stated = body->get("permissions") != nullptr;
    if (!stated) {
      // Least privilege by default: read the repository, nothing else.
      body->fields.push_back({"permissions", wf.pos, as_block({{"contents", {"read", ""}}}, wf.pos)});
    }
    Grants base = granted(body->get("permissions"),
                          (stated ? "the permissions of " : "the default permissions of ") + wf.instance);
    Grants held = base;
    if (const Value* jobs = body->get("jobs")) {
      auto settled = std::make_shared<Value>(*jobs);
      for (auto& j : settled->fields) {
        const Value& job = *j.value;
        if (const Value* cond = job.get("if"); cond && cond->kind == Value::Kind::Bool && !cond->boolean) continue;
        Grants need = needs_of(wf, j.key, job);
        if (const Field* stated = job.field("permissions")) {
          Grants grant = granted(stated->value.get(), "the permissions of job \"" + j.key + "\" in " + wf.instance);
          for (const auto& [scope, g] : need) {
            auto it = grant.find(scope);
            if (it != grant.end() && rank(it->second.level) >= rank(g.level)) continue;
            diags_.error(stated->key_pos, "permissions",
                         "job \"" + j.key + "\" does not grant " + scope + ": " + g.level + ", which " + g.why +
                             " needs; grant it, or leave permissions out and pipec works them out");
          }
          add(held, grant);
          continue;
        }
        bool beyond = std::any_of(need.begin(), need.end(), [&](const auto& n) {
          auto it = base.find(n.first);
          return it == base.end() || rank(it->second.level) < rank(n.second.level);
        });
        if (!beyond) continue;
        Grants grant = base;
        add(grant, need);
        auto with_perms = std::make_shared<Value>(job);
        with_perms->fields.push_back({"permissions", job.pos, as_block(grant, job.pos)});
        j.value = with_perms;
        add(held, grant);
      }
      for (auto& f : body->fields) {
        if (f.key == "jobs") f.value = settled;
      }
    }
    wf.body = body;
    visiting_.erase(&wf);
    return done_[&wf] = held;
  }

  // What job `id` of `wf` needs: its steps' actions' permissions, or all that
  // the workflow it calls holds.
  Grants needs_of(WorkflowModel& wf, const std::string& id, const Value& job) {
    Grants need;
    if (const Value* steps = job.get("steps")) {
      for (const auto& s : steps->items) {
        const Value* uses = s->get("uses");
        if (!uses || uses->tag != "action") continue;
        const Value* perms = uses->get("permissions");
        if (!perms) continue;
        std::string step = step_named(*s);
        std::string why = step + " (action " + uses->get("name")->text + ") of job \"" + id + "\" in " + wf.instance;
        add(need, granted(perms, why));
      }
    }
    if (const WorkflowModel* callee = called_workflow(program_, job)) {
      for (auto& w : program_.workflows) {
        if (w.get() == callee) add(need, visit(*w));
      }
    }
    return need;
  }

  Program& program_;
  Diagnostics& diags_;
  std::map<const WorkflowModel*, Grants> done_;
  std::set<const WorkflowModel*> visiting_;
};

}  // namespace

void infer_permissions(Program& program, Diagnostics& diags) { Inference(program, diags).run(); }

}  // namespace pipec
