#include "check_copies.h"

#include <functional>

#include "parse.h"

namespace pipec {

void check_copied_steps(const std::map<std::string, File>& files, const SourceMap& sources, Diagnostics& diags) {
  std::map<std::string, Pos> first;  // a step's tokens -> where it was first written
  for (const auto& [path, file] : files) {
    auto src = sources.find(path);
    if (src == sources.end()) continue;
    std::vector<Token> tokens = tokens_of(src->second);
    // The step's tokens, comments left out, so layout and comments do not
    // make two copies differ.
    auto key_of = [&](const Stmt& s) {
      std::string key;
      for (const auto& t : tokens) {
        if (t.begin >= s.span.begin && t.end <= s.span.end && t.kind != Token::Kind::Comment) key += t.text + '\x1f';
      }
      // A statement's closing `;` is layout too.
      if (key.size() >= 2 && key.compare(key.size() - 2, 2, ";\x1f") == 0) key.resize(key.size() - 2);
      return key;
    };
    std::function<void(const Body&)> walk = [&](const Body& body) {
      // A use written again right after itself, token for token: the
      // template's steps (or keys) would be written twice in a row. (One
      // used twice with steps between, a check before and after a build,
      // is meant. Of a file's top, a workflow used twice is reported as the
      // file made twice.)
      const Stmt* before = nullptr;
      for (const auto& s : body) {
        const Stmt* last = before;
        before = s.get();
        if (s->kind == Stmt::Kind::Use && &body != &file.stmts) {
          if (last && last->kind == Stmt::Kind::Use && key_of(*last) == key_of(*s))
            diags.error(s->pos, "copied-step",
                        "this use is written the same right before, at " + to_string(last->pos) +
                            ", so what it makes would be written twice in a row; leave one out");
          continue;
        }
        // One statement (step { run = "make" }) says no more than a use of
        // a template would; two or more are a block worth writing once.
        if (s->kind == Stmt::Kind::Block && s->kind_word == "step" && s->body && s->body->size() >= 2) {
          auto [it, fresh] = first.emplace(key_of(*s), s->pos);
          if (!fresh) {
            const Pos& p = it->second;
            diags.error(s->pos, "copied-step",
                        "this step is written the same at " + to_string(p) +
                            "; write it once, as a steps template used in both places");
          }
          continue;
        }
        if (s->body) walk(*s->body);
        if (s->else_body) walk(*s->else_body);
      }
    };
    walk(file.stmts);
  }
}

}  // namespace pipec
