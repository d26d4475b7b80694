#include "check_artifacts.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "matrix_legs.h"

namespace pipec {
namespace {

using Contexts = std::vector<std::string>;

class Artifacts {
 public:
  Artifacts(const Program& program, Diagnostics& diags) : program_(program), diags_(diags) {}

  void run() {
    for (const auto& w : program_.workflows) visit(*w, "", file_name(w->file), 0);
  }

 private:
  // The uploads of wf, reached by `path`; legs names the matrix job whose
  // every leg runs wf, if one does.
  void visit(const WorkflowModel& wf, const std::string& legs, const std::string& path, int depth) {
    // check_limits refuses deeper calls; this only stops a cycle.
    if (depth > 10) return;
    for (const auto& j : jobs_of(*wf.body)) {
      const std::string job = "job \"" + j.key + "\" in " + file_name(wf.file);
      const bool matrix = legs.empty() && many_legs(*j.value);
      if (const WorkflowModel* callee = called_workflow(program_, *j.value)) {
        visit(*callee, matrix ? job : legs, path + " -> " + file_name(callee->file), depth + 1);
        continue;
      }
      if (!matrix && legs.empty()) continue;
      // What is the same in every leg: in the matrix job, all but the
      // matrix; in a workflow its legs call, not the inputs, and the
      // called job's own matrix only when it reads no input either.
      Contexts same{"github", "vars", "needs"};
      if (matrix) same.push_back("inputs");
      const Value* strategy = j.value->get("strategy");
      if (!matrix && (!strategy || reads_only(*strategy, same))) same.push_back("matrix");
      for (const auto& s : steps_of(*j.value)) {
        if (action_repo(*s) == "actions/upload-artifact")
          upload(*s, same, matrix ? job : legs, path,
                 matrix ? "a matrix value" : "a value of that matrix, through an input,");
      }
    }
  }

  // An upload step, reported when its name and condition read only `same`,
  // values that are the same for every leg of `legs`.
  void upload(const Value& step, const Contexts& same, const std::string& legs,
              const std::string& path, const std::string& how) {
    const Value* with = step.get("with");
    const Value* name = with ? with->get("name") : nullptr;
    const Value* overwrite = with ? with->get("overwrite") : nullptr;
    const Value* cond = step.get("if");
    if (name && name->kind != Value::Kind::String && name->kind != Value::Kind::Runtime) return;
    if ((name && !reads_only(*name, same)) || (cond && !reads_only(*cond, same))) return;
    const bool replaces =
        overwrite && (overwrite->kind == Value::Kind::Bool ? overwrite->boolean
                                                           : scalar_text(*overwrite) == "true");
    if (overwrite && !replaces && scalar_text(*overwrite) != "false") return;  // not known here
    const Pos& at = name ? name->pos : step.pos;
    if (!reported_.insert({to_string(at), legs}).second) return;
    const std::string what =
        replaces ? "with overwrite, each leg deletes the artifact of the leg before it, and the "
                   "run keeps one leg's files"
                 : "upload-artifact fails in every leg but the first (\"an artifact with this "
                   "name already exists on the workflow run\")";
    diags_.error(at, "artifact-legs",
                 "artifact " +
                     (name ? "\"" + text_of(*name) + "\""
                           : "\"artifact\" (upload-artifact's default name)") +
                     " in " + path +
                     " is uploaded under the same name by every leg of the matrix of " + legs +
                     ", and a run holds one artifact of a name: " + what + "; put " + how +
                     " in the name");
  }

  const Program& program_;
  Diagnostics& diags_;
  std::set<std::pair<std::string, std::string>> reported_;
};

}  // namespace

void check_artifacts(const Program& program, Diagnostics& diags) {
  Artifacts(program, diags).run();
}

}  // namespace pipec
