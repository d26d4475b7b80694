// Loads one workflow file into its comparable model (see model.h): triggers
// and inputs (load_triggers.h), jobs (load_jobs.h), and the workflow-level
// permissions and concurrency (`permissions`, `permissions <scope>`,
// `concurrency group`, `concurrency cancel-in-progress`).
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>

#include "model.h"

namespace wfcompare {

// Throws InputError (file:line:col: message) for a malformed workflow.
Model load_workflow(const YAML::Node& root, const std::string& file);
Model load_workflow_text(const std::string& text, const std::string& file);
Model load_workflow_file(const std::string& path, const std::string& shown);

}  // namespace wfcompare
