// The expander evaluates the .pipe files: it binds declarations, folds every
// expression whose value is known at compile time (template parameters such
// as platform and profile, tables, lets) and keeps the rest as GitHub runtime
// expressions; it instantiates templates and builds the workflow models.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "ast.h"
#include "diag.h"
#include "program.h"
#include "source_files.h"

namespace pipec {

// Limits that stop an input from growing without bound while it expands (a
// template or a let used twice in one used twice, many levels deep, doubles
// at each level); real pipelines stay far below them.
// The most `use`s of steps and job templates one compile expands.
inline constexpr int kMaxUses = 10000;
// The largest value: characters of text plus list items and object fields,
// a shared value counted each time it appears.
inline constexpr size_t kMaxWeight = size_t{1} << 20;

class Scope {
 public:
  explicit Scope(std::shared_ptr<const Scope> parent = nullptr) : parent_(std::move(parent)) {}
  void bind(const std::string& name, ValuePtr v) { names_[name] = std::move(v); }
  // Names looked up in this scope's own bindings are added to `sink` (a
  // template's parameters: which of them its instances read).
  void track_reads(std::set<std::string>* sink) { reads_ = sink; }
  ValuePtr lookup(const std::string& name) const;
  // The same, not counted as a read (for what a report says).
  ValuePtr peek(const std::string& name) const;
  bool has_own(const std::string& name) const { return names_.count(name) > 0; }
  std::vector<std::string> all_names() const;

 private:
  std::shared_ptr<const Scope> parent_;
  std::map<std::string, ValuePtr> names_;
  std::set<std::string>* reads_ = nullptr;
};
using ScopePtr = std::shared_ptr<Scope>;

// Names GitHub provides at run time; expressions rooted in them stay runtime.
const std::vector<std::string>& runtime_roots();

// The context a body is evaluated in decides what its blocks mean.
enum class Ctx { Workflow, Job, Step, Object, Env };

class Expander {
 public:
  Expander(Diagnostics& diags, Program& program) : diags_(diags), program_(program) {}

  // Files in dependency order are bound first; `files` maps path -> AST.
  // resolve finds what an import names (SourcesByFile); without it, an
  // import's path is read as a key of `files`.
  using ImportResolver = std::function<ImportTarget(const std::string& from, const std::string& path)>;
  void run(const std::map<std::string, File>& files, const ImportResolver& resolve = {});

  ValuePtr eval(const ExprPtr& e, const ScopePtr& scope);

  // Whether a profile field nothing reads is a slip off one a template
  // reads (stagin for staging): the profile then keeps its base's value,
  // and what the later passes report follows from that.
  bool misspelt_profile_field() const { return misspelt_profile_field_; }

 private:
  bool misspelt_profile_field_ = false;
  friend struct BodyBuilder;
  ScopePtr file_scope(const std::string& path, const std::map<std::string, File>& files);
  void top_stmt(const Stmt& s, const ScopePtr& scope, const std::string& path);
  ValuePtr let_value(const Stmt& s, const ScopePtr& scope);
  ValuePtr eval_node(const ExprPtr& e, const ScopePtr& scope);  // eval without the size check
  // A name nothing declares; `may_be_text` when it could be text written
  // without quotes (not before a dot).
  ValuePtr unknown_name(const Expr& e, const ScopePtr& scope, bool may_be_text);
  // The names in scope whose values `keep` takes, as candidates for a
  // spelling hint: none once the hints' bound is spent, and gathering them
  // counts toward it (diag.h).
  std::vector<std::string> hint_candidates(const ScopePtr& scope, const std::function<bool(const Value&)>& keep);
  ValuePtr call(const Expr& e, const ScopePtr& scope);
  ValuePtr member(const Expr& e, const ValuePtr& base);
  ValuePtr binary(const Expr& e, const ScopePtr& scope);
  ValuePtr string(const Expr& e, const ScopePtr& scope);
  // The text pipec makes by joining pieces (a string's parts, join(),
  // format()), or an error when the joint makes "${{": GitHub would read
  // an expression there that pipec never read.
  ValuePtr no_hidden_expression(ValuePtr made, const Pos& at);
  // args (by position, then by name) are read in `caller`: for a use at the
  // top of a file, that file's scope.
  ValuePtr instantiate_workflow(const Template& t, const std::vector<Arg>& args, const Pos& at,
                                const ScopePtr& caller);
  bool bind_params(const Template& t, const std::vector<Arg>& args, const Pos& at, const ScopePtr& into,
                   const ScopePtr& caller, std::vector<std::pair<std::string, ValuePtr>>* bound);
  // Reports what is wrong with a type where it is written (a parameter's,
  // a column's), once; false when something is, and the type is then in
  // invalid_types_.
  bool valid_type(const TypeRef& type);
  bool type_reads(const TypeRef& type);  // valid_type's reading, for a list's items too
  // Whether v is of a type valid_type has read (one it found wrong takes
  // no value). A type error is reported at `at`: where the value is given,
  // which for a name is not where the value was written.
  bool check_type(const TypeRef& type, const ValuePtr& v, const std::string& what, const Pos& at);
  void declare_table(const Stmt& s, const ScopePtr& scope, const std::string& path);

