// One run of compare_workflows, apart from the command line: pairs the
// files, loads and diffs each pair, matches the reasons, and prints.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>

namespace wfcompare {

enum class Format { text, json, lines };

struct Options {
  std::string generated_dir;
  std::string corpus_dir;
  std::optional<std::string> map_file;
  std::optional<std::string> reasons_file;
  Format format = Format::text;
};

// Returns the exit code: 0 all explained and nothing stale, 1 otherwise, 2
// for an input error (a missing directory, unreadable or malformed YAML),
// each printed to `err` as `file:line:col: message`.
int run(const Options& options, std::ostream& out, std::ostream& err);

}  // namespace wfcompare
