#include "check_tool_logic.h"

#include <algorithm>
#include <filesystem>
#include <vector>

#include "ascii.h"

namespace pipec {

void check_tool_logic(const Program& program, const std::string& root, const std::string& steps_dir,
                      Diagnostics& diags) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(root) / steps_dir;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return;
  std::vector<std::string> folders;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.is_directory(ec)) folders.push_back(e.path().filename().string());
  }
  std::sort(folders.begin(), folders.end());
  const std::string shown = steps_dir + "/";
  for (const auto& obj : program.tools) {
    const Field* logic = obj->field("logic");
    // One that is no folder name is tool_decls'.
    if (!logic || !logic->value->is_string() || !is_identifier(logic->value->text, false)) continue;
    const std::string& name = logic->value->text;
    if (std::find(folders.begin(), folders.end(), name) != folders.end()) continue;
    diags.error(logic->value->pos, "tool-logic",
                "logic \"" + name + "\" of tool " + obj->get("name")->text +
                    " names no folder under " + shown + did_you_mean(name, folders) +
                    "; the tool's logic is written in " + shown + name + "/" +
                    obj->get("name")->text + "_step.cpp (create the folder for a new one)");
  }
}

}  // namespace pipec
