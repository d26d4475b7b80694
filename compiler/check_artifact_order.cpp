#include "check_artifact_order.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace pipec {
namespace {

struct Transfer {
  std::string job;  // the job of wf that runs it, itself or through a call
  const Value* name;
};

class Order {
 public:
  Order(const WorkflowModel& wf, const Program& program, Diagnostics& diags)
      : wf_(wf), program_(program), diags_(diags) {}

  void run() {
    for (const auto& j : jobs_of(*wf_.body)) {
      if (const Value* needs = j.value->get("needs")) {
        for (const auto& n : needs->items) {
          if (n->is_string()) needs_[j.key].push_back(n->text);
        }
      }
      collect(j.key, *j.value, 0);
    }
    for (const Transfer& d : downloads_) {
      const std::string text = text_of(*d.name);
      const std::set<std::string> before = ancestors(d.job);
      for (const Transfer& u : uploads_) {
        if (u.job == d.job || before.count(u.job) || text_of(*u.name) != text) continue;
        diags_.error(d.name->pos, "artifact-order",
                     "job \"" + d.job + "\" in " + file_name(wf_.file) + " downloads artifact \"" +
                         text + "\", which job \"" + u.job + "\" uploads (" +
                         to_string(u.name->pos) +
                         "), but does not need it: GitHub may run the two at once, and the "
                         "download fails (\"Artifact not found\"); add " +
                         u.job + " to the needs of " + d.job);
        break;
      }
    }
  }

 private:
  // The uploads and downloads `job` runs: its steps, or those of the
  // workflow it calls.
  void collect(const std::string& job, const Value& body, int depth) {
    // check_limits refuses deeper calls; this only stops a cycle.
    if (depth > 10) return;
    if (const WorkflowModel* callee = called_workflow(program_, body)) {
      for (const auto& j : jobs_of(*callee->body)) collect(job, *j.value, depth + 1);
      return;
    }
    for (const auto& s : steps_of(body)) {
      const std::string action = action_repo(*s);
      const Value* with = s->get("with");
      const Value* name = with ? with->get("name") : nullptr;
      if (!name || (name->kind != Value::Kind::String && name->kind != Value::Kind::Runtime))
        continue;
      if (action == "actions/upload-artifact") uploads_.push_back({job, name});
      if (action == "actions/download-artifact" && !with->get("run-id") && !with->get("repository"))
        downloads_.push_back({job, name});
    }
  }

  // The jobs `job` needs, directly or through others.
  std::set<std::string> ancestors(const std::string& job) {
    std::set<std::string> seen;
    std::vector<std::string> todo{job};
    while (!todo.empty()) {
      const std::string j = todo.back();
      todo.pop_back();
      for (const auto& n : needs_[j]) {
        if (seen.insert(n).second) todo.push_back(n);
      }
    }
    return seen;
  }

  const WorkflowModel& wf_;
  const Program& program_;
  Diagnostics& diags_;
  std::map<std::string, std::vector<std::string>> needs_;
  std::vector<Transfer> uploads_, downloads_;
};

}  // namespace

void check_artifact_order(const WorkflowModel& wf, const Program& program, Diagnostics& diags) {
  Order(wf, program, diags).run();
}

}  // namespace pipec