 public:
  // Evaluates a body in a context into `obj` (fields appended in order).
  void eval_body(const Body& body, const ScopePtr& scope, Ctx ctx, Value& obj,
                 WorkflowModel* wf);

 private:
  Diagnostics& diags_;
  Program& program_;
  std::map<std::string, ScopePtr> file_scopes_;
  // The files being read, each imported by the one before it.
  std::vector<std::string> loading_;
  // The longest chain of imports read at once (a imports b imports c ...).
  static constexpr size_t kMaxImportDepth = 64;
  // Each name declared at the top of a file, with where.
  std::multimap<std::string, Pos> top_names_;
  // The files each file imports (those found).
  std::map<std::string, std::set<std::string>> imports_;
  std::set<const TypeRef*> invalid_types_;  // as valid_type found them
  bool imports(const std::string& from, const std::string& to) const;
  // The files with an import pipec could not follow: a name there may be
  // the import's, so it is not reported as unknown.
  std::set<std::string> failed_imports_;
  ImportResolver resolve_;
  // For a name not in scope at `at`: "" to report it as is; " ..." that
  // says where it is declared (later in the file, or in a file not
  // imported); nullopt when it is not to be reported, since what it comes
  // of is (an import that failed, or a declaration that did).
  std::optional<std::string> unknown_note(const std::string& name, const Pos& at) const;
  // The let or profile whose value is being read (its name's place): a
  // name of its own there is not yet in scope, and cannot be.
  std::vector<std::pair<std::string, Pos>> declaring_;
  // Binds a top-level name and keeps where it is declared, for reports
  // about the value (a let's value is elsewhere on its line).
  void declare(const ScopePtr& scope, const std::string& name, ValuePtr v, const Pos& at);
  std::map<const Value*, Pos> declared_at_;
  // The workflow instances being made, outermost first (for [cycle]).
  std::vector<std::string> instantiating_;
  // Where a name's value was declared (its own place when not by declare).
  Pos declared_where(const ValuePtr& v) const;
  // "NAME" is declared twice (first at FILE:LINE:COL).
  std::string declared_twice(const ScopePtr& scope, const std::string& name) const;
  std::map<std::string, ValuePtr> instances_;  // workflow instance key -> Template value ref
  std::map<std::string, Pos> used_at_top_;     // workflow instance key -> its top-level `use`
  std::set<const Template*> used_;              // templates instantiated at least once
  std::set<std::string> profile_reads_;         // the profile fields some template reads
  std::map<const Template*, std::set<std::string>>
      param_reads_;  // the parameters its instances read
  // (workflow instance key, "input" or "job") -> the names declared so far,
  // each with where
  std::map<std::pair<std::string, std::string>, std::map<std::string, Pos>> declared_;
  // The uses of steps and job templates being evaluated, outermost first
  // (a step records them as its via); a workflow instance starts afresh.
  std::vector<Pos> uses_at_;
  std::vector<std::string> using_;              // the names of the templates being used, outermost first
  int depth_ = 0;                               // template instantiation depth
  int uses_ = 0;                                // template uses expanded so far (kMaxUses)
};

}  // namespace pipec
