#include "check_copies.h"

#include <algorithm>
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
    // The tokens are in the order of the text: those of a statement are
    // found from its first, not by reading them all for each statement.
    auto key_of = [&](const Stmt& s) {
      std::string key;
      auto t = std::lower_bound(tokens.begin(), tokens.end(), s.span.begin,
                                [](const Token& x, size_t at) { return x.begin < at; });
      for (; t != tokens.end() && t->begin < s.span.end; ++t) {
        if (t->end <= s.span.end && t->kind != Token::Kind::Comment) key += t->text + '\x1f';
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
      const Stmt* last_use = nullptr;  // the statement right before, if a use
      std::string last_key;
      for (const auto& s : body) {
        if (s->kind != Stmt::Kind::Use || &body == &file.stmts) last_use = nullptr;
        if (s->kind == Stmt::Kind::Use && &body != &file.stmts) {
          std::string key = key_of(*s);
          if (last_use && key == last_key)
            diags.error(s->pos, "copied-step",
                        "this use is written the same right before, at " + to_string(last_use->pos) +
                            ", so what it makes would be written twice in a row; leave one out");
          last_use = s.get();
          last_key = std::move(key);
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
