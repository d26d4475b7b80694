#include "check_artifact_order.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "artifact_steps.h"

namespace pipec {
namespace {

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
    }
    std::vector<std::string> matrix_jobs;
    walk_artifact_steps(program_, wf_, matrix_jobs, [&](const ArtifactStep& a) {
      // A job under a matrix whose legs are followed is judged leg by leg.
      if (!a.name || a.legs_followed) return;
      const Value* with = a.step->get("with");
      if (a.upload) {
        uploads_.push_back(a);
      } else if (!with->get("run-id") && !with->get("repository")) {
        downloads_.push_back(a);
      }
    });
    // The uploads by name, and, in the workflow itself, by written text.
    std::map<NameKey, std::vector<size_t>> by_key;
    std::map<std::string, std::vector<size_t>> by_text;
    for (size_t i = 0; i < uploads_.size(); ++i) {
      const ArtifactStep& u = uploads_[i];
      if (const std::optional<NameKey> k = name_key(u.form)) by_key[*k].push_back(i);
      if (u.in_root && !u.direct) by_text[text_of(*u.name)].push_back(i);
    }
    std::map<std::string, std::set<std::string>> needed;  // by job: the jobs it needs
    for (const ArtifactStep& d : downloads_) {
      if (!needed.count(d.root_job)) needed[d.root_job] = ancestors(d.root_job);
      const std::set<std::string>& before = needed[d.root_job];
      for (size_t i : same_name(d, by_key, by_text)) {
        const ArtifactStep& u = uploads_[i];
        if (u.root_job == d.root_job || before.count(u.root_job)) continue;
        if (reported_.insert(to_string(d.name->pos) + "|" + d.root_job + "|" + u.root_job).second)
          report(d, u);
        break;
      }
    }
  }

 private:
  // The uploads (by number, in the order reached) of the name a download
  // reads: the same text and named values; or, both in the workflow
  // itself, the same text as written, unless both are values known here.
  std::set<size_t> same_name(const ArtifactStep& d,
                             const std::map<NameKey, std::vector<size_t>>& by_key,
                             const std::map<std::string, std::vector<size_t>>& by_text) const {
    std::set<size_t> out;
    if (const std::optional<NameKey> k = name_key(d.form)) {
      if (auto it = by_key.find(*k); it != by_key.end())
        out.insert(it->second.begin(), it->second.end());
    }
    if (!d.in_root) return out;
    const bool known = name_text(d.form).has_value();
    if (auto it = by_text.find(text_of(*d.name)); it != by_text.end()) {
      for (size_t i : it->second) {
        if (!known || !name_text(uploads_[i].form)) out.insert(i);
      }
    }
    return out;
  }

  void report(const ArtifactStep& d, const ArtifactStep& u) {
    const std::string written = text_of(*d.name);
    const std::optional<std::string> text = name_text(d.form);
    const std::string root = "job \"" + d.root_job + "\" in " + file_name(wf_.file);
    const std::string up = "job \"" + u.root_job + "\" in " + file_name(wf_.file);
    const bool direct = d.jobs == root && u.jobs == up;
    diags_.error(d.name->pos, "artifact-order",
                 d.jobs + " downloads artifact \"" + written + "\"" +
                     (text && *text != written ? " (\"" + *text + "\" here)" : "") + ", which " +
                     u.jobs + " uploads (" + to_string(u.name->pos) + "), but " +
                     (direct ? "does not need it" : root + " does not need " + up) +
                     ": GitHub may run the two at once, and the download fails (\"Artifact not "
                     "found\"); add " +
                     u.root_job + " to the needs of " + d.root_job);
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
  std::vector<ArtifactStep> uploads_, downloads_;
  std::set<std::string> reported_;
};

}  // namespace

void check_artifact_order(const WorkflowModel& wf, const Program& program, Diagnostics& diags) {
  Order(wf, program, diags).run();
}

}  // namespace pipec
