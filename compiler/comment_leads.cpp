#include "comment_leads.h"

namespace pipec {

CommentLeads::CommentLeads(const std::map<std::string, File>& files) {
  for (const auto& [path, file] : files) add(file.stmts, {});
}

void CommentLeads::add(const Body& body, std::vector<std::string> inherited) {
  for (const auto& sp : body) {
    const Stmt& s = *sp;
    // A when's comment is its first statement's, in either branch.
    std::vector<std::string> lead = std::move(inherited);
    inherited.clear();
    lead.insert(lead.end(), s.lead.begin(), s.lead.end());
    auto put = [&](const Pos& pos, const std::string& key) {
      if (!lead.empty()) at_[{pos.file, pos.line, pos.col, key}] = lead;
    };
    switch (s.kind) {
      case Stmt::Kind::Attr: put(s.name_pos, s.name); break;
      case Stmt::Kind::Flag: put(s.pos, s.kind_word); break;
      case Stmt::Kind::Typed: put(s.name_pos, s.name); break;
      case Stmt::Kind::Block:
        if (s.kind_word == "step") put(s.pos, "-");
        else if (s.kind_word == "job") put(s.name_pos, s.name);
        else if (s.name.empty()) put(s.pos, s.kind_word);
        break;
      case Stmt::Kind::When:
        if (s.body) add(*s.body, lead);
        if (s.else_body) add(*s.else_body, lead);
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
