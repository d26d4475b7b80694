// Statements: declarations at the top of a file, and the bodies of workflows,
// jobs and steps, with templates (`use`) and compile-time choices (`when`).
#include "expand.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>
#include <utility>

#include "ascii.h"
#include "check_step_env.h"
#include "image_ref.h"
#include "infer_permissions.h"
#include "on_hint.h"

namespace pipec {
namespace {

std::shared_ptr<Value> new_object(const Pos& pos, std::string tag = "") {
  auto v = std::make_shared<Value>();
  v->kind = Value::Kind::Object;
  v->pos = pos;
  v->tag = std::move(tag);
  return v;
}

// Whether `on = ...` names triggers, the YAML way (push, "push", [push,
// pull_request]): names no let or parameter has, or plain text.
bool written_as_triggers(const Expr& on, const Scope& scope) {
  auto trigger = [&](const Expr& i) {
    return (i.kind == Expr::Kind::Name && !scope.lookup(i.text)) ||
           (i.kind == Expr::Kind::String && (i.parts.empty() || (i.parts.size() == 1 && !i.parts[0].expr)));
  };
  if (on.kind != Expr::Kind::List) return trigger(on);
  return std::all_of(on.operands.begin(), on.operands.end(), [&](const ExprPtr& i) { return trigger(*i); });
}

// The jobs and inputs a workflow body declares, those under a `when` in it
// too (either way) and those of the workflow templates it uses (looked up
// in the scope of the body that uses them), each with `at`: the when that
// leaves them out. Each template is looked through once, and with a list
// of bodies to read rather than by recursion, however long a chain of
// uses is.
void left_out(const Body& body, const Scope& scope, const Pos& at, WorkflowModel& wf) {
  std::vector<std::pair<const Body*, const Scope*>> todo = {{&body, &scope}};
  std::set<const Template*> seen;
  while (!todo.empty()) {
    const auto [b, sc] = todo.back();
    todo.pop_back();
    for (const auto& s : *b) {
      if (!s->name.empty() && s->kind == Stmt::Kind::Block && s->kind_word == "job")
        wf.jobs_left_out.emplace(s->name, at);
      if (!s->name.empty() && s->kind == Stmt::Kind::Typed && s->kind_word == "input")
        wf.inputs_left_out.emplace(s->name, at);
      if (s->kind == Stmt::Kind::Use) {
        const ValuePtr t = sc->peek(s->name);
        if (t && t->kind == Value::Kind::Template && t->tmpl->kind == "workflow" && t->tmpl->body &&
            t->tmpl->scope && seen.insert(t->tmpl).second)
          todo.push_back({t->tmpl->body, t->tmpl->scope.get()});
      }
      if (s->kind != Stmt::Kind::When) continue;
      if (s->body) todo.push_back({&*s->body, sc});
      if (s->else_body) todo.push_back({&*s->else_body, sc});
    }
  }
}

}  // namespace

void Expander::run(const std::map<std::string, File>& files, const ImportResolver& resolve) {
  resolve_ = resolve;
  for (const auto& [path, file] : files) {
    for (const auto& st : file.stmts) {
      if (st->kind == Stmt::Kind::Let || (st->kind == Stmt::Kind::Block && !st->name.empty()))
        top_names_.emplace(st->name, st->name_pos);
      if (st->kind == Stmt::Kind::Block && st->kind_word == "runners" && st->body) {
        for (const auto& label : *st->body) {
          if (label->kind == Stmt::Kind::Attr) top_names_.emplace(label->name, label->name_pos);
        }
      }
    }
  }
  for (const auto& [path, file] : files) file_scope(path, files);
  if (diags_.has_errors()) return;
  // A template nothing uses is most often a workflow whose `use` was
  // forgotten: it generates nothing, silently.
  for (const auto& [key, t] : program_.templates) {
    if (!used_.count(t.get()))
      diags_.error(t->pos, "unused", t->kind + " template " + t->name + " is never used" +
                                         (t->kind == "workflow" ? "; `use " + t->name + (t->params.empty() ? "()" : "(...)") + "` writes its file" : ""));
  }
  // A parameter no instance reads changes nothing, though its callers
  // pass it as if it did: most often what read it was changed.
  for (const auto& [key, t] : program_.templates) {
    for (const auto& p : t->params) {
      if (used_.count(t.get()) && !param_reads_[t.get()].count(p.name))
        diags_.error(p.pos, "unused",
                     t->kind + " template " + t->name + " never reads its parameter \"" + p.name +
                         "\", so what its uses give it changes nothing");
    }
  }
  // A profile field nothing reads changes nothing. Most often it is a
  // misspelt one, and the profile quietly keeps its base's value.
  std::vector<std::string> read(profile_reads_.begin(), profile_reads_.end());
  std::set<std::string> reported;  // a base's field is also in every profile that extends it
  for (const auto& profile : program_.profiles) {
    for (const auto& f : profile->fields) {
      if (f.key == "name" || f.key == "extends" || profile_reads_.count(f.key) ||
          !reported.insert(to_string(f.key_pos)).second)
        continue;
      const std::string hint = did_you_mean(f.key, read);
      misspelt_profile_field_ = misspelt_profile_field_ || !hint.empty();
      diags_.error(f.key_pos, "unused",
                   "no template reads field \"" + f.key + "\" of profile " + profile->get("name")->text +
                       ", so it changes nothing" + hint);
    }
  }
}

bool Expander::imports(const std::string& from, const std::string& to) const {
  std::set<std::string> seen;
  std::vector<std::string> todo = {from};
  while (!todo.empty()) {
    const std::string f = todo.back();
    todo.pop_back();
    if (f == to) return true;
    if (!seen.insert(f).second) continue;
    if (auto it = imports_.find(f); it != imports_.end()) todo.insert(todo.end(), it->second.begin(), it->second.end());
  }
  return false;
}

std::optional<std::string> Expander::unknown_note(const std::string& name, const Pos& at) const {
  if (failed_imports_.count(at.file)) return std::nullopt;
  for (const auto& [being, p] : declaring_) {
    if (being == name) return " here: it is the one being declared (at " + to_string(p) + "), which cannot read itself";
  }
  const auto [from, to] = top_names_.equal_range(name);
  if (from == to) return "";
  for (auto it = from; it != to; ++it) {
    const Pos& p = it->second;
    if (p.file == at.file && (p.line > at.line || (p.line == at.line && p.col > at.col)))
      return " here: it is declared later in this file, at " + to_string(p) + "; declare it before this";
    // Declared where this file sees it, and still unknown: its declaration
    // (`workfow setup { }`, say) is reported already.
    if (p.file == at.file || imports(at.file, p.file)) return std::nullopt;
  }
  namespace fs = std::filesystem;
  const Pos& where = from->second;  // of the files that declare it, the first by path
  const std::string rel = fs::path(where.file).lexically_relative(fs::path(at.file).parent_path()).generic_string();
  return " here: it is declared at " + to_string(where) + ", and " + at.file +
         " does not import that file (add import \"" + rel + "\")";
}

ScopePtr Expander::file_scope(const std::string& path, const std::map<std::string, File>& files) {
  if (auto it = file_scopes_.find(path); it != file_scopes_.end()) return it->second;
  loading_.push_back(path);
  auto scope = std::make_shared<Scope>();
  const File& file = files.at(path);
  std::vector<const Stmt*> uses;
  for (const auto& s : file.stmts) {
    if (s->kind != Stmt::Kind::Import) continue;
    namespace fs = std::filesystem;
    // Imports are .pipe files among the sources, all read first. An
    // absolute path ties the sources to one machine's folders: an error,
    // whether that file is among them here or not.
    if (fs::path(s->import_path).is_absolute()) {
      failed_imports_.insert(path);
      diags_.error(s->pos, "import",
                   "an import names a .pipe file by its path from this file's folder (\"" +
                       fs::path(s->import_path).filename().generic_string() + "\", \"../x/" +
                       fs::path(s->import_path).filename().generic_string() + "\"), not by an absolute path");
      continue;
    }
    std::string target = (fs::path(path).parent_path() / s->import_path).lexically_normal().generic_string();
    std::string looked_for = target;
    bool folder_named = false;
    if (resolve_) {
      const ImportTarget found = resolve_(path, s->import_path);
      looked_for = found.looked_for;
      target = found.source.empty() ? looked_for : found.source;
      folder_named = found.is_folder;
    }
    if (!files.count(target)) {
      const std::string folder = path.substr(0, path.find('/') + 1);
      failed_imports_.insert(path);
      // A path that names no .pipe file is found nowhere, whatever is on
      // disk.
      if (fs::path(s->import_path).extension() != ".pipe") {
        const std::string with_ext = target + ".pipe";
        diags_.error(s->pos, "import",
                     "\"" + s->import_path + "\" is not a .pipe file; an import names a .pipe file under " + folder +
                         (files.count(with_ext) ? " (did you mean \"" + s->import_path + ".pipe\"?)" : ""));
        continue;
      }
      bool could_be = looked_for.rfind(folder, 0) == 0 && fs::path(looked_for).extension() == ".pipe";
      // The files beside the one looked for, as this file would name them
      // (not this file: it cannot import itself).
      std::vector<std::string> beside;
      for (const auto& [other, _] : files) {
        if (other != path && fs::path(other).parent_path() == fs::path(looked_for).parent_path())
          beside.push_back(
              fs::path(other).lexically_relative(fs::path(path).parent_path()).generic_string());
      }
      if (folder_named) {
        diags_.error(s->pos, "import",
                     "\"" + s->import_path + "\" is a folder (" + looked_for +
                         "); an import names a .pipe file, and a folder's files are imported one by one");
        continue;
      }
      diags_.error(s->pos, "import",
                   "cannot find \"" + s->import_path + "\" (looked for " + looked_for +
                       (could_be ? ")" : "; an import names a .pipe file under " + folder + ")") +
                       did_you_mean(s->import_path, beside));
      continue;
    }
    // Each import being read is a level of file_scope's recursion.
    if (!file_scopes_.count(target) && loading_.size() >= kMaxImportDepth) {
      failed_imports_.insert(path);
      diags_.error(s->pos, "import",
                   "imports nest deeper than " + std::to_string(kMaxImportDepth) + " files (" + path + " is one of them)");
      continue;
    }
    if (auto in_cycle = std::find(loading_.begin(), loading_.end(), target); in_cycle != loading_.end()) {
      failed_imports_.insert(path);
      std::string cycle = "import cycle: " + path;
      if (target == path) {
        cycle += " imports itself";
      } else if (in_cycle + 2 == loading_.end()) {
        cycle += " and " + target + " import each other";
      } else {
        // path imports target, which imports the next file being read, and
        // so on back to path.
        cycle += " imports " + target;
        for (auto it = in_cycle + 1; it != loading_.end(); ++it) cycle += ", which imports " + *it;
      }
      diags_.error(s->pos, "import", cycle);
      continue;
    }
    imports_[path].insert(target);
    auto imported = file_scope(target, files);
    // What a failed import deeper down would have given, this file lacks too.
    if (failed_imports_.count(target)) failed_imports_.insert(path);
    // Two imports that bring one name from two declarations: which one this
    // file reads would hang on the order of its imports.
    for (const auto& name : imported->all_names()) {
      auto v = imported->lookup(name);
      if (scope->has_own(name) && scope->lookup(name) != v) {
        auto where = [&](const ValuePtr& d) { return to_string(declared_where(d)); };
        diags_.error(s->pos, "duplicate",
                     "import \"" + s->import_path + "\" brings \"" + name + "\" (declared at " + where(v) +
                         "), which an earlier import of this file brings from " + where(scope->lookup(name)) +
                         "; rename one of them");
        continue;
      }
      scope->bind(name, v);
    }
  }
  for (const auto& s : file.stmts) {
    if (s->kind == Stmt::Kind::Import) continue;
    if (s->kind == Stmt::Kind::Use) {
      uses.push_back(s.get());  // instances come after every declaration
      continue;
    }
    top_stmt(*s, scope, path);
  }
  file_scopes_[path] = scope;
  loading_.pop_back();
  for (const Stmt* s : uses) {
    auto t = scope->lookup(s->name);
    if (!t || t->kind != Value::Kind::Template) {
      const auto note = unknown_note(s->name, s->name_pos);
      if (!note) continue;
      const auto names = hint_candidates(
          scope, [](const Value& v) { return v.kind == Value::Kind::Template && v.tmpl->kind == "workflow"; });
      diags_.error(s->name_pos, "unknown-name",
                   "no workflow template \"" + s->name + "\"" +
                       (note->empty() ? did_you_mean(s->name, names) : *note));
      continue;
    }
    if (t->tmpl->kind != "workflow") {
      diags_.error(s->name_pos, "template-kind",
                   "only workflow templates can be used at the top of a file; \"" + s->name +
                       "\" is a " + t->tmpl->kind + " template");
      continue;
    }
    // A second `use` of one instance writes nothing new: most likely a
    // copy whose arguments were meant to change.
    auto ref = instantiate_workflow(*t->tmpl, s->args, s->pos, std::make_shared<Scope>(scope));
    if (const Value* instance = ref->get("instance")) {
      auto [first, fresh] = used_at_top_.emplace(instance->text, s->pos);
      if (!fresh)
        diags_.error(s->pos, "duplicate",
                     "use " + instance->text + " is written twice (first at " + to_string(first->second) +
                         "), and both would write " + ref->get("file")->text +
                         ": change this one's arguments or remove it");
    }
  }
  return scope;
}

void Expander::declare(const ScopePtr& scope, const std::string& name, ValuePtr v, const Pos& at) {
  declared_at_.emplace(v.get(), at);
  scope->bind(name, std::move(v));
}

Pos Expander::declared_where(const ValuePtr& v) const {
  auto it = declared_at_.find(v.get());
  return it != declared_at_.end() ? it->second : v->pos;
}

std::string Expander::declared_twice(const ScopePtr& scope, const std::string& name) const {
  const ValuePtr first = scope->lookup(name);
  return "\"" + name + "\" is declared twice" + (first ? " (first at " + to_string(declared_where(first)) + ")" : "");
}

// A let's value. One let can read another's, so a chain of lets can build
// a value deeper than any one statement (parse.h's limits): one deeper than
// kMaxValueDepth is an error, before a pass that walks it runs out of stack.
ValuePtr Expander::let_value(const Stmt& s, const ScopePtr& scope) {
  declaring_.push_back({s.name, s.name_pos});
  auto v = eval(s.value, scope);
  declaring_.pop_back();
  if (is_error(*v) || value_depth(*v, kMaxValueDepth) <= kMaxValueDepth) return v;
  diags_.error(s.value->pos, "nesting",
               "the value of " + s.name + " nests deeper than " + std::to_string(kMaxValueDepth) +
                   " levels, through the lets it reads");
  return make_error(s.value->pos);
}

void Expander::top_stmt(const Stmt& s, const ScopePtr& scope, const std::string& path) {
  auto redeclared = [&](const std::string& name, const Pos& pos) {
    if (!scope->has_own(name)) return false;
    diags_.error(pos, "duplicate", declared_twice(scope, name));
    return true;
  };
  if (s.kind == Stmt::Kind::Let) {
    if (!redeclared(s.name, s.name_pos)) declare(scope, s.name, let_value(s, scope), s.name_pos);
    return;
  }
  if (s.kind != Stmt::Kind::Block) {
    std::string what = s.kind == Stmt::Kind::Attr ? "attribute \"" + s.name + "\""
                       : s.kind == Stmt::Kind::When ? "when"
                                                    : "\"" + s.kind_word + "\"";
    diags_.error(s.pos, "unexpected", "unexpected " + what + " at the top of a file; expected one of " +
                                          join(kTopKinds) + ", import, let or use");
    return;
  }
  const std::string& kind = s.kind_word;
  // `tool NAME(...) { }`, with parentheses, is a part of tool declarations
  // (shared flags, env, outputs) that tools take in with `use NAME()`.
  if (kind == "steps" || kind == "job" || kind == "workflow" || (kind == "tool" && s.has_params)) {
    if (s.name.empty()) {
      diags_.error(s.pos, "syntax", "a " + kind + " template needs a name: `" + kind + " NAME(...) { }`");
      return;
    }
    if (redeclared(s.name, s.name_pos)) return;
    auto t = std::make_shared<Template>();
    t->kind = kind;
    t->name = s.name;
    t->pos = s.name_pos;
    t->params = s.params;
    // Each parameter's type where it is written, whether or not a use
    // passes it a value.
    for (const auto& p : t->params) valid_type(p.type);
    t->body = &*s.body;
    t->scope = scope;
    auto v = std::make_shared<Value>();
    v->kind = Value::Kind::Template;
    v->pos = s.name_pos;
    v->tmpl = t.get();
    program_.templates[s.name + "@" + path] = t;
    declare(scope, s.name, v, s.name_pos);
    return;
  }
  if (kind == "table") {
    declare_table(s, scope, path);
    return;
  }
  if (kind == "runners") {
    auto obj = new_object(s.pos);
    eval_body(*s.body, scope, Ctx::Env, *obj, nullptr);
    for (const auto& f : obj->fields) {
      if (!f.value->is_string() || f.value->text.empty()) {
        diags_.error(f.value->pos, "type", "a runner label must be a non-empty string");
        continue;
      }
      if (!redeclared(f.key, f.key_pos)) {
        declare(scope, f.key, f.value, f.key_pos);
        program_.runner_labels.emplace(f.value->text, f.key_pos);
      }
    }
    return;
  }
  if (kind == "action" || kind == "image" || kind == "profile" || kind == "tool" ||
      kind == "boundary") {
    if (s.name.empty()) {
      diags_.error(s.pos, "syntax", with_article(kind) + " needs a name: `" + kind + " NAME { }`");
      return;
    }
    if (redeclared(s.name, s.name_pos)) return;
    auto obj = new_object(s.name_pos, kind);
    obj->fields.push_back({"name", s.name_pos, make_string(s.name, s.name_pos)});
    if (kind == "profile") {
      // `extends = base` starts from the base profile's fields.
      const Stmt* extends = nullptr;
      for (const auto& st : *s.body) {
        if (st->kind == Stmt::Kind::Attr && st->name == "extends") {
          if (extends) {
            diags_.error(st->name_pos, "duplicate",
                         "extends is given twice (first at " + to_string(extends->name_pos) +
                             "); a profile extends one base, which may extend another");
            continue;
          }
          extends = st.get();
          declaring_.push_back({s.name, s.name_pos});
          auto base = eval(st->value, scope);
          declaring_.pop_back();
          if (base->kind != Value::Kind::Object || base->tag != "profile") {
            if (!is_error(*base))  // an unknown name is reported already
              diags_.error(st->value->pos, "type",
                           "extends needs a profile, not " + describe(*base));
            continue;
          }
          for (const auto& f : base->fields) {
            if (f.key != "name") obj->fields.push_back(f);
          }
          obj->fields.push_back({"extends", st->name_pos, base->get("name") ? base->field("name")->value : base});
        }
      }
      Value own;
      own.kind = Value::Kind::Object;
      Body rest;
      for (const auto& st : *s.body) {
        if (!(st->kind == Stmt::Kind::Attr && st->name == "extends")) rest.push_back(st);
      }
      declaring_.push_back({s.name, s.name_pos});
      eval_body(rest, scope, Ctx::Env, own, nullptr);
      declaring_.pop_back();
      for (const auto& f : own.fields) {
        auto it = std::find_if(obj->fields.begin(), obj->fields.end(),
                               [&](const Field& g) { return g.key == f.key; });
        if (it != obj->fields.end()) *it = f;
        else obj->fields.push_back(f);
      }
      program_.profiles.push_back(obj);
    } else {
      declaring_.push_back({s.name, s.name_pos});
      eval_body(*s.body, scope, kind == "tool" ? Ctx::Object : Ctx::Env, *obj, nullptr);
      declaring_.pop_back();
    }
    // An action or an image holds only what pipec reads of it.
    if (kind == "action" || kind == "image") {
      const std::vector<std::string> keys =
          kind == "action"
              ? std::vector<std::string>{"uses",    "version", "permissions",    "inputs",
                                         "outputs", "exports", "exports_unless", "assumes"}
              : std::vector<std::string>{"ref"};
      for (const auto& f : obj->fields) {
        if (f.key != "name" && std::find(keys.begin(), keys.end(), f.key) == keys.end())
          diags_.error(f.key_pos, "unknown-key", unexpected_key(f.key, keys, kind + " \"" + s.name + "\""));
      }
    }
    if (kind == "action") {
      const Value* uses = obj->get("uses");
      std::string u = uses && uses->is_string() ? uses->text : "";
      auto at = u.find('@');
      if (at != std::string::npos && !is_hex(u.substr(at + 1), 40) && is_hex(lower(u.substr(at + 1)), 40)) {
        diags_.error(uses->pos, "unpinned",
                     "action \"" + s.name + "\": write the commit SHA in lower case, as git and GitHub do: uses = \"" +
                         u.substr(0, at + 1) + lower(u.substr(at + 1)) + "\"");
      } else if (at == std::string::npos || !is_hex(u.substr(at + 1), 40)) {
        diags_.error(uses ? uses->pos : s.pos, "unpinned",
                     "action \"" + s.name + "\" must be pinned to a full commit SHA: uses = \"owner/repo@<40 hex digits>\"");
      }
      // One spelling per action: the runner drops empty parts of the path
      // (a/b/@sha is a/b@sha), and the checks that know an action by its
      // path (the AWS login's role, checkout's ref) would not know another.
      if (at != std::string::npos) {
        const std::string path = u.substr(0, at);
        std::vector<std::string> parts;
        size_t from = 0;
        for (size_t slash; (slash = path.find('/', from)) != std::string::npos; from = slash + 1)
          parts.push_back(path.substr(from, slash - from));
        parts.push_back(path.substr(from));
        // The runner splits on \ as well as /.
        const bool odd = path.find('\\') != std::string::npos || parts.size() < 2 ||
                         std::any_of(parts.begin(), parts.end(),
                                     [](const std::string& p) { return p.empty() || p == "." || p == ".."; });
        if (odd)
          diags_.error(uses->pos, "action-path",
                       "action \"" + s.name + "\" names its action as \"" + path +
                           "\": write owner/repo, or owner/repo/folder, with no empty, \".\" or \"..\" part and no \\, "
                           "as pipec knows each action by that path");
      }
      const Value* version = obj->get("version");
      if (!version || !version->is_string()) {
        diags_.error(s.name_pos, "missing", "action \"" + s.name + "\" needs version = \"vX.Y.Z\" (the tag its SHA is)");
      }
      // The token scopes its steps need (infer_permissions.cpp).
      if (const Value* perms = obj->get("permissions")) check_permission_block(*perms, diags_);
      // The inputs and outputs its action.yml declares, which
      // check_action_inputs holds a step's with to (the runner only warns of
      // an input it does not know) and check_step_outputs the
      // steps.ID.outputs.NAME that read the step (an output it does not
      // write is empty).
      for (const std::string which : {"inputs", "outputs"}) {
        const Field* names = obj->field(which);
        if (!names) continue;
        const std::string how =
            "an action's " + which + " are a list of the names its action.yml declares: " + which +
            " = [\"" + (which == "inputs" ? "path\", \"key" : "cache-hit") + "\"]";
        if (names->value->kind != Value::Kind::List)
          diags_.error(names->value->pos, "type", how + ", not " + describe(*names->value));
        std::set<std::string> seen;
        for (const auto& i : names->value->items) {
          if (!i->is_string() || i->text.empty() || !i->parts.empty())
            diags_.error(i->pos, "type", how + ", not " + describe(*i));
          else if (!seen.insert(lower(i->text)).second)  // the runner compares them without case
            diags_.error(i->pos, "duplicate",
                         "action \"" + s.name + "\" lists " + which.substr(0, which.size() - 1) +
                             " \"" + i->text + "\" twice");
        }
      }
      // The names of its inputs, when it lists them.
      const Value* inputs = obj->get("inputs");
      std::vector<std::string> names;
      for (const auto& i : inputs ? inputs->items : std::vector<ValuePtr>{}) {
        if (i->is_string()) names.push_back(i->text);
      }
      // The input that takes credentials, which boundaries hold
      // (check_boundaries): one of its inputs.
      if (const Field* f = obj->field("assumes")) {
        const Value& a = *f->value;
        if (!a.is_string() || a.text.empty() || !a.parts.empty())
          diags_.error(
              a.pos, "type",
              "assumes names the input that takes the credentials, as text, not " + describe(a));
        else if (inputs && !contains(names, a.text))
          diags_.error(a.pos, "unknown-input",
                       "assumes names \"" + a.text + "\", which is no input of action \"" + s.name +
                           "\"" + did_you_mean(a.text, names));
      }
      // The variables it writes to GITHUB_ENV, which the steps after it have
      // (check_refs, check_step_env), and the inputs that keep it from it.
      check_exports(*obj, "action \"" + s.name + "\"", diags_);
      if (const Field* f = obj->field("exports_unless")) {
        const Value& u = *f->value;
        if (u.kind != Value::Kind::Object || u.fields.empty()) {
          diags_.error(u.pos, "type",
                       "exports_unless takes { INPUT = value ... }, the inputs that, given that "
                       "value, keep the action from writing its exports, not " +
                           describe(u));
        } else if (!obj->get("exports")) {
          diags_.error(f->key_pos, "missing",
                       "action \"" + s.name + "\" has exports_unless but no exports = [...]");
        }
        for (const auto& i : u.kind == Value::Kind::Object ? u.fields : std::vector<Field>{}) {
          const Value& v = *i.value;
          if (v.kind != Value::Kind::Bool && v.kind != Value::Kind::Number && !v.is_string())
            diags_.error(v.pos, "type",
                         "exports_unless." + i.key +
                             " is the value written in with, as text, a "
                             "number or a boolean, not " +
                             describe(v));
          else if (inputs && !contains(names, i.key))
            diags_.error(i.key_pos, "unknown-input",
                         "exports_unless names \"" + i.key + "\", which is no input of action \"" +
                             s.name + "\"" + did_you_mean(i.key, names));
        }
      }
    }
    if (kind == "image") {
      const Value* ref = obj->get("ref");
      std::string r = ref && ref->is_string() ? ref->text : "";
      if (!pinned_by_digest(r)) {
        diags_.error(ref ? ref->pos : s.pos, "unpinned",
                     "image \"" + s.name + "\" must be pinned by digest: ref = \"name@sha256:<64 hex digits>\"");
      }
      if (std::string problem = image_name_problem(r); ref && !problem.empty())
        diags_.error(ref->pos, "image",
                     "image \"" + s.name + "\" cannot be pulled: " + problem +
                         ", so a job or step that uses it fails (\"invalid reference format\")");
    }
    if (kind == "tool") program_.tools.push_back(obj);
    if (kind == "action") program_.actions.push_back(obj);
    if (kind == "boundary") program_.boundaries.push_back(obj);
    declare(scope, s.name, obj, s.name_pos);
    return;
  }
  diags_.error(s.pos, "unexpected", "unexpected \"" + kind + "\" at the top of a file; expected one of " +
                                        join(kTopKinds) + did_you_mean(kind, kTopKinds));
}

namespace {

// The type of a list's items (list[TYPE]): written as a type where it has
// options of its own (list[choice["a", "b"]]); else a name, or a name with
// one thing in [ ], parsed as an expression (list[string],
// list[choice["a"]], list[list[tool]]). None for anything else.
std::optional<TypeRef> list_item(const TypeRef& type) {
  if (type.item) return *type.item;
  if (type.args.size() != 1) return std::nullopt;
  const Expr& e = *type.args[0];
  if (e.kind == Expr::Kind::Name && e.text != "choice") return TypeRef{e.text, e.pos, {}, nullptr};
  if (e.kind == Expr::Kind::Index && e.operands[0]->kind == Expr::Kind::Name)
    return TypeRef{e.operands[0]->text, e.operands[0]->pos, {e.operands[1]}, nullptr};
  return std::nullopt;
}

}  // namespace

bool Expander::valid_type(const TypeRef& type) {
  if (!type_reads(type)) {
    invalid_types_.insert(&type);
    return false;
  }
  return true;
}

bool Expander::type_reads(const TypeRef& type) {
  const std::string& t = type.name;
  static const std::vector<std::string> types = {"string", "boolean", "number", "list",  "object", "choice",
                                                 "profile", "action",  "image",  "tool", "any"};
  if (std::find(types.begin(), types.end(), t) == types.end()) {
    diags_.error(type.pos, "unknown-type",
                 "unknown type \"" + t + "\"" + did_you_mean(t, types) +
                     "; expected one of string, boolean, number, list, object, choice[...], profile, action, "
                     "image, tool, any");
    return false;
  }
  if (!type.args.empty() && t != "choice" && t != "list") {
    diags_.error(type.pos, "unknown-type",
                 "only choice[...] and list[...] take what is in [ ]; " + with_article(t) + " takes nothing");
    return false;
  }
  if (t == "list" && (!type.args.empty() || type.item)) {
    const std::optional<TypeRef> item = list_item(type);
    if (!item) {
      diags_.error(type.pos, "unknown-type",
                   "list[...] takes the one type of its items: list[tool], list[string], list[choice[\"a\", \"b\"]]");
      return false;
    }
    return type_reads(*item);
  }
  if (t != "choice") return true;
  // A parameter's or a column's options are written out: they are not
  // computed, as an input's are.
  if (type.args.empty()) {
    diags_.error(type.pos, "type", "choice needs options: choice[\"a\", \"b\"]");
    return false;
  }
  std::vector<std::string> written;
  for (const auto& a : type.args) {
    if (a->kind != Expr::Kind::String || a->parts.size() != 1 || a->parts[0].expr) {
      diags_.error(a->pos, "type",
                   "a parameter's or a table column's choice[...] lists its options as text, as choice[\"a\", \"b\"]");
      return false;
    }
    if (contains(written, a->parts[0].text)) {
      diags_.error(a->pos, "duplicate", "choice option \"" + a->parts[0].text + "\" is listed twice");
      return false;
    }
    written.push_back(a->parts[0].text);
  }
  return true;
}

bool Expander::check_type(const TypeRef& type, const ValuePtr& v, const std::string& what,
                          const Pos& at) {
  if (invalid_types_.count(&type)) return false;
  const std::string& t = type.name;
  if (t == "any" || is_error(*v)) return true;
  bool ok = false;
  bool runtime = v->kind == Value::Kind::Runtime || v->is_runtime_string();
  if (t == "string") ok = v->kind == Value::Kind::String || runtime;
  else if (t == "boolean") ok = v->kind == Value::Kind::Bool || runtime;
  else if (t == "number") ok = v->kind == Value::Kind::Number || runtime;
  else if (t == "list" && (!type.args.empty() || type.item)) {
    // list[TYPE]: a list whose every item is of that type.
    const TypeRef item_type = *list_item(type);
    if (v->kind != Value::Kind::List) {
      diags_.error(at, "type", what + " must be a list of " + item_type.name + "s, not " + a_kind(*v));
      return false;
    }
    for (size_t i = 0; i < v->items.size(); ++i) {
      if (!check_type(item_type, v->items[i], "item " + std::to_string(i + 1) + " of " + what, v->items[i]->pos))
        return false;
    }
    return true;
  } else if (t == "list") ok = v->kind == Value::Kind::List;
  else if (t == "object") ok = v->kind == Value::Kind::Object && v->tag.empty();
  else if (t == "profile" || t == "action" || t == "image" || t == "tool")
    ok = v->kind == Value::Kind::Object && v->tag == t;
  else if (t == "choice") {
    for (const auto& a : type.args) {
      if (v->is_string() && a->parts[0].text == v->text) ok = true;
    }
    if (!ok && v->is_string()) {
      std::vector<std::string> opts;
      for (const auto& a : type.args) opts.push_back("\"" + a->parts[0].text + "\"");
      diags_.error(at, "type", what + " must be one of " + join(opts) + ", not " + describe(*v));
      return false;
    }
  }
  if (!ok) diags_.error(at, "type", what + " must be " + with_article(t) + ", not " + a_kind(*v));
  return ok;
}

bool Expander::bind_params(const Template& t, const std::vector<Arg>& args, const Pos& at,
                           const ScopePtr& into, const ScopePtr& caller,
                           std::vector<std::pair<std::string, ValuePtr>>* bound) {
  used_.insert(&t);
  into->track_reads(&param_reads_[&t]);
  bool ok = true;
  std::vector<std::string> names;
  for (const auto& p : t.params) names.push_back(p.name);
  const size_t positional =
      std::count_if(args.begin(), args.end(), [](const Arg& a) { return a.name.empty(); });
  if (positional > t.params.size()) {
    diags_.error(at, "arity", t.name + " takes " + std::to_string(t.params.size()) + " parameters, not " +
                                  std::to_string(positional));
    return false;
  }
  std::map<std::string, ValuePtr> given;
  std::map<std::string, Pos> given_at;
  for (size_t i = 0; i < positional; ++i) {
    given[t.params[i].name] = eval(args[i].value, caller);
    given_at[t.params[i].name] = args[i].value->pos;
  }
  // A misspelt parameter is one slip: the "did you mean" names the one it
  // stands for (not one given by position), which is then not reported
  // missing as well.
  std::set<std::string> misspelt;
  const std::vector<std::string> by_name(names.begin() + static_cast<std::ptrdiff_t>(positional), names.end());
  for (const auto& a : args) {
    if (a.name.empty()) continue;  // by position: above
    if (std::find(names.begin(), names.end(), a.name) == names.end()) {
      diags_.error(a.pos, "unknown-param", t.name + " has no parameter \"" + a.name + "\"" +
                                               did_you_mean(a.name, by_name) +
                                               (names.empty() ? "" : "; it takes " + join(names)));
      misspelt.insert(nearest(a.name, by_name));
      ok = false;
      continue;
    }
    if (given.count(a.name)) {
      const bool first_by_position = std::any_of(t.params.begin(), t.params.begin() + positional,
                                                 [&](const Param& p) { return p.name == a.name; });
      diags_.error(a.pos, "duplicate", "parameter \"" + a.name + "\" given twice" +
                                           (first_by_position ? " (first by position)" : ""));
      ok = false;
      continue;
    }
    given[a.name] = eval(a.value, caller);
    given_at[a.name] = a.value->pos;
  }
  for (const auto& p : t.params) {
    ValuePtr v;
    if (auto it = given.find(p.name); it != given.end()) v = it->second;
    else if (p.default_value) v = eval(p.default_value, t.scope ? std::make_shared<Scope>(t.scope) : caller);
    else {
      if (!misspelt.count(p.name))
        diags_.error(at, "missing-param",
                     t.name + " needs parameter \"" + p.name + "\" (" + p.type.name + ")");
      ok = false;
      continue;
    }
    if (!check_type(p.type, v, "parameter \"" + p.name + "\" of " + t.name,
                    given_at.count(p.name) ? given_at[p.name] : v->pos))
      ok = false;
    into->bind(p.name, v);
    if (bound) bound->push_back({p.name, v});
  }
  return ok;
}

ValuePtr Expander::instantiate_workflow(const Template& t, const std::vector<Arg>& args, const Pos& at,
                                        const ScopePtr& caller) {
  auto scope = std::make_shared<Scope>(t.scope);
  auto wf = std::make_shared<WorkflowModel>();
  if (!bind_params(t, args, at, scope, caller, &wf->args))
    return make_null(at);
  std::string key = t.name + "(";
  for (size_t i = 0; i < wf->args.size(); ++i)
    key += (i ? ", " : "") + wf->args[i].first + " = " +
           (wf->args[i].second->tag == "profile" ? wf->args[i].second->get("name")->text
                                                 : describe(*wf->args[i].second));
  key += ")";
  if (auto it = instances_.find(key); it != instances_.end()) {
    if (!it->second) {
      // The instances in between, as they call one another.
      auto from = std::find(instantiating_.begin(), instantiating_.end(), key);
      std::string through;
      for (auto i = from == instantiating_.end() ? from : std::next(from); i != instantiating_.end(); ++i)
        through += (through.empty() ? "" : " -> ") + *i;
      diags_.error(at, "cycle", "workflow " + key + " calls itself" + (through.empty() ? "" : ", through " + through));
      return make_null(at);
    }
    return it->second;
  }
  if (++depth_ > 32) {
    diags_.error(at, "nesting", "workflow templates nested more than 32 deep");
    --depth_;
    return make_null(at);
  }
  instances_[key] = nullptr;
  wf->instance = key;
  wf->template_name = t.name;
  wf->source = at.file;  // the file of the use or call
  wf->template_file = t.pos.file;
  wf->pos = at;
  auto body = new_object(t.pos, "workflow");
  std::vector<Pos> uses_outside = std::exchange(uses_at_, {});
  instantiating_.push_back(key);
  eval_body(*t.body, scope, Ctx::Workflow, *body, wf.get());
  instantiating_.pop_back();
  uses_at_ = std::move(uses_outside);
  --depth_;
  const Value* file = body->get("file");
  if (!file || !file->is_string() || file->text.empty()) {
    // A file whose value is in error is reported already.
    if (!file)
      diags_.error(t.pos, "missing", "workflow " + t.name + " needs file = \"path/name.yml\"");
    else if (!is_error(*file))
      diags_.error(file->pos, "type",
                   "file of workflow " + t.name + " must be a path known at compile time, \"path/name.yml\", not " +
                       (file->is_string() ? std::string("empty text") : describe(*file)));
    instances_[key] = make_null(at);
    return instances_[key];
  }
  wf->file = file->text;
  wf->file_pos = body->field("file")->key_pos;
  body->fields.erase(std::remove_if(body->fields.begin(), body->fields.end(),
                                    [](const Field& f) { return f.key == "file"; }),
                     body->fields.end());
  wf->body = body;
  program_.workflows.push_back(wf);
  program_.by_instance[key] = wf.get();
  auto ref = new_object(at, "workflow_ref");
  ref->fields.push_back({"file", at, make_string(wf->file, at)});
  ref->fields.push_back({"instance", at, make_string(key, at)});
  instances_[key] = ref;
  return ref;
}

namespace {

// unique = [col, ...] in a table: the columns whose values no two rows
// share, with where it is written and the rows seen so far by those values.
struct TableUnique {
  std::vector<std::string> columns;
  Pos at;
  std::map<std::string, Pos> seen;
};

std::vector<TableUnique> table_uniques(const Stmt& table, const std::vector<std::string>& cols,
                                       Diagnostics& diags) {
  std::vector<TableUnique> uniques;
  for (const auto& st : *table.body) {
    if (st->kind != Stmt::Kind::Attr || st->name != "unique") continue;
    TableUnique u{{}, st->name_pos, {}};
    const bool list = st->value->kind == Expr::Kind::List && !st->value->operands.empty();
    for (const auto& item : list ? st->value->operands : std::vector<ExprPtr>{}) {
      if (item->kind != Expr::Kind::Name) {
        diags.error(item->pos, "type", "unique lists columns by name, like [key, platform]");
      } else if (!contains(cols, item->text)) {
        diags.error(item->pos, "unknown-field",
                    "table " + table.name + " has no column \"" + item->text + "\"" +
                        did_you_mean(item->text, cols));
      } else if (contains(u.columns, item->text)) {
        diags.error(item->pos, "duplicate", "unique lists column \"" + item->text + "\" twice");
      } else {
        u.columns.push_back(item->text);
      }
    }
    if (!list)
      diags.error(st->value->pos, "type", "unique lists columns by name, like [key, platform]");
    if (!u.columns.empty()) uniques.push_back(std::move(u));
  }
  return uniques;
}

}  // namespace

void Expander::declare_table(const Stmt& s, const ScopePtr& scope, const std::string& path) {
  if (s.name.empty() || !s.has_params) {
    diags_.error(s.pos, "syntax", "a table needs a name and columns: `table NAME(col: type, ...) { row { ... } }`");
    return;
  }
  Table table;
  table.name = s.name;
  table.pos = s.name_pos;
  table.source = path;
  table.columns = s.params;
  for (const auto& c : s.params) valid_type(c.type);  // with no row, too
  auto rows = std::make_shared<Value>();
  rows->kind = Value::Kind::List;
  rows->pos = s.name_pos;
  std::vector<std::string> cols;
  for (const auto& c : s.params) cols.push_back(c.name);
  std::map<std::string, Pos> written;  // each row as written, and where
  std::vector<TableUnique> uniques = table_uniques(s, cols, diags_);
  for (const auto& st : *s.body) {
    if (st->kind == Stmt::Kind::Attr && st->name == "unique") continue;
    if (st->kind != Stmt::Kind::Block || st->kind_word != "row" || !st->name.empty()) {
      diags_.error(st->pos, "unexpected",
                   "a table body holds only `row { ... }` blocks and unique = [...]");
      continue;
    }
    Value given;
    given.kind = Value::Kind::Object;
    eval_body(*st->body, scope, Ctx::Env, given, nullptr);
    auto row = new_object(st->pos, "row");
    // A misspelt column is one slip: the column its "did you mean" names
    // is not reported missing as well.
    std::vector<std::string> misspelt;
    for (const auto& f : given.fields) {
      if (std::find(cols.begin(), cols.end(), f.key) == cols.end()) {
        const std::string near = nearest(f.key, cols);
        if (!near.empty()) misspelt.push_back(near);
        diags_.error(f.key_pos, "unknown-field", "table " + s.name + " has no column \"" + f.key + "\"" +
                                                     did_you_mean(f.key, cols) + "; it has " + join(cols));
      }
    }
    for (const auto& c : s.params) {
      const Field* f = given.field(c.name);
      ValuePtr v = f ? f->value : (c.default_value ? eval(c.default_value, scope) : nullptr);
      if (!v && contains(misspelt, c.name)) {
        v = make_error(st->pos);
      } else if (!v) {
        diags_.error(st->pos, "missing", "row has no value for column \"" + c.name + "\"");
        v = make_error(st->pos);  // reported: what reads it says no more
      } else {
        check_type(c.type, v, "column \"" + c.name + "\"", v->pos);
      }
      row->fields.push_back({c.name, f ? f->key_pos : st->pos, v});
    }
    // A row copied and left as it was is a slip: each row says something.
    const bool whole = std::none_of(row->fields.begin(), row->fields.end(),
                                    [](const Field& f) { return is_error(*f.value); });
    // A row reported as a copy keeps its place (an index into the table
    // reads the rows as written), but its values are errors, so that what
    // reads the table (a choice of its values, a matrix) says no more, and
    // no other unique takes them for the row a later one copies.
    auto [it, fresh] = written.emplace(describe(*row), st->pos);
    const bool same = whole && !fresh;
    bool copy = same;
    if (same)
      diags_.error(st->pos, "duplicate",
                   "this row is the same as the one at " + to_string(it->second) +
                       " in every column; change it, or leave it out");
    std::vector<std::string> keys;
    for (auto& u : uniques) {
      std::vector<std::string> values;
      for (const auto& c : u.columns) values.push_back(describe(*row->get(c)));
      keys.push_back(join(values));
      const auto first = u.seen.find(keys.back());
      if (whole && !same && first != u.seen.end()) {
        diags_.error(st->pos, "duplicate",
                     "this row has the same " + spoken_list(u.columns) + " as the one at " +
                         to_string(first->second) + " (" + join(values) + "), and unique at " +
                         to_string(u.at) + " allows one row for each");
        copy = true;
      }
    }
    if (copy) {
      for (auto& f : row->fields) f.value = make_error(f.value->pos);
    } else {
      for (size_t i = 0; i < uniques.size(); ++i) uniques[i].seen.emplace(keys[i], st->pos);
    }
    rows->items.push_back(row);
  }
  if (scope->has_own(s.name)) {
    diags_.error(s.name_pos, "duplicate", declared_twice(scope, s.name));
    return;
  }
  table.rows = rows;
  declare(scope, s.name, rows, s.name_pos);
  program_.tables.push_back(std::move(table));
}

namespace {

// A field's value in an object being built, to change in place. Values are
// shared and never change once built: one that anything else holds is
// copied first. (Copying every time made a block of n jobs or steps cost n².)
Value& own(ValuePtr& p) {
  if (p.use_count() != 1) p = std::make_shared<Value>(*p);
  return const_cast<Value&>(*p);  // made non-const by make_shared, and held only here
}

// Adds a field, merging objects given in several places (a template's env
// and the job's own env); any other repeat is an error.
void add_field(Value& obj, const std::string& key, const Pos& key_pos, ValuePtr v, Diagnostics& diags) {
  for (auto& f : obj.fields) {
    if (f.key != key) continue;
    if (f.value->kind == Value::Kind::Object && v->kind == Value::Kind::Object && f.value->tag.empty() &&
        v->tag.empty()) {
      auto merged = std::make_shared<Value>(*f.value);
      for (const auto& g : v->fields) add_field(*merged, g.key, g.key_pos, g.value, diags);
      f.value = merged;
      return;
    }
    diags.error(key_pos, "duplicate", "\"" + key + "\" is given twice (first at line " +
                                          std::to_string(f.key_pos.line) + ")");
    return;
  }
  obj.fields.push_back({key, key_pos, std::move(v)});
}

InputDecl input_decl(const Stmt& s, Expander& ex, const ScopePtr& scope, Diagnostics& diags) {
  InputDecl in;
  in.name = s.name;
  in.pos = s.name_pos;
  in.type = s.type->name;
  static const std::vector<std::string> types = {"string", "boolean", "number", "choice", "environment"};
  const bool known = std::find(types.begin(), types.end(), in.type) != types.end();
  if (!known) {
    diags.error(s.type->pos, "unknown-type",
                "unknown input type \"" + in.type + "\"" + did_you_mean(in.type, types) +
                    "; expected one of " + join(types));
  }
  bool reported = false;  // an option is an error already reported
  if (known && in.type != "choice" && !s.type->args.empty()) {
    diags.error(s.type->pos, "type", "only choice[...] takes options; " + with_article(in.type) + " input takes none");
    reported = true;
  }
  for (const auto& a : s.type->args) {
    if (in.type != "choice") break;
    auto v = ex.eval(a, scope);
    if (is_error(*v)) reported = true;
    std::vector<ValuePtr> items = v->kind == Value::Kind::List ? v->items : std::vector<ValuePtr>{v};
    for (const auto& item : items) {
      if (is_error(*item)) {
        reported = true;  // where it was made
        continue;
      }
      // A bad option is the slip, not the list of options it leaves empty.
      if (!item->is_string()) {
        diags.error(item->pos, "type", "choice options must be strings, not " + describe(*item));
        reported = true;
      } else if (item->is_blank()) {
        diags.error(item->pos, "type", "a choice option is empty; the form would offer nothing to pick");
        reported = true;
      } else if (std::find(in.options.begin(), in.options.end(), item->text) != in.options.end()) {
        // An option from a table's row is reported there: the input
        // whose options it is may be in another file.
        const bool elsewhere = item->pos.file != a->pos.file || item->pos.line != a->pos.line;
        diags.error(item->pos, "duplicate",
                    "input \"" + in.name + "\" lists choice option \"" + item->text + "\" twice" +
                        (elsewhere ? " (its options at " + to_string(a->pos) + ")" : ""));
      } else {
        in.options.push_back(item->text);
      }
    }
  }
  if (in.type == "choice" && in.options.empty() && !reported)
    diags.error(s.type->pos, "type", "choice needs options: choice[\"a\", \"b\"] or choice[table.column]");
  if (s.value) in.default_value = ex.eval(s.value, scope);
  // A default of another type is reported here, at the declaration, and
  // left out: the checks of the places that read the input would
  // otherwise reason from it ("read it as inputs.x || 'false'").
  // (Of an unknown type, reported as such, there is nothing to hold it to.)
  if (const Value* d = in.default_value.get(); d && !is_error(*d) && known) {
    const std::string& type = in.type;
    const bool ok = (type == "boolean" && d->kind == Value::Kind::Bool) ||
                    (type == "number" && d->kind == Value::Kind::Number) ||
                    ((type == "string" || type == "choice" || type == "environment") && d->is_string());
    if (!ok) {
      diags.error(d->pos, "type", "the default of input \"" + in.name + "\" must be " + with_article(type) + ", not " + describe(*d));
      in.default_value = nullptr;
    } else if (type == "choice" && !in.options.empty() &&
               std::find(in.options.begin(), in.options.end(), d->text) == in.options.end()) {
      diags.error(d->pos, "type",
                  "the default \"" + d->text + "\" of input \"" + in.name + "\" is not one of its options" +
                      did_you_mean(d->text, in.options));
      in.default_value = nullptr;
    }
  }
  if (s.body) {
    Value attrs;
    attrs.kind = Value::Kind::Object;
    ex.eval_body(*s.body, scope, Ctx::Env, attrs, nullptr);
    for (const auto& f : attrs.fields) {
      if (f.key == "description" && f.value->is_string()) in.description = f.value->text;
      else if (f.key == "required" && f.value->kind == Value::Kind::Bool) in.required = f.value->boolean;
      else if ((f.key == "only" || f.key == "default_for") && f.value->is_string() &&
               (f.value->text == "call" || f.value->text == "dispatch"))
        (f.key == "only" ? in.only : in.default_for) = f.value->text;
      else if (is_error(*f.value))
        continue;  // reported where it was made
      else if (f.key == "description" || f.key == "required" || f.key == "only" || f.key == "default_for")
        diags.error(f.value->pos, "type",
                    "an input's " + f.key + " takes " +
                        (f.key == "required" ? "true or false" : f.key == "description" ? "text" : "\"call\" or \"dispatch\"") +
                        ", not " + describe(*f.value));
      else if (f.key == "default")
        diags.error(f.key_pos, "input-attr",
                    "an input's default is written after its type, not inside: input " + in.name + ": " + in.type +
                        (in.type == "choice" ? "[...]" : "") + " = ...");
      else
        diags.error(f.key_pos, "input-attr",
                    "unexpected \"" + f.key + "\" for input" +
                        did_you_mean(f.key, {"description", "required", "only", "default_for"}) +
                        "; expected description = \"...\", required = true|false, only = \"call\"|\"dispatch\", "
                        "default_for = \"call\"|\"dispatch\"");
    }
    // default_for gives the default to one of the two lists an input is
    // in; where it is in one, or a required input's default fills the
    // dispatch form alone already, it has nothing to choose.
    if (!in.default_for.empty()) {
      const Field* f = attrs.field("default_for");
      const Pos at = f ? f->key_pos : in.pos;
      in.default_for_pos = at;
      if (!s.value)
        diags.error(at, "input-attr",
                    "input \"" + in.name + "\" has no default for default_for to give to one trigger: write it after "
                    "the type (input " + in.name + ": " + in.type + " = ...)");
      else if (!in.only.empty())
        diags.error(at, "input-attr",
                    "input \"" + in.name + "\" is in one list already (only = \"" + in.only +
                        "\"), so its default is that list's; leave out default_for");
      else if (in.required)
        diags.error(at, "input-attr",
                    "input \"" + in.name + "\" is required, so its default fills the dispatch form alone already "
                    "(GitHub never uses a required call input's default); leave out default_for");
    }
  }
  return in;
}

}  // namespace

void Expander::eval_body(const Body& body, const ScopePtr& parent, Ctx ctx, Value& obj,
                         WorkflowModel* wf) {
  auto scope = std::make_shared<Scope>(parent);
  for (const auto& sp : body) {
    const Stmt& s = *sp;
    // A job's steps list is made of its step blocks: a steps key written in
    // the job would be lost beside them, or take their place.
    if (ctx == Ctx::Job && (s.kind == Stmt::Kind::Attr ? s.name : s.kind_word) == "steps" &&
        s.kind != Stmt::Kind::Use) {
      diags_.error(s.kind == Stmt::Kind::Attr ? s.name_pos : s.pos, "unexpected",
                   "a job has no steps key: write each step as a step { } block in the job, "
                   "or use a steps template (use NAME(...))");
      continue;
    }
    switch (s.kind) {
      case Stmt::Kind::Import:
        diags_.error(s.pos, "unexpected", "import belongs at the top of a file");
        break;
      case Stmt::Kind::Let: scope->bind(s.name, let_value(s, scope)); break;
      case Stmt::Kind::When: {
        auto c = eval(s.value, scope);
        if (is_error(*c)) break;
        if (c->kind == Value::Kind::Runtime) {
          diags_.error(s.value->pos, "when-runtime",
                       "when needs a condition known at compile time (got " + describe(*c) +
                           "); for a condition decided at run time write if = ...");
          break;
        }
        if (c->kind != Value::Kind::Bool) {
          diags_.error(s.value->pos, "type",
                       "when needs true or false (got " + describe(*c) +
                           "); write a condition, such as a comparison with ==");
          break;
        }
        if (c->boolean) eval_body(*s.body, scope, ctx, obj, wf);
        else if (s.else_body) eval_body(*s.else_body, scope, ctx, obj, wf);
        const std::optional<Body>& skipped = c->boolean ? s.else_body : s.body;
        if (ctx == Ctx::Workflow && wf && skipped) left_out(*skipped, *scope, s.pos, *wf);
        break;
      }
      case Stmt::Kind::Use: {
        auto t = scope->lookup(s.name);
        if (!t || t->kind != Value::Kind::Template) {
          const auto note = unknown_note(s.name, s.name_pos);
          if (!note) break;
          const auto names = hint_candidates(scope, [](const Value& v) { return v.kind == Value::Kind::Template; });
          diags_.error(s.name_pos, "unknown-name",
                       "no template \"" + s.name + "\"" + (note->empty() ? did_you_mean(s.name, names) : *note));
          break;
        }
        const std::string& k = t->tmpl->kind;
        bool fits = (ctx == Ctx::Job && (k == "steps" || k == "job")) || (ctx == Ctx::Workflow && k == "workflow") ||
                    (ctx == Ctx::Object && obj.tag == "tool" && k == "tool");
        if (!fits) {
          diags_.error(s.name_pos, "template-kind",
                       "a " + k + " template cannot be used here; " +
                           (k == "steps" || k == "job" ? "use it inside a job"
                            : k == "tool"              ? "use it inside a tool declaration"
                                                       : "use it inside a workflow"));
          break;
        }
        // A template used twice in one that is used twice in another, and so
        // on, doubles at each level: the budget stops that before memory does.
        if (++uses_ > kMaxUses) {
          if (uses_ == kMaxUses + 1)
            diags_.error(s.pos, "nesting", "more than " + std::to_string(kMaxUses) +
                                               " template uses expanded; is a template used several times in one "
                                               "that is itself used several times, many levels deep?");
          break;
        }
        if (++depth_ > 32) {
          // The innermost uses, which a template using itself repeats.
          std::string chain;
          for (size_t i = using_.size() > 4 ? using_.size() - 4 : 0; i < using_.size(); ++i) chain += using_[i] + " -> ";
          diags_.error(s.pos, "nesting",
                       "templates nested more than 32 deep (... " + chain + s.name +
                           "): does a template use itself, with no when to end it?");
          --depth_;
          break;
        }
        auto inner = std::make_shared<Scope>(t->tmpl->scope);
        const bool writes_steps = k == "steps" || k == "job";
        if (writes_steps) uses_at_.push_back(s.pos);
        using_.push_back(s.name);
        if (bind_params(*t->tmpl, s.args, s.pos, inner, scope, nullptr))
          eval_body(*t->tmpl->body, inner, ctx, obj, wf);
        using_.pop_back();
        if (writes_steps) uses_at_.pop_back();
        --depth_;
        break;
      }
      case Stmt::Kind::Attr: {
        ValuePtr v;
        if (ctx == Ctx::Job && s.name == "needs" && s.value->kind == Expr::Kind::Binary && s.value->text == "+") {
          // Its names are jobs only in a list as written: joined, they
          // would be read as values.
          diags_.error(s.value->pos, "type",
                       "needs is one list of the jobs' names (needs = [build, test]); + joins lists of values");
          break;
        }
        if (ctx == Ctx::Job && s.name == "needs") {
          // needs names jobs: bare names are job ids, not variables.
          auto list = std::make_shared<Value>();
          list->kind = Value::Kind::List;
          list->pos = s.value->pos;
          std::vector<ExprPtr> items = s.value->kind == Expr::Kind::List ? s.value->operands
                                                                         : std::vector<ExprPtr>{s.value};
          for (const auto& item : items) {
            if (item->kind == Expr::Kind::Name) list->items.push_back(make_string(item->text, item->pos));
            else list->items.push_back(eval(item, scope));
          }
          v = list;
        } else if (ctx == Ctx::Workflow && s.name == "on") {
          // `on = push` or `on = ["push", pull_request]`, the YAML way: the
          // names are triggers, not values; a let's object is a block.
          v = written_as_triggers(*s.value, *scope) ? make_null(s.value->pos) : eval(s.value, scope);
          if (v->kind != Value::Kind::Object && !is_error(*v)) {
            diags_.error(s.name_pos, "syntax", "on is a block of triggers, not a value: write " + on_block_hint(*s.value));
            break;
          }
        } else {
          v = eval(s.value, scope);
        }
        // `uses = inner`, a template not called: said here, where it is,
        // and not as the template never used as well.
        if (ctx == Ctx::Job && s.name == "uses" && v->kind == Value::Kind::Template) {
          const Template& t = *v->tmpl;
          const std::string call = t.name + (t.params.empty() ? "()" : "(...)");
          used_.insert(&t);
          diags_.error(s.name_pos, "type",
                       "a job's uses is a workflow or its path, not a template (" +
                           (t.kind == "workflow" ? "a workflow is called with its arguments, as uses = " + call
                                                 : "a " + t.kind + " template's contents go in with use " + call) +
                           ")");
          v = make_error(v->pos);
        }
        add_field(obj, s.name, s.name_pos, v, diags_);
        break;
      }
      case Stmt::Kind::Typed: {
        if (ctx == Ctx::Workflow && s.kind_word == "input" && wf) {
          if (auto [at, fresh] = declared_[{wf->instance, "input"}].emplace(s.name, s.name_pos);
              !fresh)
            diags_.error(s.name_pos, "duplicate",
                         "input \"" + s.name + "\" is declared twice (first at " +
                             to_string(at->second) + ")");
          wf->inputs.push_back(input_decl(s, *this, scope, diags_));
        } else if (ctx == Ctx::Workflow && s.kind_word == "secret" && wf) {
          SecretDecl sec{s.name, s.name_pos, false, ""};
          if (lower(s.name) == "github_token")
            diags_.error(s.name_pos, "reserved",
                         "a called workflow cannot declare a secret named " + s.name +
                             ": GitHub refuses the file (\"would collide with system reserved "
                             "name\"); it has the run's token already, as secrets.GITHUB_TOKEN and "
                             "github.token");
          if (s.type && s.type->name != "string")
            diags_.error(s.type->pos, "type", "a secret is a string, not " + s.type->name);
          if (s.value)
            diags_.error(s.value->pos, "input-attr",
                         "a secret has no default: GitHub gives a called workflow only the secrets its caller "
                         "passes (an unpassed one is empty)");
          if (s.body) {
            Value attrs;
            attrs.kind = Value::Kind::Object;
            eval_body(*s.body, scope, Ctx::Env, attrs, nullptr);
            for (const auto& f : attrs.fields) {
              if (f.key == "required" && f.value->kind == Value::Kind::Bool)
                sec.required = f.value->boolean;
              else if (f.key == "description" && f.value->is_string())
                sec.description = f.value->text;
              else if (f.key == "required" || f.key == "description")
                diags_.error(f.value->pos, "type",
                             "a secret's " + f.key + " takes " + (f.key == "required" ? "true or false" : "text") +
                                 ", not " + describe(*f.value));
              else
                diags_.error(f.key_pos, "input-attr",
                             "unexpected \"" + f.key + "\" for secret" + did_you_mean(f.key, {"description", "required"}) +
                                 "; expected description = \"...\", required = true|false");
            }
          }
          wf->secrets.push_back(sec);
        } else if (ctx == Ctx::Object && (s.kind_word == "flag" || s.kind_word == "env" || s.kind_word == "output")) {
          // Tool declarations: flag NAME: type = default { ... }.
          auto decl = new_object(s.name_pos, s.kind_word);
          decl->fields.push_back({"name", s.name_pos, make_string(s.name, s.name_pos)});
          decl->fields.push_back({"type", s.type->pos, make_string(s.type->name, s.type->pos)});
          if (!s.type->args.empty()) {
            auto opts = std::make_shared<Value>();
            opts->kind = Value::Kind::List;
            opts->pos = s.type->pos;
            for (const auto& a : s.type->args) {
              // Only a choice's are values; another type's (list[choice["a"]])
              // is no expression, and that type is reported as such.
              if (s.type->name != "choice") break;
              auto v = eval(a, scope);
              if (v->kind == Value::Kind::List) opts->items.insert(opts->items.end(), v->items.begin(), v->items.end());
              else opts->items.push_back(v);
            }
            decl->fields.push_back({"options", s.type->pos, opts});
          }
          if (s.value) decl->fields.push_back({"default", s.value->pos, eval(s.value, scope)});
          if (s.body) eval_body(*s.body, scope, Ctx::Env, *decl, nullptr);
          auto list_it = std::find_if(obj.fields.begin(), obj.fields.end(),
                                      [&](const Field& f) { return f.key == s.kind_word + "s"; });
          if (list_it == obj.fields.end()) {
            auto l = std::make_shared<Value>();
            l->kind = Value::Kind::List;
            l->pos = s.pos;
            obj.fields.push_back({s.kind_word + "s", s.pos, l});
            list_it = obj.fields.end() - 1;
          }
          own(list_it->value).items.push_back(decl);
        } else {
          // What the statement was likely meant as, in a workflow.
          const std::string& k = s.kind_word;
          const std::string meant =
              k == "job"      ? "; a job is a block: job " + s.name + " { ... }"
              : k == "output" ? "; a workflow's outputs are written outputs { " + s.name + " = ... }"
              : k == "env"    ? "; env is a block of entries: env { " + s.name + " = ... }"
                              : "; KIND NAME: TYPE declares only a workflow's inputs and secrets (input name: string)";
          diags_.error(s.pos, "unexpected",
                       "unexpected \"" + k + " " + s.name + ": ...\" here" + (ctx == Ctx::Workflow ? meant : ""));
        }
        break;
      }
      case Stmt::Kind::Block: {
        if (ctx == Ctx::Workflow && s.kind_word == "job") {
          if (s.name.empty()) {
            diags_.error(s.pos, "syntax", "a job needs an id: `job ID { ... }`");
            break;
          }
          auto job = new_object(s.name_pos, "job");
          eval_body(*s.body, scope, Ctx::Job, *job, wf);
          auto jobs = new_object(s.pos, "jobs");
          jobs->fields.push_back({s.name, s.name_pos, job});
          auto existing = std::find_if(obj.fields.begin(), obj.fields.end(), [](const Field& f) { return f.key == "jobs"; });
          // A workflow body is only evaluated with its model (wf).
          if (wf) {
            auto [at, fresh] = declared_[{wf->instance, "job"}].emplace(s.name, s.name_pos);
            if (!fresh) {
              diags_.error(s.name_pos, "duplicate",
                           "job \"" + s.name + "\" is declared twice (first at " +
                               to_string(at->second) + ")");
              break;
            }
          }
          if (existing != obj.fields.end()) own(existing->value).fields.push_back({s.name, s.name_pos, job});
          else obj.fields.push_back({"jobs", s.pos, jobs});
          break;
        }
        if (ctx == Ctx::Job && s.kind_word == "step") {
          auto step = new_object(s.pos, "step");
          if (!uses_at_.empty()) step->via = std::make_shared<const std::vector<Pos>>(uses_at_);
          if (!s.name.empty()) step->fields.push_back({"id", s.name_pos, make_string(s.name, s.name_pos)});
          eval_body(*s.body, scope, Ctx::Step, *step, wf);
          auto it = std::find_if(obj.fields.begin(), obj.fields.end(), [](const Field& f) { return f.key == "steps"; });
          if (it != obj.fields.end()) {
            own(it->value).items.push_back(step);
          } else {
            auto list = std::make_shared<Value>();
            list->kind = Value::Kind::List;
            list->pos = s.pos;
            list->items.push_back(step);
            obj.fields.push_back({"steps", s.pos, list});
          }
          break;
        }
        if ((ctx == Ctx::Object || ctx == Ctx::Env) && !s.name.empty() && !s.has_params) {
          // Statements need no separator, so `dispatch pull_request { }`
          // reads as one named block; where no block takes a name it is the
          // flag `dispatch` followed by the block `pull_request { }`; in a
          // block of free keys, the bare name (`with { group more { } }`),
          // as it is with a ; after it.
          add_field(obj, s.kind_word, s.pos, ctx == Ctx::Env ? make_pass(s.pos) : make_null(s.pos), diags_);
          auto inner = new_object(s.name_pos);
          bool free_keys = s.name == "env" || s.name == "with" || s.name == "outputs" || ctx == Ctx::Env;
          eval_body(*s.body, scope, free_keys ? Ctx::Env : Ctx::Object, *inner, wf);
          add_field(obj, s.name, s.name_pos, inner, diags_);
          break;
        }
        if (!s.name.empty() || s.has_params) {
          diags_.error(s.pos, "unexpected", "unexpected \"" + s.kind_word + (s.name.empty() ? "" : " " + s.name) +
                                                " { }\" here" +
                                                (ctx == Ctx::Job ? "; a job holds step blocks and attributes" : ""));
          break;
        }
        bool free_keys = s.kind_word == "env" || s.kind_word == "with" || s.kind_word == "outputs" ||
                         s.kind_word == "args" || s.kind_word == "secrets" || ctx == Ctx::Env;
        auto inner = new_object(s.pos);
        eval_body(*s.body, scope, free_keys ? Ctx::Env : Ctx::Object, *inner, wf);
        add_field(obj, s.kind_word, s.pos, inner, diags_);
        break;
      }
      case Stmt::Kind::Flag: {
        if (ctx != Ctx::Object && ctx != Ctx::Env) {
          // `job a = tpl(...)`: the word of a block, written as a key's.
          const bool block = s.kind_word == "job" || s.kind_word == "step";
          diags_.error(s.pos, "unexpected",
                       "unexpected \"" + s.kind_word + "\" here; " +
                           (block ? "a " + s.kind_word + " is a block, " + s.kind_word + " NAME { ... }"
                                  : "write " + s.kind_word + " = ..."));
          break;
        }
        if (!s.name.empty()) {
          diags_.error(s.name_pos, "syntax", "unexpected \"" + s.name + "\" after \"" + s.kind_word + "\"");
          break;
        }
        // In a block of free keys (with, args, outputs) a bare name passes
        // on the value of that name; elsewhere it is a flag (on { call }).
        add_field(obj, s.kind_word, s.pos, ctx == Ctx::Env ? make_pass(s.pos) : make_null(s.pos), diags_);
        break;
      }
    }
  }
}

}  // namespace pipec
