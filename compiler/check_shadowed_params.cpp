#include "check_shadowed_params.h"

#include <vector>

namespace pipec {
namespace {

void lets(const Body& stmts, std::vector<const Stmt*>& out) {
  for (const auto& st : stmts) {
    if (st->kind == Stmt::Kind::Let) out.push_back(st.get());
    // A template inside another is an error of its own, with names of its own.
    if (st->kind == Stmt::Kind::Block && st->has_params) continue;
    if (st->body) lets(*st->body, out);
    if (st->else_body) lets(*st->else_body, out);
  }
}

}  // namespace

void check_shadowed_params(const std::map<std::string, File>& files, Diagnostics& diags) {
  for (const auto& [path, file] : files) {
    for (const auto& st : file.stmts) {
      if (st->kind != Stmt::Kind::Block || !st->has_params || st->kind_word == "table" || !st->body) continue;
      std::vector<const Stmt*> found;
      lets(*st->body, found);
      for (const Stmt* let : found) {
        for (const auto& p : st->params) {
          if (p.name != let->name) continue;
          diags.error(let->name_pos, "duplicate",
                      "let " + let->name + " takes the name of a parameter of " + st->kind_word + " template " +
                          st->name + " (" + to_string(p.pos) + "): after it the body reads the let, and what the " +
                          "template's uses give " + p.name + " is not read there; name the let otherwise");
        }
      }
    }
  }
}

}  // namespace pipec
