// Which generated workflow plays the role of which corpus workflow.
//
// Without a map, files of the same name are paired. A map file (YAML list)
// names the rest; files it does not mention are still paired by name:
//   - generated: ci_linux.yml      # a pair (the names may differ)
//     corpus: ci_linux.yml
//   - generated: release.yml       # new: no corpus file plays this role
//     corpus: new
//   - corpus: build_a.yml          # its role is split among generated files
//     replaced_by: [a.yml, b.yml]
//   - corpus: old.yml              # dropped: nothing replaces it
//     dropped: true                # (or `generated: dropped`)
// Any entry may add `reason: "..."`. An entry naming a file that does not
// exist is stale. A pair may add `jobs: {<corpus id>: <generated id>}`: the
// corpus job is compared as the generated job of that id (run.cpp checks
// that both jobs exist).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace wfcompare {

struct WorkflowPair {
  std::string id;  // the workflow's name in the report and in reasons files
  std::string generated;
  std::string corpus;
  std::map<std::string, std::string> job_renames;  // corpus id -> generated id
  std::string renames_where;                       // map.yml:line:col of `jobs:`
};

struct UnpairedFile {
  std::string file;
  bool in_corpus;                          // else in the generated directory
  std::optional<std::string> explanation;  // from the map; nullopt: unexplained
};

struct StaleMapEntry {
  std::string where;  // map.yml:line:col
  std::string message;
};

struct Pairing {
  std::vector<WorkflowPair> pairs;     // sorted by id
  std::vector<UnpairedFile> unpaired;  // corpus files first, each sorted
  std::vector<StaleMapEntry> stale;    // in map order
};

struct MapEntry {
  std::optional<std::string> generated;
  std::optional<std::string> corpus;
  bool is_new = false;
  bool dropped = false;
  std::vector<std::string> replaced_by;
  std::map<std::string, std::string> job_renames;
  std::string renames_where;
  std::optional<std::string> reason;
  std::string where;  // map.yml:line:col
};

// The `*.yml` and `*.yaml` files directly in a directory, sorted.
std::vector<std::string> list_workflows(const std::string& dir);

// Parses a map; throws InputError when malformed.
std::vector<MapEntry> parse_map(const std::string& text, const std::string& file);
std::vector<MapEntry> load_map(const std::string& path);

Pairing pair_workflows(const std::vector<std::string>& generated,
                       const std::vector<std::string>& corpus, const std::vector<MapEntry>& map);

}  // namespace wfcompare
