#include "check_artifact_characters.h"

#include <algorithm>
#include <string>
#include <vector>

#include "ascii.h"
#include "expr_chain.h"
#include "github_eval.h"
#include "matrix_legs.h"
#include "render_expr.h"

namespace pipec {
namespace {

// The characters the artifact library refuses in a name, as it names them.
const std::vector<std::pair<char, std::string>> kRefused = {
    {'"', "a double quote"},   {':', "a colon"},
    {'<', "a less-than sign"}, {'>', "a greater-than sign"},
    {'|', "a vertical bar"},   {'*', "an asterisk"},
    {'?', "a question mark"},  {'\r', "a carriage return"},
    {'\n', "a line feed"},     {'\\', "a backslash"},
    {'/', "a forward slash"}};

// The first refused character in text, as the library names it; "" for none.
std::string refused_in(const std::string& text) {
  for (const auto& [c, name] : kRefused)
    if (text.find(c) != std::string::npos) return name;
  return "";
}

// The values matrix.KEY takes in the legs of a job's matrix, as text; false
// when the legs are not known at compile time, or one of those values is
// not known or is a list or an object.
bool matrix_values(const Value& job, const std::string& key, std::vector<std::string>& out) {
  const Value* strategy = job.get("strategy");
  const Value* matrix = strategy ? strategy->get("matrix") : nullptr;
  std::vector<nlohmann::json> legs;
  if (!matrix || !matrix_legs(value_json(*matrix, nullptr), legs, written_order(*matrix)))
    return false;
  for (const auto& leg : legs) {
    const nlohmann::json* v = github_property(leg, key);
    if (!v || v->is_null() || v->is_number() || v->is_boolean()) continue;  // no refused character
    if (!v->is_string()) return false;
    if (std::find(out.begin(), out.end(), v->get<std::string>()) == out.end()) out.push_back(*v);
  }
  return !out.empty();
}

// The values inputs.NAME takes when a run leaves it as declared: its
// default (where GitHub uses it), and each option of a choice, as text.
std::vector<std::pair<std::string, std::string>> input_values(const WorkflowModel& wf,
                                                              const std::string& name) {
  std::vector<std::pair<std::string, std::string>> out;  // {what, text}
  const bool dispatch = has_trigger(wf, "dispatch");
  for (const auto& in : wf.inputs) {
    if (in.name != name) continue;
    // GitHub never uses a required input's default in a call.
    if (in.required && (!dispatch || in.only == "call")) continue;
    if (in.default_value && in.default_value->is_string())
      out.emplace_back("its default", in.default_value->text);
    for (const auto& o : in.options) out.emplace_back("one of its options", o);
  }
  return out;
}

// The name of the file a path written as text ends in, with a space for
// each ${{ }} in it; "" when the path is several lines (several paths) or
// may not name one file.
std::string written_file_name(const Value& path) {
  std::string literal;
  for (const auto& p : path.parts) literal += p.expr ? " " : p.text;
  if (path.parts.empty()) literal = path.text;
  literal = trim_space(literal);
  if (literal.find('\n') != std::string::npos) return "";
  const size_t sep = literal.find_last_of("/\\");
  std::string file = sep == std::string::npos ? literal : literal.substr(sep + 1);
  return names_one_file(file) ? file : "";
}

// An upload with archive = false is named by its file: @actions/artifact
// takes path.basename of it and checks that as it checks a name.
void check_file_name(const WorkflowModel& wf, const std::string& job, const Value& step,
                     Diagnostics& diags) {
  const Value* with = step.get("with");
  const Value* archive = with ? with->get("archive") : nullptr;
  const Value* path = with ? with->get("path") : nullptr;
  if (!archive || action_flag(*archive) != false || !path || path->kind != Value::Kind::String)
    return;
  const std::string file = written_file_name(*path);
  const std::string refused = refused_in(file);
  if (refused.empty()) return;
  diags.error(path->pos, "artifact-name",
              "upload-artifact in job \"" + job + "\" of " + file_name(wf.file) +
                  " uploads a file as is (archive = false), so the file's name \"" + file +
                  "\" names the artifact, and it has " + refused +
                  ", which upload-artifact refuses (\"The artifact name is not valid\"): the "
                  "step fails; rename the file, or set archive = true");
}

// Whether github.FIELD (ref, ref_name, head_ref or base_ref) may hold a /
// in some run of the workflow, and why. A filter limits the branches or
// tags of a trigger; in its patterns * does not match a /, ** does.
std::string ref_slash(const WorkflowModel& wf, const std::string& field) {
  const Value* on = wf.body->get("on");
  auto filtered_without_slash = [&](const char* trigger, std::initializer_list<const char*> filters) {
    const Value* t = on ? on->get(trigger) : nullptr;
    if (!t || t->kind != Value::Kind::Object) return false;
    bool any = false;
    for (const char* f : filters) {
      const Value* list = t->get(f);
      if (!list) continue;
      if (list->kind != Value::Kind::List) return false;
      any = true;
      for (const auto& p : list->items) {
        if (!p->is_string() || p->is_runtime_string() || p->text.find('/') != std::string::npos ||
            p->text.find("**") != std::string::npos)
          return false;
      }
    }
    return any;
  };
  const bool pr = has_trigger(wf, "pull_request");
  const bool pr_target = has_trigger(wf, "pull_request_target");
  const bool call = has_trigger(wf, "call");
  if (field == "ref") return ", a ref (refs/heads/main), which has a forward slash";
  const std::string may = ", a branch's or tag's name, which may have a forward slash (feature/x)";
  if (call) return may;
  if (field == "head_ref") return pr || pr_target ? may : "";
  if (field == "base_ref")
    return (pr && !filtered_without_slash("pull_request", {"branches"})) ||
                   (pr_target && !filtered_without_slash("pull_request_target", {"branches"}))
               ? may
               : "";
  // ref_name: a pull request's is N/merge; a manual run's any branch.
  if (pr) return ", which in a pull request's run is N/merge, with a forward slash";
  if (has_trigger(wf, "dispatch") || (pr_target && !filtered_without_slash("pull_request_target", {"branches"})) ||
      (has_trigger(wf, "push") && !filtered_without_slash("push", {"branches", "tags"})))
    return may;
  return "";
}

}  // namespace

void check_artifact_characters(const WorkflowModel& wf, Diagnostics& diags) {
  for (const auto& j : jobs_of(*wf.body)) {
    for (const auto& s : steps_of(*j.value)) {
      if (action_repo(*s).rfind("actions/upload-artifact", 0) != 0) continue;
      if (may_upload_as_is(*s)) {  // the file names the artifact, not `name`
        check_file_name(wf, j.key, *s, diags);
        continue;
      }
      const Value* with = s->get("with");
      const Value* name = with ? with->get("name") : nullptr;
      if (!name || name->kind != Value::Kind::String) continue;
      const std::string refuses =
          ", which upload-artifact refuses (\"The artifact name is not valid\"): the step fails";
      // The text written around the ${{ }}, trimmed as the action trims it.
      std::string literal;
      std::string written;
      for (const auto& p : name->parts) {
        literal += p.expr ? " " : p.text;
        written += p.expr ? "${{ " + render_expr(*p.expr) + " }}" : p.text;
      }
      if (name->parts.empty()) literal = written = name->text;
      const std::string where = "artifact name \"" + trim_space(written) + "\" in job \"" + j.key +
                                "\" of " + file_name(wf.file) + " has ";
      const std::string refused = refused_in(trim_space(literal));
      if (!refused.empty()) {
        diags.error(name->pos, "artifact-name",
                    where + refused + refuses + "; write another separator, such as \"-\"");
        continue;
      }
      for (const auto& p : name->parts) {
        const Chain c = p.expr ? chain(*p.expr) : Chain{};
        // A ref, or a branch's or tag's name, which may hold a / (feature/x).
        if (c.size() == 2 && c[0].first == "github" &&
            (c[1].first == "ref" || c[1].first == "ref_name" || c[1].first == "head_ref" || c[1].first == "base_ref")) {
          if (const std::string why = ref_slash(wf, c[1].first); !why.empty()) {
            diags.error(name->pos, "artifact-name",
                        where + "github." + c[1].first + why + refuses +
                            " there; name the artifact by a value without it, such as github.run_id or github.sha");
            break;
          }
          continue;
        }
        if (c.size() == 2 && c[0].first == "inputs") {
          for (const auto& [what, v] : input_values(wf, c[1].first)) {
            const std::string in_value = refused_in(v);
            if (in_value.empty()) continue;
            diags.error(name->pos, "artifact-name",
                        where + in_value + " when inputs." + c[1].first + " is \"" + v + "\", " +
                            what + refuses + "; name the artifact by a value without it");
            break;
          }
          continue;
        }
        std::vector<std::string> values;
        if (c.size() != 2 || c[0].first != "matrix" || !matrix_values(*j.value, c[1].first, values))
          continue;
        for (const auto& v : values) {
          const std::string in_value = refused_in(v);
          if (in_value.empty()) continue;
          diags.error(name->pos, "artifact-name",
                      where + in_value + " in the leg where matrix." + c[1].first + " is \"" + v +
                          "\"" + refuses +
                          "; name the legs by a value without it, such as an include key");
          break;
        }
      }
    }
  }
}

}  // namespace pipec
