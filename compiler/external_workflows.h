// The workflows of the repository that pipec does not make, which jobs
// call by path. GitHub finds "./.github/workflows/NAME.yml" in the
// repository's .github/workflows/, so for a workflow pipec writes into a
// .github/workflows/ folder (generated/therock/.github/workflows/ stands
// for TheRock's), the file of that name in the same folder is the one
// called, when it is there and pipec did not write it. Its
// on.workflow_call inputs, secrets and outputs are what check_calls and
// check_refs hold the call to. A file that is missing, too large or not
// YAML is left to GitHub: nothing is known of it. The workflows these call
// in turn, and the actions of the repository the generated and these
// workflows run (uses: ./PATH, PATH/action.yml from the repository root,
// the folder above .github/), are read for the inputs of a manual run they
// may read (check_unread_inputs).
#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <vector>

#include "program.h"

namespace pipec {

// Whether a path names a file directly in a .github/workflows/ folder,
// where GitHub finds the workflows a job calls by path.
bool in_workflows_folder(const std::string& file);

// The path from the repository root of the file a job calls by path
// ("./.github/workflows/NAME.yml"): NAME.yml in the caller's folder,
// wherever that is (a folder copied into .github/workflows/ later, say).
std::optional<std::string> beside_caller(const WorkflowModel& caller, const Value& job);

// The same, when the caller is written into a .github/workflows/ folder.
std::optional<std::string> called_path(const WorkflowModel& caller, const Value& job);

// Reads the workflows the jobs of the program call by path, into
// program.external_workflows.
void load_external_workflows(Program& program, const std::string& root);

// The text of a workflow file pipec did not write, when it is a regular
// file of at most 1 MiB (larger than any GitHub takes).
std::optional<std::string> read_hand_written(const std::string& root, const std::string& path);

// The text of a YAML scalar ("" for none).
std::string yaml_scalar(const YAML::Node& n);

// Where things are in one YAML file, as pipec counts places: columns in
// code points, where yaml-cpp's marks count bytes (and leave out a
// byte order mark). A file in UTF-16 or UTF-32, which yaml-cpp reads in
// UTF-8 after converting it, keeps yaml-cpp's columns.
class YamlPlaces {
 public:
  YamlPlaces(std::string path, std::string text);
  // Where a node is.
  Pos of(const YAML::Node& n) const;
  // Where byte `offset` of the text is.
  Pos at(size_t offset) const;

 private:
  std::string path_;
  std::string text_;
  bool utf8_ = true;
  std::vector<size_t> line_starts_;  // the byte each line starts at
};

// The folder, from pipec's root, of the action of the repository a step
// of `wf` runs (uses = "./PATH"), when `wf` is written into a
// .github/workflows/ folder.
std::optional<std::string> local_action(const WorkflowModel& wf, const Value& step);

// The workflow a job of `caller` calls by path, when its file was read.
const ExternalWorkflow* external_callee(const Program& program, const WorkflowModel& caller,
                                        const Value& job);

}  // namespace pipec
