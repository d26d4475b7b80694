#include "check_choice_comparisons.h"

#include <algorithm>
#include <optional>
#include <set>
#include <vector>

#include "ascii.h"
#include "render_expr.h"
#include "value.h"

namespace pipec {
namespace {

// The options of a choice["a", "b"] as written, or none for any other type
// (and for options that are not plain text, which the expander reports).
std::vector<std::string> options(const TypeRef& type) {
  std::vector<std::string> out;
  if (type.name != "choice") return {};
  for (const auto& a : type.args) {
    if (a->kind != Expr::Kind::String || a->parts.size() != 1 || a->parts[0].expr) return {};
    out.push_back(a->parts[0].text);
  }
  return out;
}

bool plain_string(const Expr& e, std::string& text) {
  if (e.kind != Expr::Kind::String || e.parts.size() != 1 || e.parts[0].expr) return false;
  text = e.parts[0].text;
  return true;
}

// ` is never "text" (did you mean "b"?): it is "a" or "b" (its choices at
// ...)`.
std::string never(const std::vector<std::string>& opts, const Pos& at, const std::string& text) {
  std::vector<std::string> quoted;
  for (const auto& o : opts) quoted.push_back("\"" + o + "\"");
  return " is never \"" + text + "\"" + did_you_mean(text, opts) + ": it is " + spoken_list(quoted, "or") +
         " (its choices at " + to_string(at) + ")";
}

// The text each field of the profiles has, by field: every profile's, its
// own or its base's (extends), where each is plain text; a field some
// profile gives otherwise (an expression, a let), or not at all, is left
// out. The Pos is the first profile's.
std::map<std::string, std::pair<std::vector<std::string>, Pos>> profile_fields(
    const std::map<std::string, File>& files) {
  struct Profile {
    std::map<std::string, std::optional<std::string>> fields;
    std::string extends;
    bool plain = true;  // only fields and extends, no when
  };
  std::map<std::string, Profile> profiles;
  Pos first;
  for (const auto& [path, file] : files) {
    for (const auto& st : file.stmts) {
      if (st->kind != Stmt::Kind::Block || st->kind_word != "profile" || !st->body) continue;
      if (profiles.empty()) first = st->name_pos;
      Profile& p = profiles[st->name];
      for (const auto& f : *st->body) {
        if (f->kind != Stmt::Kind::Attr || !f->value) {
          p.plain = false;
          continue;
        }
        std::string text;
        if (f->name == "extends" && f->value->kind == Expr::Kind::Name) p.extends = f->value->text;
        else p.fields[f->name] = plain_string(*f->value, text) ? std::optional<std::string>(text) : std::nullopt;
      }
    }
  }
  std::map<std::string, std::pair<std::vector<std::string>, Pos>> out;
  if (profiles.empty() || std::any_of(profiles.begin(), profiles.end(), [](const auto& p) { return !p.second.plain; }))
    return out;
  std::set<std::string> names;
  for (const auto& [_, p] : profiles)
    for (const auto& [f, _v] : p.fields) names.insert(f);
  for (const auto& field : names) {
    std::vector<std::string> values;
    bool known = true;
    for (const auto& [name, _] : profiles) {
      // Up the chain of bases, at most once round each profile.
      const Profile* p = &profiles.at(name);
      std::optional<std::string> value;
      bool found = false;
      for (size_t hops = 0; p && hops <= profiles.size(); ++hops) {
        if (const auto f = p->fields.find(field); f != p->fields.end()) {
          value = f->second;
          found = true;
          break;
        }
        const auto base = profiles.find(p->extends);
        p = base == profiles.end() ? nullptr : &base->second;
      }
      if (!found || !value) {
        known = false;
        break;
      }
      if (std::find(values.begin(), values.end(), *value) == values.end()) values.push_back(*value);
    }
    if (known) out[field] = {values, first};
  }
  return out;
}

struct Walk {
  Diagnostics& diags;
  // A choice column of a table, by table and column name.
  const std::map<std::string, std::map<std::string, std::pair<std::vector<std::string>, Pos>>>& tables;
  // The choice parameters of the template being read, and where each type is.
  std::map<std::string, std::pair<std::vector<std::string>, Pos>> params;
  // The names a parameter or a let gives here, which hide a table's.
  std::set<std::string> hidden;
  // The text of each profile field, and the profile parameters of the
  // template being read.
  const std::map<std::string, std::pair<std::vector<std::string>, Pos>>& profile_values;
  std::set<std::string> profile_params;

  // p.FIELD == "text" of a profile parameter p, with text no profile
  // gives the field.
  void profile_comparison(const Expr& e) {
    for (int side = 0; side < 2; ++side) {
      const Expr& member = *e.operands[side];
      std::string text;
      if (member.kind != Expr::Kind::Member || member.operands.empty() ||
          member.operands[0]->kind != Expr::Kind::Name || !profile_params.count(member.operands[0]->text) ||
          !plain_string(*e.operands[1 - side], text))
        continue;
      const auto f = profile_values.find(member.text);
      if (f == profile_values.end()) continue;
      const auto& [values, at] = f->second;
      if (std::any_of(values.begin(), values.end(), [&](const std::string& v) { return lower(v) == lower(text); }))
        continue;
      std::vector<std::string> quoted;
      for (const auto& v : values) quoted.push_back("\"" + v + "\"");
      diags.error(e.operands[1 - side]->pos, "known-value",
                  render_expr(member) + " is never \"" + text + "\"" + did_you_mean(text, values) +
                      ": the profiles give " + member.text + " " + spoken_list(quoted, "or") + " (the profiles from " +
                      to_string(at) + "); " + render_expr(e) + " is always " + (e.text == "==" ? "false" : "true"));
    }
  }

