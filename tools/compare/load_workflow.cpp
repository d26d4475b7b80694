#include "load_workflow.h"

#include "load_jobs.h"
#include "load_settings.h"
#include "load_triggers.h"
#include "shape.h"
#include "yaml_value.h"

namespace wfcompare {

Model load_workflow(const YAML::Node& root, const std::string& file) {
  if (!root.IsDefined() || root.IsNull()) throw InputError(file, "the workflow is empty");
  expect_map(root, file, "a workflow");
  if (!root["on"]) throw InputError(file, root.Mark(), "the workflow has no 'on:'");
  if (!root["jobs"]) throw InputError(file, root.Mark(), "the workflow has no 'jobs:'");
  Model model;
  ModelBuilder builder(model);
  load_triggers(root["on"], file, builder);
  load_jobs(root["jobs"], file, builder);
  if (root["permissions"]) load_permissions(root["permissions"], "", std::nullopt, builder);
  if (root["concurrency"]) load_concurrency(root["concurrency"], "", std::nullopt, builder);
  return model;
}

Model load_workflow_text(const std::string& text, const std::string& file) {
  return load_workflow(parse_yaml(text, file), file);
}

Model load_workflow_file(const std::string& path, const std::string& shown) {
  return load_workflow(load_yaml_file(path, shown), shown);
}

}  // namespace wfcompare
