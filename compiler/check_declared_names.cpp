#include "check_declared_names.h"

namespace pipec {

void check_declared_names(const std::map<std::string, File>& files, Diagnostics& diags) {
  std::map<std::string, Pos> declared;  // "kind name" -> where first
  for (const auto& [path, file] : files) {
    for (const auto& st : file.stmts) {
      const std::string& k = st->kind_word;
      const bool named_everywhere = k == "workflow" || (k == "tool" && !st->has_params) || k == "table" ||
                                    k == "profile" || k == "boundary";
      if (st->kind != Stmt::Kind::Block || st->name.empty() || !named_everywhere) continue;
      const auto [first, added] = declared.emplace(k + " " + st->name, st->name_pos);
      // Twice in one file is the expander's "declared twice".
      if (!added && first->second.file != path)
        diags.error(st->name_pos, "duplicate",
                    k + " \"" + st->name + "\" is declared twice: also at " + to_string(first->second) +
                        "; a workflow, tool, table, profile or boundary has one name in all the sources "
                        "(generated files, step tools and pipec diff are named by it)");
    }
  }
}

}  // namespace pipec
