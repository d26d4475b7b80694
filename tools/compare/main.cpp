// compare_workflows: how the workflows pipec generates differ from the
// hand-written ones of the same role, and which differences are explained.
#include <CLI/CLI.hpp>
#include <iostream>

#include "run.h"

int main(int argc, char** argv) {
  CLI::App app{
      "Compares generated workflows with the hand-written ones of the same role: triggers, "
      "inputs, jobs, needs, conditions, matrices, actions, permissions, concurrency.\n"
      "Exit 0: every difference explained and no stale reason; 1: otherwise; 2: bad input."};
  wfcompare::Options options;
  std::string map_file, reasons_file;
  std::string format = "text";
  app.add_option("--generated", options.generated_dir, "directory of generated workflows")
      ->required();
  app.add_option("--corpus", options.corpus_dir, "directory of hand-written workflows")->required();
  auto* map = app.add_option("--map", map_file, "YAML list of which files play the same role");
  auto* reasons =
      app.add_option("--reasons", reasons_file, "YAML list of reasons for expected differences");
  app.add_option("--format", format, "text, json, or lines (the differences alone)")
      ->check(CLI::IsMember({"text", "json", "lines"}));
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  if (map->count() > 0) options.map_file = map_file;
  if (reasons->count() > 0) options.reasons_file = reasons_file;
  options.format = format == "json"    ? wfcompare::Format::json
                   : format == "lines" ? wfcompare::Format::lines
                                       : wfcompare::Format::text;
  try {
    return wfcompare::run(options, std::cout, std::cerr);
  } catch (const std::exception& e) {
    std::cerr << "compare_workflows: " << e.what() << "\n";
    return 2;
  }
}
