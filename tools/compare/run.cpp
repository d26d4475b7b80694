#include "run.h"

#include <yaml-cpp/yaml.h>

#include <fmt/format.h>

#include <filesystem>
#include <optional>
#include <ostream>

#include "diff.h"
#include "load_workflow.h"
#include "pairing.h"
#include "reasons.h"
#include "rename_jobs.h"
#include "render.h"
#include "report.h"
#include "yaml_value.h"

namespace wfcompare {

namespace {

bool is_directory(const std::string& path) {
  std::error_code ec;
  return std::filesystem::is_directory(path, ec);
}

std::string join(const std::string& dir, const std::string& file) {
  return (std::filesystem::path(dir) / file).string();
}

// Loads a workflow, its jobs renamed as the pair says; an error is printed
// and gives nullopt. A rename that does not fit the file is a stale map entry.
std::optional<Model> load_or_report(const std::string& path, const WorkflowPair* renames,
                                    std::vector<StaleMapEntry>& stale, std::ostream& err) {
  try {
    if (!renames || renames->job_renames.empty()) return load_workflow_file(path, path);
    std::vector<std::string> problems;
    YAML::Node root =
        rename_jobs(load_yaml_file(path, path), renames->job_renames, renames->corpus, problems);
    for (auto& problem : problems) stale.push_back({renames->renames_where, std::move(problem)});
    return load_workflow(root, path);
  } catch (const InputError& e) {
    err << e.what() << "\n";
  } catch (const YAML::Exception& e) {  // a shape the loader did not foresee
    err << InputError(path, e.mark, e.msg).what() << "\n";
  } catch (const std::exception& e) {
    err << InputError(path, e.what()).what() << "\n";
  }
  return std::nullopt;
}

}  // namespace

int run(const Options& options, std::ostream& out, std::ostream& err) {
  bool failed = false;
  for (const auto& [flag, dir] : {std::pair{"--generated", options.generated_dir},
                                  std::pair{"--corpus", options.corpus_dir}}) {
    if (!is_directory(dir)) {
      err << dir << ": not a directory (" << flag << ")\n";
      failed = true;
    }
  }
  if (failed) return 2;

  std::vector<MapEntry> map;
  std::vector<Reason> reasons;
  try {
    if (options.map_file) map = load_map(*options.map_file);
  } catch (const InputError& e) {
    err << e.what() << "\n";
    failed = true;
  }
  try {
    if (options.reasons_file) reasons = load_reasons(*options.reasons_file);
  } catch (const InputError& e) {
    err << e.what() << "\n";
    failed = true;
  }

  Pairing pairing = pair_workflows(list_workflows(options.generated_dir),
                                   list_workflows(options.corpus_dir), map);
  ReasonMatcher matcher(reasons);
  Report report;
  for (const auto& pair : pairing.pairs) {
    auto corpus = load_or_report(join(options.corpus_dir, pair.corpus), &pair, pairing.stale, err);
    auto generated = load_or_report(join(options.generated_dir, pair.generated), nullptr,
                                    pairing.stale, err);
    if (!corpus || !generated) {
      failed = true;
      continue;
    }
    for (const auto& [from, to] : pair.job_renames) {
      if (!generated->contains(Key{Kind::jobs, "job " + to})) {
        pairing.stale.push_back(
            {pair.renames_where, fmt::format("generated file {} has no job {}", pair.generated, to)});
      }
    }
    report.workflows.push_back(explain(pair, diff_models(*corpus, *generated), matcher));
  }
  if (failed) return 2;

  report.unpaired = pairing.unpaired;
  report.stale_map_entries = pairing.stale;
  for (const Reason* r : matcher.stale()) report.stale_reasons.push_back(*r);
  out << (options.format == Format::json    ? render_json(report)
          : options.format == Format::lines ? render_lines(report)
                                            : render_text(report));
  return report.exit_code();
}

}  // namespace wfcompare
