#include "check_local_actions.h"

#include <string>
#include <vector>

namespace pipec {
namespace {

// A path in the workspace as a folder chain: no leading ./, no trailing /.
std::string folder(std::string p) {
  while (p.rfind("./", 0) == 0) p.erase(0, 2);
  while (!p.empty() && p.back() == '/') p.pop_back();
  return p;
}

// The literal uses text of a step that runs an action from the workspace;
// "" for any other step.
std::string local_path(const Value& step) {
  const Value* uses = step.get("uses");
  if (!uses || !uses->is_string() || uses->text.rfind("./", 0) != 0) return "";
  return uses->text;
}

// Where an actions/checkout step puts its repository ("" for the workspace
// itself), or false when that is not known here.
bool checkout_folder(const Value& step, std::string& where) {
  const Value* with = step.get("with");
  const Value* path = with ? with->get("path") : nullptr;
  if (!path) return where = "", true;
  if (!path->is_string()) return false;
  where = folder(path->text);
  return true;
}

void check_job(const Value& body, const WorkflowModel& wf, const std::string& job,
               Diagnostics& diags) {
  std::vector<std::string> folders;  // where the checkouts before put their repositories
  for (const auto& s : steps_of(body)) {
    const std::string path = local_path(*s);
    if (!path.empty()) {
      const std::string f = folder(path);
      for (const auto& d : folders) {
        if (f == d || f.rfind(d + "/", 0) == 0) return;
      }
      const std::string fails = ": GitHub fails the step (\"Can't find 'action.yml'\"); ";
      const std::string what =
          folders.empty() ? "no step before it checks that path out, and a job starts with an "
                            "empty workspace" +
                                fails + "check the repository out in an earlier step"
                          : "the checkout before it puts its repository in " + folders.back() +
                                "/" + fails + "write uses = \"./" + folders.back() + "/" + f + "\"";
      diags.error(s->get("uses")->pos, "local-action",
                  "job \"" + job + "\" in " + file_name(wf.file) + " uses the action at " + path +
                      ", but " + what);
      return;
    }
    std::string where;
    if (action_repo(*s) != "actions/checkout" || !checkout_folder(*s, where) || where.empty())
      return;  // this step may have put anything in the workspace
    folders.push_back(where);
  }
}

}  // namespace

void check_local_actions(const WorkflowModel& wf, Diagnostics& diags) {
  for (const auto& j : jobs_of(*wf.body)) check_job(*j.value, wf, j.key, diags);
}

}  // namespace pipec