  void comparison(const Expr& e) {
    profile_comparison(e);
    for (int side = 0; side < 2; ++side) {
      const Expr& name = *e.operands[side];
      std::string text;
      if (name.kind != Expr::Kind::Name || !plain_string(*e.operands[1 - side], text)) continue;
      const auto p = params.find(name.text);
      if (p == params.end()) continue;
      const auto& [opts, at] = p->second;
      // pipec compares text without case, as GitHub does.
      if (std::any_of(opts.begin(), opts.end(), [&](const std::string& o) { return lower(o) == lower(text); }))
        continue;
      diags.error(e.operands[1 - side]->pos, "known-value",
                  name.text + never(opts, at, text) + "; " + render_expr(e) + " is always " +
                      (e.text == "==" ? "false" : "true"));
    }
  }

  // where(TABLE, "COLUMN", "TEXT"), which compares as written.
  void where(const Expr& e) {
    std::string column, text;
    if (e.operands.size() != 3 || e.operands[0]->kind != Expr::Kind::Name ||
        !plain_string(*e.operands[1], column) || !plain_string(*e.operands[2], text) ||
        hidden.count(e.operands[0]->text))
      return;
    const auto t = tables.find(e.operands[0]->text);
    if (t == tables.end()) return;
    const auto c = t->second.find(column);
    if (c == t->second.end()) return;
    const auto& [opts, at] = c->second;
    if (std::find(opts.begin(), opts.end(), text) != opts.end()) return;
    diags.error(e.operands[2]->pos, "known-value",
                "column \"" + column + "\" of table " + t->first + never(opts, at, text) + "; " + render_expr(e) +
                    " is always empty");
  }

  void expr(const Expr& top) {
    each_expr(top, [&](const Expr& e) {
      if (e.kind == Expr::Kind::Binary && (e.text == "==" || e.text == "!=") && e.operands.size() == 2)
        comparison(e);
      if (e.kind == Expr::Kind::Call && e.text == "where") where(e);
    });
  }

  void stmt(const Stmt& st) {
    if (st.value) expr(*st.value);
    for (const auto& a : st.args) {
      if (a.value) expr(*a.value);
    }
    if (st.body) body(*st.body);
    if (st.else_body) body(*st.else_body);
  }

  void body(const Body& stmts) {
    for (const auto& st : stmts) {
      // A template inside another is an error of its own, and its names
      // are not the outer one's.
      if (st->kind != Stmt::Kind::Block || !st->has_params) stmt(*st);
    }
  }
};

// Every name a let binds anywhere in stmts: a parameter of that name is
// not what the body reads after it.
void lets(const Body& stmts, std::set<std::string>& out) {
  each_stmt(stmts, [&](const Stmt& st) {
    if (st.kind == Stmt::Kind::Let) out.insert(st.name);
  });
}

}  // namespace

void check_choice_comparisons(const std::map<std::string, File>& files, Diagnostics& diags) {
  std::map<std::string, std::map<std::string, std::pair<std::vector<std::string>, Pos>>> tables;
  for (const auto& [path, file] : files) {
    for (const auto& st : file.stmts) {
      if (st->kind != Stmt::Kind::Block || st->kind_word != "table") continue;
      for (const auto& c : st->params) {
        std::vector<std::string> opts = options(c.type);
        if (!opts.empty()) tables[st->name][c.name] = {opts, c.type.pos};
      }
    }
  }
  const auto profiles = profile_fields(files);
  for (const auto& [path, file] : files) {
    std::set<std::string> file_lets;  // a let anywhere in the file may hide a table
    lets(file.stmts, file_lets);
    for (const auto& st : file.stmts) {
      Walk walk{diags, tables, {}, file_lets, profiles, {}};
      // A template's parameters, where its body reads them. (Their
      // defaults are read where the template is declared, and a table's
      // rows do not read its columns.)
      const bool tmpl = st->kind == Stmt::Kind::Block && st->has_params && st->kind_word != "table";
      if (!tmpl) {
        walk.stmt(*st);
        continue;
      }
      for (const auto& p : st->params) {
        if (p.default_value) walk.expr(*p.default_value);
      }
      if (!st->body) continue;
      std::set<std::string> own_lets;  // in the body, which hide a parameter
      lets(*st->body, own_lets);
      for (const auto& p : st->params) {
        std::vector<std::string> opts = options(p.type);
        if (!opts.empty() && !own_lets.count(p.name)) walk.params[p.name] = {opts, p.type.pos};
        if (p.type.name == "profile" && !own_lets.count(p.name)) walk.profile_params.insert(p.name);
        walk.hidden.insert(p.name);
      }
      walk.body(*st->body);
    }
  }
}

}  // namespace pipec
