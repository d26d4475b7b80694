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
      return key;
    };
    std::function<void(const Body&)> walk = [&](const Body& body) {
      // A use written twice in one block, token for token: the template's
      // steps (or keys) would be written twice. (Of a file's top, a
      // workflow used twice is reported as the file made twice.)
      std::map<std::string, Pos> used;
      for (const auto& s : body) {
        if (s->kind == Stmt::Kind::Use && &body != &file.stmts) {
          auto [it, fresh] = used.emplace(key_of(*s), s->pos);
          if (!fresh)
            diags.error(s->pos, "copied-step",
                        "this use is written the same at " + to_string(it->second) +
                            " in this block, so what it makes would be written twice; leave one out");
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
