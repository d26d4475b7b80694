#include "check_external_callers.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>
#include <regex>
#include <set>
#include <vector>

#include "external_workflows.h"

namespace pipec {
namespace {

namespace fs = std::filesystem;

// The hand-written workflow files beside the generated ones in
// .github/workflows/ folders, by path from the root.
std::vector<std::string> hand_written(const Program& program, const std::string& root) {
  std::set<std::string> dirs, generated;
  for (const auto& wf : program.workflows) {
    const fs::path dir = fs::path(wf->file).parent_path();
    generated.insert(fs::path(wf->file).generic_string());
    if (dir.filename() == "workflows" && dir.parent_path().filename() == ".github")
      dirs.insert(dir.generic_string());
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
// each with where it is.
std::vector<std::pair<std::string, Pos>> outputs_read(const std::string& text,
                                                      const std::string& job,
                                                      const std::string& path) {
  std::vector<std::pair<std::string, Pos>> out;
  const std::string needle = "needs." + job + ".outputs.";
  size_t line = 1, line_start = 0;
  for (size_t at = 0; (at = text.find(needle, at)) != std::string::npos; at += needle.size()) {
    for (size_t i = line_start; i < at; ++i) {
      if (text[i] == '\n') {
        ++line;
        line_start = i + 1;
      }
    }
    // A whole name: not the end of another one.
    if (at > 0 && (std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_' ||
                   text[at - 1] == '-' || text[at - 1] == '.'))
      continue;
    size_t end = at + needle.size();
    while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) ||
                                 text[end] == '_' || text[end] == '-'))
      ++end;
    if (end == at + needle.size()) continue;
    out.push_back({text.substr(at + needle.size(), end - at - needle.size()),
                   Pos{path, static_cast<int>(line), static_cast<int>(at - line_start + 1)}});
  }
  return out;
}

// A value written out for a boolean or number input: GitHub refuses a
// call that gives one text ("Unexpected value"). A plain scalar YAML may
// read as a boolean (or as a number) passes; an expression is not known
// here.
void check_literal(const std::string& path, const std::string& callee, const InputDecl& in,
                   const YAML::Node& v, Diagnostics& diags) {
  const std::string type = github_type(in);
  if (type != "boolean" && type != "number") return;
  if (v.IsScalar() && v.Scalar().find("${{") != std::string::npos) return;
  const bool plain = v.IsScalar() && v.Tag() == "?";
  static const std::regex boolean(
      "true|True|TRUE|false|False|FALSE|y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF");
  static const std::regex number(
      "[-+]?([0-9][0-9_]*)?\\.?[0-9]+([eE][-+]?[0-9]+)?|0x[0-9a-fA-F]+|0o[0-7]+|[-+]?\\.(inf|Inf|"
      "INF)|\\.(nan|NaN|NAN)");
  if (plain && std::regex_match(v.Scalar(), type == "boolean" ? boolean : number)) return;
  const std::string what = !v.IsScalar() ? (v.IsSequence() ? "a list"
                                            : v.IsMap()    ? "a map"
                                                           : "null")
                           : plain       ? "\"" + v.Scalar() + "\""
                                         : "the quoted text \"" + v.Scalar() + "\"";
  diags.error(
      yaml_pos(path, v), "external-call",
      "input \"" + in.name + "\" of " + callee + " is " + with_article(type) + ", not " + what);
}

// One job of a hand-written file that calls a generated workflow.
void check_caller(const std::string& path, const std::string& text, const std::string& key,
                  const YAML::Node& job, const WorkflowModel& callee, Diagnostics& diags) {
  const std::string name =
      file_name(callee.file) + " (" + callee.instance + " in " + callee.source + ")";
  const Pos at = yaml_pos(path, job["uses"]);
  if (!has_trigger(callee, "call")) {
    diags.error(at, "external-call",
                "job \"" + key + "\" calls " + name +
                    ", which has no workflow_call trigger: add on { call } to its source (" +
                    callee.source + ")");
    return;
  }
  std::vector<std::string> inputs;
  for (const auto& in : callee.inputs) {
    if (in.only != "dispatch") inputs.push_back(in.name);
  }
  std::vector<std::string> given, misspelt;
  if (const YAML::Node with = job["with"]; with && with.IsMap()) {
    for (const auto& w : with) {
      if (!w.first.IsScalar()) continue;  // GitHub refuses the file
      const std::string k = yaml_scalar(w.first);
      given.push_back(k);
      if (contains(inputs, k)) {
        for (const auto& in : callee.inputs) {
          if (in.name == k && in.only != "dispatch") check_literal(path, name, in, w.second, diags);
        }
        continue;
      }
      misspelt.push_back(nearest(k, inputs));
      diags.error(yaml_pos(path, w.first), "external-call",
                  name + " has no input \"" + k + "\"" + did_you_mean(k, inputs) +
                      (inputs.empty() ? "" : "; it takes " + join(inputs)));
    }
  }
  for (const auto& in : callee.inputs) {
    // A misspelt input is one slip: not reported missing as well.
    if (in.only == "dispatch" || !in.required || contains(given, in.name) ||
        contains(misspelt, in.name))
      continue;
    diags.error(
        at, "external-call",
        "job \"" + key + "\" does not give the required input \"" + in.name + "\" of " + name);
  }
  const YAML::Node secrets = job["secrets"];
  if (!(secrets && secrets.IsScalar() && secrets.Scalar() == "inherit")) {
    std::vector<std::string> declared, passed;
    for (const auto& s : callee.secrets) declared.push_back(s.name);
    if (secrets && secrets.IsMap()) {
      for (const auto& s : secrets) {
        if (!s.first.IsScalar()) continue;
        const std::string k = yaml_scalar(s.first);
        passed.push_back(k);
        if (contains(declared, k)) continue;
        passed.push_back(nearest(k, declared));  // a slip, not one left out as well
        diags.error(yaml_pos(path, s.first), "external-call",
                    name + " has no secret \"" + k + "\"" + did_you_mean(k, declared) +
                        (declared.empty() ? "; it declares none" : "; it takes " + join(declared)));
      }
    }
    for (const auto& s : callee.secrets) {
      if (s.required && !contains(passed, s.name))
        diags.error(at, "external-call",
                    "job \"" + key + "\" does not pass the required secret \"" + s.name + "\" of " +
                        name + " (secrets: " + s.name + ", or secrets: inherit)");
    }
  }
  std::vector<std::string> outputs;
  if (const Value* outs = callee.body->get("outputs")) {
    for (const auto& f : outs->fields) outputs.push_back(f.key);
  }
  for (const auto& [output, pos] : outputs_read(text, key, path)) {
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
    for (const auto& j : jobs) {
      if (const WorkflowModel* callee = generated_callee(program, dir, j.second))
        check_caller(path, text, yaml_scalar(j.first), j.second, *callee, diags);
    }
  }
}

}  // namespace pipec
