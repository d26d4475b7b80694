// Helpers shared by the compare_workflows tests: models and differences as
// text, and temporary directories of workflow files.
#pragma once

#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>

#include "diff.h"
#include "load_workflow.h"
#include "yaml_value.h"

namespace wfcompare::test {

// One line per entry: `<kind> <item> = <value>`, `?=` for a presence entry.
inline std::string model_lines(const Model& model) {
  std::string out;
  for (const auto& [key, entry] : model) {
    out += fmt::format("{} {} {} {}\n", kind_name(key.kind), key.item,
                       entry.presence_only ? "?=" : "=", render(entry.value));
  }
  return out;
}

inline std::string model_of(const std::string& yaml) {
  return model_lines(load_workflow_text(yaml, "w.yml"));
}

// One line per difference: `<kind> <item>: corpus=<v> generated=<v>`.
inline std::string diff_lines(const std::string& corpus, const std::string& generated) {
  std::string out;
  for (const auto& d : diff_models(load_workflow_text(corpus, "corpus.yml"),
                                   load_workflow_text(generated, "generated.yml"))) {
    out += fmt::format("{} {}: corpus={} generated={}{}\n", kind_name(d.kind), d.item,
                       render_side(d.corpus), render_side(d.generated),
                       d.part_of ? " (part of " + d.part_of->item + ")" : "");
  }
  return out;
}

// The message of the InputError that loading the workflow throws.
inline std::string load_error(const std::string& yaml) {
  try {
    load_workflow_text(yaml, "w.yml");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

// A fresh directory under the system's temporary one, removed at the end.
class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            fmt::format("compare_workflows_test_{}_{}", ::getpid(), counter++);
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  std::string path() const { return path_.string(); }
  std::string sub(const std::string& name) const {
    std::filesystem::create_directories(path_ / name);
    return (path_ / name).string();
  }
  std::string write(const std::string& relative, const std::string& text) const {
    auto file = path_ / relative;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
    return file.string();
  }

 private:
  std::filesystem::path path_;
};

}  // namespace wfcompare::test
