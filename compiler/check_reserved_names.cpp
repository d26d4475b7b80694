#include "check_reserved_names.h"

#include <algorithm>
#include <functional>

#include "expand.h"
#include "value.h"

namespace pipec {

void check_reserved_names(const std::map<std::string, File>& files, Diagnostics& diags) {
  const auto& roots = runtime_roots();
  auto hides_context = [&](const std::string& name, const Pos& pos, const std::string& what) {
    if (std::find(roots.begin(), roots.end(), name) != roots.end())
      diags.error(pos, "reserved-name",
                  what + " \"" + name + "\" would hide GitHub's " + name + " context in the expressions that see it; "
                  "name it otherwise");
  };
  // Lets at any depth: in templates, jobs, steps and when blocks.
  std::function<void(const Body&)> lets = [&](const Body& body) {
    for (const auto& st : body) {
      if (st->kind == Stmt::Kind::Let) hides_context(st->name, st->name_pos, "a let named");
      if (st->kind == Stmt::Kind::Block && st->body) lets(*st->body);
      if (st->kind == Stmt::Kind::When) {
        if (st->body) lets(*st->body);
        if (st->else_body) lets(*st->else_body);
      }
    }
  };
  for (const auto& [path, file] : files) {
    for (const auto& st : file.stmts) {
      if (st->kind != Stmt::Kind::Block) continue;
      const std::string& k = st->kind_word;
      const bool tmpl = k == "steps" || k == "job" || k == "workflow" || k == "tool";
      if (!st->name.empty())
        hides_context(st->name, st->name_pos, with_article(k) + (tmpl && st->has_params ? " template named" : " named"));
      if (k == "runners" && st->body) {
        for (const auto& label : *st->body)
          if (label->kind == Stmt::Kind::Attr) hides_context(label->name, label->name_pos, "a runner label named");
      }
      // (A table's columns are read as row.column, not by their names.)
      if (tmpl)
        for (const auto& p : st->params) hides_context(p.name, p.pos, "a parameter named");
    }
    lets(file.stmts);
  }
}

}  // namespace pipec
