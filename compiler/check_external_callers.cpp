#include "check_external_callers.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>
#include <regex>
#include <set>
#include <vector>

#include "check_calls.h"
#include "external_workflows.h"
#include "regex_bound.h"

namespace pipec {
namespace {

namespace fs = std::filesystem;

// The hand-written workflow files beside the generated ones in
// .github/workflows/ folders, by path from the root.
std::vector<std::string> hand_written(const Program& program, const std::string& root) {
  std::set<std::string> dirs, generated;
  for (const auto& wf : program.workflows) {
    generated.insert(fs::path(wf->file).generic_string());
    if (in_workflows_folder(wf->file))
      dirs.insert(fs::path(wf->file).parent_path().generic_string());
  }
  std::vector<std::string> out;
  for (const auto& dir : dirs) {
    std::error_code ec;
    try {
      for (const auto& e : fs::directory_iterator(fs::path(root) / dir, ec)) {
        const std::string name = e.path().filename().string();
        const std::string path = (fs::path(dir) / name).generic_string();
        if (!yaml_file_name(name) || generated.count(path) || !e.is_regular_file(ec)) continue;
        out.push_back(path);
      }
    } catch (const fs::filesystem_error&) {
      // A folder that cannot be read holds nothing to check.
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The generated workflow a job of a hand-written file calls, if any.
const WorkflowModel* generated_callee(const Program& program, const std::string& dir,
                                      const YAML::Node& job) {
  static const std::string prefix = "./.github/workflows/";
  const std::string uses = job.IsMap() ? yaml_scalar(job["uses"]) : "";
  if (uses.rfind(prefix, 0) != 0) return nullptr;
  const std::string path = dir + "/" + uses.substr(prefix.size());
  for (const auto& wf : program.workflows) {
    if (fs::path(wf->file).generic_string() == path) return wf.get();
  }
  return nullptr;
}

// The outputs a file reads of a job: needs.JOB.outputs.NAME in its text,
// but on a comment line, each with where it is.
std::vector<std::pair<std::string, Pos>> outputs_read(const std::string& text,
                                                      const std::string& job,
                                                      const YamlPlaces& places) {
  std::vector<std::pair<std::string, Pos>> out;
  const std::string needle = "needs." + job + ".outputs.";
  for (size_t at = 0; (at = text.find(needle, at)) != std::string::npos; at += needle.size()) {
    const size_t line_start = at == 0 ? 0 : text.rfind('\n', at - 1) + 1;  // npos + 1 is 0
    // A whole name: not the end of another one.
    if (at > 0 && (std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_' ||
                   text[at - 1] == '-' || text[at - 1] == '.'))
      continue;
    // Not on a comment line (a job left out, say).
    const size_t first = text.find_first_not_of(" \t", line_start);
    if (first < at && text[first] == '#') continue;
    size_t end = at + needle.size();
    while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) ||
                                 text[end] == '_' || text[end] == '-'))
      ++end;
    if (end == at + needle.size()) continue;
    out.push_back({text.substr(at + needle.size(), end - at - needle.size()), places.at(at)});
  }
  return out;
}

// A scalar of a workflow file as pipec's value: a boolean or a number
// when YAML may read it as one (plain, and YAML 1.1's words for booleans
// too, which GitHub may take), text when quoted or not, a run-time value
// when it holds ${{ }} (not judged here).
ValuePtr scalar_value(const YamlPlaces& places, const YAML::Node& n) {
  const Pos at = places.of(n);
  if (!n.IsScalar()) {
    auto v = std::make_shared<Value>();
    v->kind = n.IsSequence() ? Value::Kind::List
              : n.IsMap()    ? Value::Kind::Object
                             : Value::Kind::Null;
    v->pos = at;
    return v;
  }
  const std::string& text = n.Scalar();
  if (text.find("${{") != std::string::npos) {
    auto v = std::make_shared<Value>();
    v->kind = Value::Kind::Runtime;
    v->pos = at;
    return v;
  }
  // Longer than the regexes read (regex_bound.h): a number if only a
  // number's characters make it up, else text.
  if (n.Tag() == "?" && text.size() > kLongestMatched) {
    const bool number = text.find_first_not_of("0123456789+-._eE") == std::string::npos &&
                        text.find_first_of("0123456789") != std::string::npos;
    return number ? make_number(text, at) : make_string(text, at);
  }
  if (n.Tag() == "?") {
    static const std::regex yes("true|True|TRUE|y|Y|yes|Yes|YES|on|On|ON");
    static const std::regex no("false|False|FALSE|n|N|no|No|NO|off|Off|OFF");
    static const std::regex number(
        "[-+]?([0-9][0-9_]*)?\\.?[0-9]+([eE][-+]?[0-9]+)?|0x[0-9a-fA-F]+|0o[0-7]+|"
        "[-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN)");
    if (std::regex_match(text, yes) || std::regex_match(text, no))
      return make_bool(std::regex_match(text, yes), at);
    if (std::regex_match(text, number)) return make_number(text, at);
  }
  return make_string(text, at);
}

// A job of a workflow file as pipec's values: its `with` and `secrets`,
// each key where the file writes it.
Field job_field(const YamlPlaces& places, const std::string& key, const YAML::Node& job) {
  auto v = std::make_shared<Value>();
  v->kind = Value::Kind::Object;
  v->pos = places.of(job);
  for (const char* block : {"with", "secrets"}) {
    const YAML::Node n = job[block];
    if (!n) continue;
    ValuePtr value = scalar_value(places, n);
    if (n.IsMap()) {
      auto map = std::make_shared<Value>();
      map->kind = Value::Kind::Object;
      map->pos = places.of(n);
      for (const auto& f : n) {
        if (f.first.IsScalar())  // GitHub refuses any other key
          map->fields.push_back(
              {f.first.Scalar(), places.of(f.first), scalar_value(places, f.second)});
      }
      value = map;
    }
    v->fields.push_back({block, places.of(n), value});
  }
  return Field{key, places.of(job), v};
}

// One job of a hand-written file that calls a generated workflow: the
// call, as check_calls holds one, and the outputs the file reads of it.
void check_caller(const YamlPlaces& places, const std::string& text, const std::string& key,
                  const YAML::Node& job, const WorkflowModel& callee, Diagnostics& diags) {
  const std::string name =
      file_name(callee.file) + " (" + callee.instance + " in " + callee.template_file + ")";
  const Callee c{name,
                 has_trigger(callee, "call"),
                 "(add on { call } to " + callee.template_file + ")",
                 callee.inputs,
                 callee.secrets,
                 false};
  check_call(job_field(places, key, job), places.of(job["uses"]), c, diags);
  if (!c.callable) return;
  std::vector<std::string> outputs;
  if (const Value* outs = callee.body->get("outputs")) {
    for (const auto& f : outs->fields) outputs.push_back(f.key);
  }
  for (const auto& [output, pos] : outputs_read(text, key, places)) {
    if (!contains(outputs, output))
      diags.error(pos, "external-call",
                  "job \"" + key + "\" calls " + name + ", which has no output \"" + output + "\"" +
                      did_you_mean(output, outputs) +
                      (outputs.empty() ? "" : "; it has " + join(outputs)));
  }
}

}  // namespace

void check_external_callers(const Program& program, const std::string& root, Diagnostics& diags,
                            std::map<std::string, std::string>& texts) {
  for (const auto& path : hand_written(program, root)) {
    // A file pipec wrote that it no longer makes is an orphan: pipec check
    // says so.
    const std::optional<std::string> read = read_hand_written(root, path);
    if (!read) continue;
    const std::string& text = texts[path] = *read;
    YAML::Node doc;
    try {
      doc = YAML::Load(text);
    } catch (const std::exception&) {
      continue;  // GitHub says what is wrong with it
    }
    const YAML::Node jobs = doc.IsMap() ? doc["jobs"] : YAML::Node();
    if (!jobs || !jobs.IsMap()) continue;
    const std::string dir = fs::path(path).parent_path().generic_string();
    const YamlPlaces places(path, text);
    for (const auto& j : jobs) {
      if (const WorkflowModel* callee = generated_callee(program, dir, j.second))
        check_caller(places, text, yaml_scalar(j.first), j.second, *callee, diags);
    }
  }
}

}  // namespace pipec
