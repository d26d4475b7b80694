#include "comment_leads.h"

#include "program.h"

namespace pipec {

CommentLeads::CommentLeads(const std::map<std::string, File>& files) {
  for (const auto& [path, file] : files) add(file.stmts, {});
}

void CommentLeads::add(const Body& body, std::vector<std::string> inherited) {
  for (const auto& sp : body) {
    const Stmt& s = *sp;
    // What a when with no else passed on goes above its first statement.
    std::vector<std::string> lead = std::move(inherited);
    inherited.clear();
    lead.insert(lead.end(), s.lead.begin(), s.lead.end());
    auto put = [&](const Pos& pos, const std::string& key) {
      if (!lead.empty()) at_[{pos.file, pos.line, pos.col, key}] = lead;
    };
    switch (s.kind) {
      case Stmt::Kind::Attr: put(s.name_pos, s.name); break;
      // `on { call dispatch }`: the triggers GitHub names otherwise.
      case Stmt::Kind::Flag: put(s.pos, github_trigger(s.kind_word)); break;
      case Stmt::Kind::Typed: put(s.name_pos, s.name); break;
      case Stmt::Kind::Block:
        if (s.kind_word == "step") {
          put(s.pos, "-");
        } else if (s.kind_word == "job") {
          put(s.name_pos, s.name);
        } else {
          // `push` then `pull_request { }` is one block named pull_request:
          // two keys, each with its comment.
          put(s.pos, github_trigger(s.kind_word));
          if (!s.name.empty() && !s.name_lead.empty())
            at_[{s.name_pos.file, s.name_pos.line, s.name_pos.col, github_trigger(s.name)}] = s.name_lead;
        }
        break;
      case Stmt::Kind::When:
        // Above a when with an else, a comment may be about either branch:
        // it stays in the source.
        if (s.body) add(*s.body, s.else_body ? std::vector<std::string>{} : lead);
        if (s.else_body) add(*s.else_body, {});
        continue;
      default: break;
    }
    if (s.body) add(*s.body, {});
  }
}

const std::vector<std::string>* CommentLeads::find(const Pos& pos, const std::string& key) const {
  auto it = at_.find({pos.file, pos.line, pos.col, key});
  return it == at_.end() ? nullptr : &it->second;
}

}  // namespace pipec
