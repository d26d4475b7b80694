// Lowering: a checked workflow model becomes the exact YAML tree to print.
// GitHub's key order is the schema: a key not in a context's order is an
// error that lists the keys that would be valid there.
#include "lower.h"

#include <algorithm>
#include <charconv>
#include <functional>
#include <set>
#include <system_error>

#include "ascii.h"
#include "check_conditions.h"
#include "event_fields.h"
#include "event_reach.h"
#include "expr_chain.h"
#include "image_ref.h"
#include "infer_permissions.h"
#include "render_expr.h"
#include "runner_shell.h"
#include "shell_quoting.h"
#include "tool_command.h"
#include "tool_lookup.h"
#include "untrusted_inputs.h"

namespace pipec {
namespace {

// The names of a chain of fields (github.event.pull_request.base.sha);
// empty for any other expression.
std::vector<std::string> member_names(const Expr& e) {
  std::vector<std::string> segs;
  for (const Expr* y = &e; y; y = y->kind == Expr::Kind::Member ? y->operands[0].get() : nullptr) {
    if (y->kind == Expr::Kind::Member || y->kind == Expr::Kind::Name) segs.insert(segs.begin(), y->text);
    else segs.clear();
    if (y->kind != Expr::Kind::Member) break;
  }
  return segs;
}

// Whether an expression's value may be empty text as written: '' itself,
// or the value of an `a || ''`, `a && ''` or a choice with a '' branch (a
// flag or nothing: `inputs.slow && '--runslow' || ''`).
bool may_be_empty_text(const Expr& e) {
  switch (e.kind) {
    case Expr::Kind::String:
      return std::all_of(e.parts.begin(), e.parts.end(), [](const StringPart& p) { return !p.expr && p.text.empty(); });
    case Expr::Kind::Binary:
      return (e.text == "||" || e.text == "&&") && may_be_empty_text(*e.operands[1]);
    case Expr::Kind::Cond:
      return may_be_empty_text(*e.operands[1]) || may_be_empty_text(*e.operands[2]);
    default:
      return false;
  }
}

// The environment variables a script may read a value through: one named
// after its last field (inputs.python_version is PYTHON_VERSION, a github
// field GH_ with it, a job's or step's output its name); a longer one,
// after its last two fields (BUILD_VERSION for needs.build.outputs.version),
// for when two values of a script share the first; and one after all its
// fields (NEEDS_BUILD_VERSION beside STEPS_BUILD_VERSION, INPUTS_FAMILY
// beside MATRIX_FAMILY), for when they share the second too; NOT_ before
// those of a chain's negation. VALUE for what is no chain of fields.
struct ValueNames {
  std::string short_name, long_name, full_name;
};

ValueNames value_names(const Expr& e) {
  // !X is named after X (NOT_GH_FORK for !github.event...repo.fork).
  if (e.kind == Expr::Kind::Not && !e.operands.empty()) {
    const ValueNames of = value_names(*e.operands[0]);
    if (of.full_name == "VALUE") return of;  // no chain of fields (inputs.value's full name is INPUTS_VALUE)
    return {"NOT_" + of.short_name, "NOT_" + of.long_name, "NOT_" + of.full_name};
  }
  const std::vector<std::string> segs = member_names(e);
  if (segs.empty()) return {"VALUE", "VALUE", "VALUE"};
  std::string full;
  for (size_t i = 0; i < segs.size(); ++i) {
    if (segs[0] == "github" && i == 0) continue;  // GH_, below
    // needs.a.outputs.b and steps.a.outputs.b: NEEDS_A_B, STEPS_A_B.
    if ((segs[0] == "needs" || segs[0] == "steps") && i == 2 && segs[2] == "outputs") continue;
    full += (full.empty() ? "" : "_") + env_var_name(segs[i]);
  }
  if (segs[0] == "github") full = "GH_" + full;
  if (segs.size() >= 2 && (segs[0] == "inputs" || segs[0] == "matrix")) {
    const std::string name = env_var_name(segs.back());
    return {name, name, full};
  }
  if (segs.size() == 4 && (segs[0] == "needs" || segs[0] == "steps"))
    return {env_var_name(segs[3]), env_var_name(segs[1]) + "_" + env_var_name(segs[3]), full};
  if (segs.size() >= 3 && segs[0] == "github") {
    // GH_SHA is github.sha's, and GH_BASE_REF github.base_ref's, whatever
    // else the script reads: an event's field is named after as many of its
    // last fields as it takes to name no github field
    // (github.event.pull_request.base.sha is GH_BASE_SHA).
    std::vector<std::string> names;
    std::string fields;
    for (size_t i = segs.size() - 1; i >= 1 && names.size() < 2; --i) {
      fields = segs[i] + (fields.empty() ? "" : "_" + fields);
      if (!contains(github_fields(), fields)) names.push_back("GH_" + env_var_name(fields));
    }
    if (names.empty()) return {"VALUE", "VALUE", "VALUE"};
    return {names.front(), names.back(), full};
  }
  const std::string name = (segs.size() >= 2 && segs[0] == "github" ? "GH_" : "") + env_var_name(segs.back());
  if (segs.size() < 3) return {name, name, full};
  return {name, env_var_name(segs[segs.size() - 2]) + "_" + env_var_name(segs.back()), full};
}

using Order = std::vector<std::string>;

const Order kWorkflowKeys = {"name", "run-name", "on", "permissions", "concurrency", "env", "defaults", "jobs"};
const Order kPipecWorkflowKeys = {"outputs"};  // become on.workflow_call.outputs
const Order kJobKeys = {"name",     "needs",     "if",       "runs-on",  "environment",
                        "timeout-minutes", "continue-on-error", "permissions", "concurrency",
                        "strategy", "container", "services", "outputs",  "env",
                        "defaults", "uses",      "with",     "secrets",  "steps"};
const Order kPipecJobKeys = {"unroll", "reads"};
const Order kStepKeys = {"name",  "id",    "if", "uses", "with", "shell", "working-directory",
                         "env",   "timeout-minutes", "continue-on-error", "run"};
const Order kPipecStepKeys = {"exports", "tool", "args", "builds", "writes", "indexes", "reads"};
// The keys of GitHub's nested sections, for blocks written as objects.
const Order kContainerKeys = {"image", "credentials", "env", "ports", "volumes", "options"};
const Order kCredentialKeys = {"username", "password"};
const std::vector<std::pair<std::string, Order>> kSectionKeys = {
    {"container", kContainerKeys},
    {"container.credentials", kCredentialKeys},
    {"runs-on", {"group", "labels"}},
    {"strategy", {"matrix", "fail-fast", "max-parallel"}},
    {"defaults", {"run"}},
    {"defaults.run", {"shell", "working-directory"}},
    {"concurrency", {"group", "cancel-in-progress"}},
    {"environment", {"name", "url"}},
};
// Where GitHub finds a reusable workflow: a file directly in
// .github/workflows, of this repository or, at a ref, of another.
bool reusable_workflow_path(const std::string& uses) {
  auto file_in_workflows = [](const std::string& path) {
    const std::string dir = ".github/workflows/";
    if (path.rfind(dir, 0) != 0) return false;
    std::string name = path.substr(dir.size());
    return name.find('/') == std::string::npos && yaml_file_name(name);
  };
  if (uses.rfind("./", 0) == 0) return file_in_workflows(uses.substr(2));
  auto at = uses.find('@');
  if (at == std::string::npos) return false;
  std::string path = uses.substr(0, at);
  auto owner = path.find('/');
  auto repo = owner == std::string::npos ? owner : path.find('/', owner + 1);
  return owner != std::string::npos && owner > 0 && repo != std::string::npos && repo > owner + 1 &&
         at + 1 < uses.size() && file_in_workflows(path.substr(repo + 1));
}

// Whether the script of `step`, or of a step before it in the job, names
// `name` in its own text, outside ${{ }}: a variable the script sets or
// reads ($VERSION, VERSION=...), or one an earlier step may write to
// GITHUB_ENV, which an env entry of that name for a ${{ }} would replace.
// Read from bash, any whole word (names are cased there); from cmd and
// pwsh, which read names in any case, %NAME%, $env:NAME or NAME=, so that
// `build --family` leaves FAMILY free.
bool scripts_name(const Value& job, const Value& step, const std::string& name, const std::string& shell) {
  const bool any_case = shell_syntax(shell) != ShellSyntax::Posix;
  auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  auto variable = [&](const std::string& text, size_t at, size_t end) {
    if (!any_case) return true;
    const char before = at > 0 ? text[at - 1] : ' ', after = end < text.size() ? text[end] : ' ';
    return (before == '%' && (after == '%' || after == ':')) || after == '=' ||
           (at >= 4 && lower(text.substr(at - 4, 4)) == "env:");
  };
  const Value* steps = job.get("steps");
  if (!steps) return false;
  for (const auto& each : steps->items) {
    const Value* run = each->get("run");
    if (!run || run->kind != Value::Kind::String) continue;
    const std::vector<StringPart> whole = {{run->text, nullptr}};
    for (const auto& part : run->parts.empty() ? whole : run->parts) {
      if (part.expr) continue;
      const std::string& text = part.text;
      for (size_t at = 0; at + name.size() <= text.size(); ++at) {
        const size_t end = at + name.size();
        if ((at > 0 && word_char(text[at - 1])) || (end < text.size() && word_char(text[end]))) continue;
        const std::string word = text.substr(at, name.size());
        if ((any_case ? same_but_case(word, name) : word == name) && variable(text, at, end)) return true;
      }
    }
    if (each.get() == &step) break;
  }
  return false;
}

std::shared_ptr<Value> object(const Pos& pos) {
  auto v = std::make_shared<Value>();
  v->kind = Value::Kind::Object;
  v->pos = pos;
  return v;
}

class Lowerer {
 public:
  Lowerer(const WorkflowModel& wf, const Program& program, Diagnostics& diags)
      : wf_(wf), program_(program), diags_(diags) {}

  ValuePtr run();

 private:
  // at: where to report a value that cannot be written (the key that holds
  // it; a declared value's own position is its declaration).
  ValuePtr lower_any(const Value& v, const std::string& where, const Pos* at = nullptr);
  void check_sections(const Value& holder, const std::string& what);
  ValuePtr ordered(const Value& v, const Order& order, const Order& pipec_only, const std::string& what,
                   const std::function<ValuePtr(const Field&)>& each);
  ValuePtr lower_on(const Value& on);
  ValuePtr lower_inputs(bool for_call);
  ValuePtr lower_job(const std::string& id, const Value& job);
  ValuePtr lower_step(const Value& step, const Value& job);
  ValuePtr lower_permissions(const Value& v);
  ValuePtr condition(const Value& v);
  ValuePtr output_value(const Value& v, const std::string& whose);
  std::shared_ptr<Value> lower_scalars(const Field& block);
  ValuePtr lower_name(const Field& f);

  const WorkflowModel& wf_;
  const Program& program_;
  Diagnostics& diags_;
};

// Scalars and strings with runtime parts become the text GitHub reads.
// An `if` that is not true or false: one expression GitHub evaluates
// (check_conditions has reported any other before the lowering runs).
ValuePtr Lowerer::condition(const Value& v) {
  const Expr* e = whole_expr(v);  // none for true and false, which lower_step and lower_job leave out
  if (std::string why = not_a_condition(v); !why.empty() || !e) {
    diags_.error(v.pos, "type", why.empty() ? "if takes a condition here, not " + a_kind(v) : why);
    return make_null(v.pos);
  }
  if (std::string lines = render_condition_lines(*e); !lines.empty()) {
    auto out = std::make_shared<Value>(*make_string(std::move(lines), v.pos));
    out->one_line = text_of(v);
    return out;
  }
  return make_string(text_of(v), v.pos);
}

// A workflow's or a job's output: text, or an expression GitHub turns into
// text (a number or true/false is written as its text).
ValuePtr Lowerer::output_value(const Value& v, const std::string& whose) {
  if (v.kind == Value::Kind::Bool) return make_string(v.boolean ? "true" : "false", v.pos);
  if (v.kind == Value::Kind::List || v.kind == Value::Kind::Object || v.kind == Value::Kind::Null ||
      v.kind == Value::Kind::Template) {
    diags_.error(v.pos, "type", "a " + whose + " output is text or an expression, not " + a_kind(v));
    return make_null(v.pos);
  }
  return make_string(text_of(v), v.pos);
}

// A name (the workflow's, a job's, a step's, run-name) is text: a number
// or true/false is written as its text, as GitHub shows it.
ValuePtr Lowerer::lower_name(const Field& f) {
  const Value& v = *f.value;
  if (v.kind == Value::Kind::Number) return make_string(v.text, v.pos);
  if (v.kind == Value::Kind::Bool) return make_string(v.boolean ? "true" : "false", v.pos);
  if (v.kind == Value::Kind::List || v.kind == Value::Kind::Object) {
    diags_.error(f.key_pos, "type", f.key + " is text, not " + a_kind(v));
    return make_null(v.pos);
  }
  if (v.is_blank()) {
    diags_.error(f.key_pos, "type", f.key + " is empty; leave it out to have GitHub's default");
    return make_null(v.pos);
  }
  return lower_any(v, f.key, &f.key_pos);
}

// An env block, or a step's with: names and the text each one holds.
std::shared_ptr<Value> Lowerer::lower_scalars(const Field& block) {
  const Value& v = *block.value;
  const std::string& what = block.key;
  auto out = object(v.pos);
  if (v.kind != Value::Kind::Object || !v.tag.empty()) {
    // At the key: a declared value's own position is its declaration. Null,
    // so that no later check takes it for an empty block.
    diags_.error(block.key_pos, "type", what + " is a block of NAME = value, not " + a_kind(v));
    out->kind = Value::Kind::Null;
    return out;
  }
  for (const auto& f : v.fields) {
    const Value& x = *f.value;
    if (x.kind == Value::Kind::Null)
      lower_any(x, what + "." + f.key, &f.key_pos);  // reports that it has no value
    else if (x.kind == Value::Kind::List || x.kind == Value::Kind::Object || x.kind == Value::Kind::Template)
      diags_.error(f.key_pos, "type",
                   what + " " + f.key + " takes text, a number, true/false or an expression, not " + a_kind(x));
    else
      out->fields.push_back({f.key, f.key_pos, lower_any(x, what, &f.key_pos)});
  }
  // Every entry was an error: not an empty block for a later check to report.
  if (!v.fields.empty() && out->fields.empty()) out->kind = Value::Kind::Null;
  return out;
}

ValuePtr Lowerer::lower_any(const Value& v, const std::string& where, const Pos* at) {
  switch (v.kind) {
    case Value::Kind::Runtime:
    case Value::Kind::String: {
      if (v.kind == Value::Kind::String && v.parts.empty()) return std::make_shared<Value>(v);
      return make_string(text_of(v), v.pos);
    }
    case Value::Kind::List: {
      auto out = std::make_shared<Value>();
      out->kind = Value::Kind::List;
      out->pos = v.pos;
      for (const auto& i : v.items) out->items.push_back(lower_any(*i, where));
      return out;
    }
    case Value::Kind::Object: {
      if (v.tag == "image") return make_string(v.get("ref")->text, v.pos);
      if (v.tag == "action" || v.tag == "workflow_ref" || v.tag == "profile" || v.tag == "tool" || v.tag == "row") {
        diags_.error(at ? *at : v.pos, "type", a_kind(v) + " cannot be used as a value in " + where);
        return make_null(v.pos);
      }
      auto out = object(v.pos);
      for (const auto& f : v.fields)
        out->fields.push_back({f.key, f.key_pos, lower_any(*f.value, where + "." + f.key, &f.key_pos)});
      return out;
    }
    case Value::Kind::Template:
      diags_.error(at ? *at : v.pos, "type", "a template cannot be used as a value in " + where);
      return make_null(v.pos);
    case Value::Kind::Null:
      // A key with no value (a bare word, or null) means something only for
      // a trigger: on { push dispatch }.
      if (where.rfind("on.", 0) != 0)
        diags_.error(at ? *at : v.pos, "type",
                     "no value for " + where + "; write " + where.substr(where.rfind('.') + 1) + " = value, or leave it out");
      return std::make_shared<Value>(v);
    default: return std::make_shared<Value>(v);
  }
}

// Unknown keys inside a workflow's or job's nested sections (container,
// strategy, defaults, concurrency, environment, and each service).
void Lowerer::check_sections(const Value& holder, const std::string& what) {
  auto check = [&](const Value& v, const Order& keys, const std::string& section) {
    if (v.kind != Value::Kind::Object || !v.tag.empty()) return;
    for (const auto& f : v.fields) {
      if (std::find(keys.begin(), keys.end(), f.key) == keys.end())
        diags_.error(f.key_pos, "unknown-key", unexpected_key(f.key, keys, section));
    }
  };
  for (const auto& [path, keys] : kSectionKeys) {
    auto dot = path.find('.');
    const Value* v = holder.get(path.substr(0, dot));
    if (v && dot != std::string::npos) v = v->kind == Value::Kind::Object ? v->get(path.substr(dot + 1)) : nullptr;
    if (v) check(*v, keys, what + "." + path);
  }
  if (const Value* services = holder.get("services"); services && services->kind == Value::Kind::Object) {
    for (const auto& f : services->fields) {
      check(*f.value, kContainerKeys, what + ".services." + f.key);
      const Value* credentials = f.value->kind == Value::Kind::Object ? f.value->get("credentials") : nullptr;
      if (credentials) check(*credentials, kCredentialKeys, what + ".services." + f.key + ".credentials");
    }
  }
}

ValuePtr Lowerer::ordered(const Value& v, const Order& order, const Order& pipec_only, const std::string& what,
                          const std::function<ValuePtr(const Field&)>& each) {
  auto out = object(v.pos);
  for (const auto& f : v.fields) {
    if (std::find(order.begin(), order.end(), f.key) == order.end() &&
        std::find(pipec_only.begin(), pipec_only.end(), f.key) == pipec_only.end()) {
      Order all = order;
      all.insert(all.end(), pipec_only.begin(), pipec_only.end());
      // Sources write a job's steps and a workflow's jobs as blocks, one
      // each (step { }, job NAME { }): those are the words to suggest.
      for (auto& key : all) {
        if (key == "steps" || key == "jobs") key.pop_back();
      }
      diags_.error(f.key_pos, "unknown-key", unexpected_key(f.key, all, what));
    }
  }
  for (const auto& key : order) {
    if (const Field* f = v.field(key)) {
      if (auto lowered = each(*f)) out->fields.push_back({key, f->key_pos, lowered});
    }
  }
  return out;
}

ValuePtr Lowerer::lower_permissions(const Value& v) {
  if (v.is_string()) {
    if (v.text == "read-all" || v.text == "write-all")
      diags_.error(v.pos, "permissions", "permissions = \"" + v.text + "\" grants every scope; list the scopes the workflow needs");
    else  // GitHub takes no other text
      diags_.error(v.pos, "permissions",
                   "permissions takes a block of scopes (permissions { contents = \"read\" }), not " + describe(v));
    return make_null(v.pos);
  }
  if (!check_permission_block(v, diags_)) return make_null(v.pos);
  auto out = object(v.pos);
  for (const auto& f : v.fields) out->fields.push_back({f.key, f.key_pos, make_string(f.value->text, f.value->pos)});
  return out;
}

ValuePtr Lowerer::lower_inputs(bool for_call) {
  auto out = object(wf_.pos);
  for (const auto& in : wf_.inputs) {
    if (in.only == (for_call ? "dispatch" : "call")) continue;
    auto decl = object(in.pos);
    // The workflow schema requires a description for dispatch inputs; the
    // name is what GitHub's form shows when there is none.
    std::string description = in.description.empty() && !for_call ? in.name : in.description;
    if (!description.empty()) decl->fields.push_back({"description", in.pos, make_string(description, in.pos)});
    if (in.required) decl->fields.push_back({"required", in.pos, make_bool(true, in.pos)});
    std::string type = in.type;
    if (for_call && (type == "choice" || type == "environment")) type = "string";
    decl->fields.push_back({"type", in.pos, make_string(type, in.pos)});
    if (in.default_value) {
      // (Its type, and a choice's options, expand checks.)
      const Value& d = *in.default_value;
      // A caller must pass a required input, so its default is for the
      // dispatch form only (GitHub never uses a required call input's default).
      // default_for gives it to the other list alone.
      if (!(for_call && in.required) && default_in(in, for_call))
        decl->fields.push_back({"default", d.pos, std::make_shared<Value>(d)});
    }
    if (!for_call && in.type == "choice") {
      auto opts = std::make_shared<Value>();
      opts->kind = Value::Kind::List;
      for (const auto& o : in.options) opts->items.push_back(make_string(o, in.pos));
      decl->fields.push_back({"options", in.pos, opts});
    }
    out->fields.push_back({in.name, in.pos, decl});
  }
  return out;
}

ValuePtr Lowerer::lower_on(const Value& on) {
  if (on.kind != Value::Kind::Object || on.fields.empty()) {
    diags_.error(on.pos, "type",
                 std::string(on.kind == Value::Kind::Object ? "on lists no trigger" : "on must be a block") +
                     ": on { push { ... } dispatch call }");
    return make_null(on.pos);
  }
  // `call` and `dispatch` are short for workflow_call and workflow_dispatch.
  auto renamed = object(on.pos);
  for (const auto& f : on.fields) {
    std::string key = github_trigger(f.key);
    renamed->fields.push_back({key, f.key_pos, f.value});
  }
  bool has_call = renamed->get("workflow_call"), has_dispatch = renamed->get("workflow_dispatch");
  for (const auto& in : wf_.inputs) {
    if ((in.only == "call" && !has_call) || (in.only == "dispatch" && !has_dispatch) || (!has_call && !has_dispatch))
      diags_.error(in.pos, "input-trigger", "input \"" + in.name + "\" belongs to a trigger this workflow does not have (on { call } or on { dispatch })");
    else if (!in.default_for.empty() && in.only.empty() && !(has_call && has_dispatch)) {
      const bool named = in.default_for == "call" ? has_call : has_dispatch;
      const std::string other = in.default_for == "call" ? "dispatch" : "call";
      diags_.error(in.default_for_pos, "input-trigger",
                   named ? "input \"" + in.name + "\" is in one list (this workflow has no on { " + other +
                               " }), so its default is that list's; leave out default_for"
                         : "input \"" + in.name + "\" gives its default to " +
                               (in.default_for == "call" ? "calls" : "the dispatch form") + " (default_for = \"" +
                               in.default_for + "\"), and this workflow has no on { " + in.default_for + " }");
    }
  }
  // A workflow's secrets and outputs are its callers' (on.workflow_call).
  if (!has_call) {
    for (const auto& sec : wf_.secrets)
      diags_.error(sec.pos, "input-trigger", "secret \"" + sec.name + "\" is passed by a caller, and this workflow has no on { call }");
    if (const Field* outs = wf_.body->field("outputs"))
      diags_.error(outs->key_pos, "input-trigger", "outputs are for the workflow's callers, and this workflow has no on { call }");
  }
  return ordered(*renamed, trigger_names(), {}, "on", [&](const Field& f) -> ValuePtr {
    if (f.key == "workflow_call" || f.key == "workflow_dispatch") {
      bool call = f.key == "workflow_call";
      auto t = object(f.key_pos);
      auto inputs = lower_inputs(call);
      if (!inputs->fields.empty()) t->fields.push_back({"inputs", f.key_pos, inputs});
      if (call) {
        if (const Value* outs = wf_.body->get("outputs")) {
          auto o = object(outs->pos);
          for (const auto& of : outs->fields) {
            auto decl = object(of.key_pos);
            if (of.value->kind == Value::Kind::Object) {
              bool value_misspelt = false;  // one slip: not reported missing too
              for (const auto& k : of.value->fields) {
                if (k.key != "description" && k.key != "value") {
                  diags_.error(k.key_pos, "unknown-key",
                               unexpected_key(k.key, {"description", "value"}, "output \"" + of.key + "\""));
                  value_misspelt = value_misspelt || nearest(k.key, {"description", "value"}) == "value";
                }
              }
              // GitHub reads an output's description as text, never ${{ }}.
              if (const Value* d = of.value->get("description"); d && !d->is_string() && !is_error(*d))
                diags_.error(d->pos, "type", "an output's description takes text, not " + describe(*d));
              for (const auto& k : {"description", "value"}) {
                if (const Value* x = of.value->get(k)) decl->fields.push_back({k, x->pos, output_value(*x, "workflow")});
              }
              if (!of.value->get("value")) {
                if (!value_misspelt)
                  diags_.error(of.key_pos, "type",
                               "output \"" + of.key + "\" has no value; write value = jobs.JOB.outputs.NAME");
              } else if (of.value->get("value")->is_blank())
                diags_.error(of.value->get("value")->pos, "type",
                             "output \"" + of.key + "\" is empty; write value = jobs.JOB.outputs.NAME");
            } else {
              if (of.value->is_blank())
                diags_.error(of.value->pos, "type", "output \"" + of.key + "\" is empty; write " + of.key + " = jobs.JOB.outputs.NAME");
              decl->fields.push_back({"value", of.value->pos, output_value(*of.value, "workflow")});
            }
            o->fields.push_back({of.key, of.key_pos, decl});
          }
          t->fields.push_back({"outputs", outs->pos, o});
        }
        if (!wf_.secrets.empty()) {
          auto s = object(f.key_pos);
          for (const auto& sec : wf_.secrets) {
            auto decl = object(sec.pos);
            if (!sec.description.empty()) decl->fields.push_back({"description", sec.pos, make_string(sec.description, sec.pos)});
            decl->fields.push_back({"required", sec.pos, make_bool(sec.required, sec.pos)});
            s->fields.push_back({sec.name, sec.pos, decl});
          }
          t->fields.push_back({"secrets", f.key_pos, s});
        }
      }
      if (f.value->kind == Value::Kind::Object && !f.value->fields.empty())
        diags_.error(f.value->fields.front().key_pos, "inputs",
                     std::string("on { ") + (call ? "call" : "dispatch") +
                         " } takes nothing inside: a workflow declares its inputs once, with `input name: type`" +
                         (call ? " (its secrets with `secret`, its outputs with `outputs`)" : "") +
                         ", for every trigger that takes them");
      else if (f.value->kind != Value::Kind::Object && f.value->kind != Value::Kind::Null && !is_error(*f.value))
        diags_.error(f.value->pos, "type",
                     std::string("on { ") + (call ? "call" : "dispatch") + " } takes no value, not " + describe(*f.value) +
                         "; write it alone, as on { " + (call ? "call" : "dispatch") + " }");
      return t->fields.empty() ? make_null(f.key_pos) : ValuePtr(t);
    }
    return lower_any(*f.value, "on." + f.key);
  });
}

ValuePtr Lowerer::lower_step(const Value& step, const Value& job) {
  if (const Value* cond = step.get("if"); cond && cond->kind == Value::Kind::Bool && !cond->boolean) return nullptr;
  // Shell for run text: the step's, the job's defaults, the workflow's
  // defaults; else the runner's default, bash, or pwsh on Windows, which
  // runs-on or the step's if (runner.os == 'Linux') may tell. Unknown when
  // runs-on picks runners that disagree, or one pipec cannot see.
  std::string shell = set_shell(step, job, *wf_.body);
  if (shell.empty()) shell = default_shell(job, &wf_);
  if (shell.empty()) shell = shell_of_condition(step.get("if"));
  const bool shell_unknown = shell.empty();
  if (shell_unknown) shell = "bash";
  // Values a script reads come in by env, written in its shell's syntax
  // ($X or $env:X): with the shell left to the runner, the syntax may be
  // the other shell's, and the value empty there.
  auto shell_needed = [&](const Pos& at) {
    if (!shell_unknown) return;
    diags_.error(at, "shell",
                 "this script reads values (" + std::string(step.get("tool") ? "a tool's arguments" : "${{ }}") +
                     ") through env, in its shell's syntax, and its shell is the runner's default (bash, or "
                     "pwsh on Windows), which runs-on (" + text_of(*job.get("runs-on")) +
                     ") picks at run time; set shell, or the job's defaults { run { shell } }");
  };

  // In cmd, a value whoever triggers the run writes (a title, a branch
  // name) is refused: cmd expands %NAME% before it parses the line, so a
  // quote in it could end the quoting.
  // True when it refused.
  auto refuse_in_cmd = [&](const Expr& e, const Pos& at, const std::string& name, const std::string& advice) {
    if (shell_syntax(shell) != ShellSyntax::Cmd) return false;
    const std::string u = untrusted_input(e);
    if (u.empty()) return false;
    diags_.error(at, "run-expression",
                 "cmd expands %" + name + "% before it parses the line, so text whoever triggers the run writes (" +
                     u + ") could end its quotes and run code; " + advice);
    return true;
  };

  auto env = object(step.pos);
  if (const Field* e = step.field("env")) env = lower_scalars(*e);
  if (!step.get("run") && !step.get("uses") && !step.get("tool"))
    diags_.error(step.pos, "step-shape", "a step runs a script (run), an action (uses) or a step tool (tool)");
  if (step.get("uses") && step.get("run"))  // a tool step with uses: check_tools
    diags_.error(step.pos, "step-shape", "a step either uses an action or runs a script, not both");
  for (const char* key : {"shell", "working-directory"}) {
    if (const Field* f = step.field(key); f && step.get("uses") && !step.get("run") && !step.get("tool"))
      diags_.error(f->key_pos, "step-shape", std::string(key) + " is for a step that runs a script; this step uses an action");
  }
  ValuePtr run_value;
  Value tool_step = step;
  if (const ToolDecl* tool = step.get("tool") ? find_tool(program_, *step.get("tool")) : nullptr) {
    // A tool step is a run step whose command pipec writes from the tool's
    // declaration; values that are only known at run time come in by env.
    ToolCommand cmd = tool_command(*tool, step.get("args"), shell);
    if (!cmd.env.empty()) shell_needed(step.get("tool")->pos);
    // cmd expands %NAME% before it parses the line, as in a script.
    for (const auto& [name, value] : cmd.env) {
      each_top_expr(*value, [&](const Expr& e) { refuse_in_cmd(e, chain_head(e).pos, name, "run this tool in bash or pwsh"); });
    }
    for (const auto& [at, why] : cmd.refused) diags_.error(at, "tool-step", why);
    for (const auto& [name, value] : cmd.env) {
      if (const Value* own = env->get(name); own && !same(*own, *value))
        diags_.error(value->pos, "tool-step", "env " + name + " is set by the step and by its tool argument");
      else if (!own) env->fields.push_back({name, value->pos, lower_any(*value, "env")});
    }
    // Ends with a newline like any script, so it prints as `run: |` and the
    // quoted command reads as written.
    run_value = make_string(cmd.run + "\n", step.get("tool")->pos);
    tool_step.fields.push_back({"run", step.field("tool")->key_pos, run_value});
  }
  if (const Value* run = step.get("tool") ? nullptr : step.get("run")) {
    if (run->kind == Value::Kind::Runtime) {
      diags_.error(run->pos, "run-expression", "run must be text; put the value in env and use it from the script");
    } else if (run->kind != Value::Kind::String) {
      diags_.error(step.field("run")->key_pos, "type", "run takes a script (text), not " + a_kind(*run));
    } else if (run->is_blank()) {
      diags_.error(step.field("run")->key_pos, "type", "run holds no script; leave out a step with nothing to run");
    }
    // Every ${{ }} in the script becomes an environment variable, which the
    // script reads as one word (shell_quoting.h).
    std::vector<std::string> literals(1), refs;
    std::vector<const Expr*> ref_exprs;
    std::set<size_t> refused;  // refs refused in cmd (untrusted text)
    std::map<std::string, std::string> names;  // expression -> variable
    // Per name, the suffix last given (_2, _3, ...): names are only added,
    // so the ones before it are still taken.
    std::map<std::string, int> last_suffix;
    ShellSyntax syntax = shell_syntax(shell);
    // Each value's variable is named after its last field (value_names);
    // two values of the script with one such name are both named after
    // their last two fields, where they have them: BUILD_VERSION and
    // TEST_VERSION, not VERSION and VERSION_2; and two with one such name
    // too after all their fields: NEEDS_BUILD_VERSION and STEPS_BUILD_VERSION.
    std::map<std::string, std::set<std::string>> by_short_name, by_long_name;  // -> the expressions
    for (const auto& p : run->parts) {
      if (!p.expr) continue;
      const ValueNames n = value_names(*p.expr);
      by_short_name[n.short_name].insert(render_expr(*p.expr));
      by_long_name[n.long_name].insert(render_expr(*p.expr));
    }
    bool said = false;
    for (const auto& p : run->parts) {
      if (!p.expr) {
        literals.back() += p.text;
        continue;
      }
      if (!said) shell_needed(p.expr->pos);
      said = true;
      std::string expr = render_expr(*p.expr);
      std::string name;
      if (auto it = names.find(expr); it != names.end()) {
        name = it->second;
      } else {
        const Expr* x = p.expr.get();
        if (x->kind == Expr::Kind::Member && x->operands[0]->kind == Expr::Kind::Name &&
            x->operands[0]->text == "env") {
          name = x->text;  // already an environment variable
        } else {
          const ValueNames n = value_names(*x);
          name = by_short_name[n.short_name].size() < 2  ? n.short_name
                 : by_long_name[n.long_name].size() < 2 ? n.long_name
                                                         : n.full_name;
          // Not a variable the system or the shell sets (inputs.path would
          // replace PATH): the context's name in front (INPUTS_PATH).
          const std::vector<std::string> segs = member_names(*x);
          if (system_variable(name) && !segs.empty()) {
            std::string context = segs[0] == "runner" ? "GH_RUNNER" : env_var_name(segs[0]);
            name = context + "_" + name;
          }
          std::string base = name;
          const std::string written = "${{ " + expr + " }}";  // the env entry's value
          // Nor a name the job or the workflow sets for the script to read,
          // in any case (Windows reads names without case).
          auto named = [](const Value* obj, const std::string& n) -> const Field* {
            if (!obj || obj->kind != Value::Kind::Object) return nullptr;
            for (const auto& f : obj->fields) {
              if (same_but_case(f.key, n)) return &f;
            }
            return nullptr;
          };
          auto taken = [&](const std::string& n) {
            if (const Field* own = named(env.get(), n)) return own->key != n || text_of(*own->value) != written;
            return named(job.get("env"), n) || named(wf_.body->get("env"), n) || scripts_name(job, step, n, shell);
          };
          if (taken(name)) {
            // The step's own entry for this value, base_N with the smallest N,
            // is the one to read; else the next free suffix.
            int reuse = 0;
            for (const auto& f : env->fields) {
              if (f.key.size() <= base.size() + 1 || f.key.compare(0, base.size() + 1, base + "_") != 0) continue;
              if (text_of(*f.value) != written) continue;
              // base_N with N a number as to_string writes it: no sign, no
              // leading zero, nothing after it.
              const char* first = f.key.data() + base.size() + 1;
              const char* last = f.key.data() + f.key.size();
              int k = 0;
              const auto [end, error] = std::from_chars(first, last, k);
              if (error != std::errc() || end != last || *first == '0' || *first == '-') continue;
              if (k >= 2 && (!reuse || k < reuse) && !taken(f.key)) reuse = k;
            }
            int& n = last_suffix.try_emplace(base, 2).first->second;
            if (reuse) {
              name = base + "_" + std::to_string(reuse);
            } else {
              for (name = base + "_" + std::to_string(n); taken(name); name = base + "_" + std::to_string(n)) ++n;
            }
          }
          if (!env->get(name)) env->fields.push_back({name, p.expr->pos, make_string(written, p.expr->pos)});
        }
        names[expr] = name;
      }
      if (shell == "python") {
        diags_.error(p.expr->pos, "run-expression", "${{ }} in a python script: read os.environ from an env entry instead");
        continue;
      }
      if (refuse_in_cmd(*p.expr, p.expr->pos, name, "read it in a bash or pwsh step")) refused.insert(refs.size());
      refs.push_back(variable_ref(name, syntax));
      ref_exprs.push_back(p.expr.get());
      literals.emplace_back();
    }
    QuotedScript quoted = quote_values(literals, refs, syntax);
    for (size_t k : quoted.escaped) {
      const std::string mark = syntax == ShellSyntax::Cmd ? "^" : syntax == ShellSyntax::Pwsh ? "`" : "\\";
      diags_.error(ref_exprs[k]->pos, "run-expression",
                   "the " + mark + " before this ${{ }} would escape the first character of " + refs[k] +
                       ", not of the value: " +
                       (syntax == ShellSyntax::Cmd ? "the rest of the value would be read as code"
                                                   : "the shell would print the variable's name, not its value") +
                       "; take the " + mark + " away (the value is quoted as one word)");
    }
    for (size_t k : quoted.unexpanded) {
      diags_.error(ref_exprs[k]->pos, "run-expression",
                   "this ${{ }} reaches the script as " + refs[k] +
                       " (pipec passes it through env), which the shell does not expand here (in single quotes or "
                       "a quoted here-document), so the script would get that text, not the value; use double quotes");
    }
    const std::string program = shell_program(shell);
    for (size_t k : quoted.alone) {
      if (!may_be_empty_text(*ref_exprs[k]) || (program != "bash" && program != "sh" && !program.empty())) continue;
      // At the ${{ }} where it is written in the script; a value a let or a
      // template's argument made is written where that was, so the script's
      // start is named, and the value.
      const Pos& at = ref_exprs[k]->pos;
      const bool in_script = at.file == run->pos.file && (at.line > run->pos.line ||
                                                          (at.line == run->pos.line && at.col > run->pos.col));
      diags_.error(in_script ? at : run->pos, "empty-word",
                   (in_script ? std::string("this ${{ }}") : "${{ " + render_expr(*ref_exprs[k]) + " }} in this script") +
                       " is an argument of its own, and its value may be '': pipec passes each value as one "
                   "word, so the command would get an empty argument where GitHub's own expansion leaves none; "
                   "for none, give the value an env entry of the step (env { X = ... }) and write ${X:+\"${X}\"}, "
                   "which is nothing when X is empty; for the empty argument, write the quotes: \"${{ ... }}\"");
    }
    for (const auto& [k, command] : quoted.kept_quotes) {
      if (refused.count(k)) continue;  // refused in cmd already
      const std::string& var = refs[k];
      const std::string name = var.substr(1, var.size() - 2);
      const std::string message =
          command == "start" ? "cmd's start takes its first quoted argument as the window title, and pipec would put " +
                                   var + " in quotes here; write start \"\" before what it starts"
          : command == "set" ? "cmd's set keeps the double quotes pipec would put around " + var +
                                   " here, so they would be part of the value; put the quotes around the whole "
                                   "assignment yourself (set \"VARIABLE=...\")"
          : command == "if"  ? "cmd's if compares the double quotes pipec would put around " + var +
                                  " here too; write the quotes on both sides yourself (if \"...\"==\"main\")"
                             : "cmd's " + command + " keeps the double quotes pipec would put around " + var +
                                   " here, so they would be part of its text; give the step an env entry and write %" +
                                   name + "% yourself (cmd then reads the value as code: & | < > in it run)";
      diags_.error(ref_exprs[k]->pos, "run-expression", message);
    }
    run_value = make_string(run->parts.empty() ? run->text : quoted.text, run->pos);
  }
  Value with_env = tool_step;
  if (!step.get("env") && !env->fields.empty()) with_env.fields.push_back({"env", step.pos, env});
  auto lowered = ordered(with_env, kStepKeys, kPipecStepKeys, "step", [&](const Field& f) -> ValuePtr {
    if (f.key == "if" && f.value->kind == Value::Kind::Bool) return nullptr;  // always true
    // A shell the job's defaults (or the workflow's) give already: a
    // steps template's that writes it for jobs without them. Not when the
    // default that applies is known only at run time.
    if (f.key == "shell" && f.value->is_string() && !f.value->is_runtime_string()) {
      const Value* given = defaults_shell(job, *wf_.body);
      if (given && given->is_string() && !given->is_runtime_string() && given->text == f.value->text) return nullptr;
    }
    if (f.key == "env") return env->fields.empty() ? nullptr : ValuePtr(env);
    if (f.key == "run") {
      // env collected from the script goes before run.
      return run_value;
    }
    if (f.key == "uses") {
      const Value& u = *f.value;
      if (u.tag == "action") {
        auto s = make_string(u.get("uses")->text, u.pos);
        auto m = std::make_shared<Value>(*s);
        if (const Value* ver = u.get("version")) m->comment = ver->text;
        return m;
      }
      if (u.is_string() && u.text.rfind("./", 0) != 0 && u.text.rfind("docker://", 0) != 0) {
        // The action may be declared already, pinned: then it is its name.
        const std::string repo = u.text.substr(0, u.text.find('@'));
        const Value* declared = nullptr;
        for (const auto& a : program_.actions) {
          const Value* pinned = a->get("uses");
          if (pinned && pinned->is_string() && pinned->text.substr(0, pinned->text.find('@')) == repo) declared = a.get();
        }
        // Pinned or not, an action is used by its declaration, which
        // names its version and its inputs once.
        const size_t at = u.text.find('@');
        const std::string what = at != std::string::npos && is_hex(u.text.substr(at + 1), 40)
                                     ? "is not a declared action"
                                     : "is not pinned";
        if (declared && declared->get("name"))
          diags_.error(u.pos, "unpinned",
                       "uses \"" + u.text + "\" " + what + "; action " + declared->get("name")->text + " (" +
                           to_string(declared->pos) + ") pins " + repo + ": write uses = " +
                           declared->get("name")->text);
        else
          diags_.error(u.pos, "unpinned", "uses \"" + u.text + "\" " + what + "; declare it once with `action NAME { uses = \"owner/repo@<sha>\" version = \"...\" }` and write uses = NAME");
      } else if (u.is_string() && u.text.rfind("docker://", 0) == 0) {
        // An image is pinned by digest, as a declared image is.
        if (!pinned_by_digest(u.text.substr(9)))
          diags_.error(u.pos, "unpinned", "uses \"" + u.text + "\" is not pinned; name the image by digest: docker://NAME@sha256:<64 hex digits>");
        if (std::string problem = image_name_problem(u.text.substr(9)); !problem.empty())
          diags_.error(u.pos, "image",
                       "uses \"" + u.text + "\" cannot be pulled: " + problem +
                           ", so the step fails (\"invalid reference format\")");
      }
      if (u.kind != Value::Kind::String) {
        diags_.error(f.key_pos, "type", "a step's uses is a declared action or its path, not " + a_kind(u));
        return make_null(u.pos);  // said once
      }
      return lower_any(u, "uses");
    }
    if (f.key == "if") return condition(*f.value);
    if (f.key == "name") return lower_name(f);
    if (f.key == "with") {
      if (!step.get("uses") && !step.get("tool"))  // a tool step's with: check_tools
        diags_.error(f.key_pos, "step-shape", "with gives an action its inputs; this step uses no action");
      return lower_scalars(f);
    }
    return lower_any(*f.value, "step." + f.key, &f.key_pos);
  });
  // A declared action's line is the declaration's (its commit and version):
  // that is where a hand edit of it, a new commit, is made.
  const Value* uses = step.get("uses");
  const Value* pinned = uses && uses->tag == "action" ? uses->get("uses") : nullptr;
  if (!pinned) return lowered;
  auto out = std::make_shared<Value>(*lowered);
  for (auto& f : out->fields) {
    if (f.key == "uses") f.text_pos = pinned->pos;
  }
  return out;
}

ValuePtr Lowerer::lower_job(const std::string& id, const Value& job) {
  (void)id;
  auto steps = std::make_shared<Value>();
  steps->kind = Value::Kind::List;
  if (const Value* s = job.get("steps")) {
    for (const auto& st : s->items) {
      if (auto l = lower_step(*st, job)) steps->items.push_back(l);
    }
  }
  // A misspelt runs-on (`run-on`) is reported as an unknown key, below,
  // with the key meant: not as missing too.
  const bool misspelt = std::any_of(job.fields.begin(), job.fields.end(), [](const Field& f) {
    return std::find(kJobKeys.begin(), kJobKeys.end(), f.key) == kJobKeys.end() &&
           std::find(kPipecJobKeys.begin(), kPipecJobKeys.end(), f.key) == kPipecJobKeys.end() &&
           !did_you_mean(f.key, {"runs-on", "uses"}).empty();
  });
  if (!job.get("uses") && !job.get("runs-on") && !misspelt)
    diags_.error(job.pos, "job-shape", "job needs runs-on (or uses = a workflow to call)");
  else if (!job.get("uses") && (!job.get("steps") || job.get("steps")->items.empty()) &&  // all under a false `when`, say
           !std::any_of(job.fields.begin(), job.fields.end(), [](const Field& f) {
             // A misspelt step (stpe { }), reported as an unknown key below.
             return f.key != "steps" && !did_you_mean(f.key, {"step"}).empty();
           }))
    diags_.error(job.pos, "job-shape", "job runs no step; give it a step { }, or leave the job out");
  check_sections(job, "job");
  return ordered(job, kJobKeys, kPipecJobKeys, "job", [&](const Field& f) -> ValuePtr {
    if (f.key == "if" && f.value->kind == Value::Kind::Bool) return nullptr;
    if (f.key == "if") return condition(*f.value);
    if (f.key == "name") return lower_name(f);
    if (f.key == "steps") return steps;
    if (f.key == "permissions") return lower_permissions(*f.value);
    if (f.key == "env" || f.key == "with") return lower_scalars(f);
    if (f.key == "outputs" && f.value->kind == Value::Kind::Object && f.value->tag.empty()) {
      auto outs = object(f.value->pos);
      for (const auto& o : f.value->fields) outs->fields.push_back({o.key, o.key_pos, output_value(*o.value, "job")});
      return outs;
    }
    if (f.key == "container" && f.value->tag == "image") return make_string(f.value->get("ref")->text, f.value->pos);
    if (f.key == "uses") {
      const Value& u = *f.value;
      if (u.tag == "workflow_ref") {
        return make_string(local_uses(u.get("file")->text), u.pos);
      }
      if (u.is_string() && !reusable_workflow_path(u.text)) {
        diags_.error(u.pos, "type",
                     "a job's uses names a workflow file as \"./.github/workflows/NAME.yml\" or "
                     "\"OWNER/REPO/.github/workflows/NAME.yml@SHA\", not \"" + u.text + "\"");
      } else if (u.is_string() && u.text.rfind("./", 0) != 0) {
        auto at = u.text.find('@');
        if (!is_hex(u.text.substr(at + 1), 40)) diags_.error(u.pos, "unpinned", "reusable workflow \"" + u.text + "\" must be pinned to a full commit SHA");
      }
      if (u.kind != Value::Kind::String) {
        const std::string kind = a_kind(u);
        // (A workflow template without its arguments is said in expand.)
        diags_.error(f.key_pos, "type", "a job's uses is a workflow or its path, not " + kind);
        return make_null(u.pos);  // said once
      }
      return lower_any(u, "uses");
    }
    if (f.key == "needs") {
      if (f.value->items.size() == 1) return lower_any(*f.value->items[0], "needs");
      return lower_any(*f.value, "needs");
    }
    return lower_any(*f.value, "job." + f.key, &f.key_pos);
  });
}

ValuePtr Lowerer::run() {
  const Value& body = *wf_.body;
  check_sections(body, "workflow");
  auto out = ordered(body, kWorkflowKeys, kPipecWorkflowKeys, "workflow", [&](const Field& f) -> ValuePtr {
    if (f.key == "on") return lower_on(*f.value);
    if (f.key == "permissions") return lower_permissions(*f.value);
    if (f.key == "env") return lower_scalars(f);
    if (f.key == "name" || f.key == "run-name") return lower_name(f);
    if (f.key == "jobs") {
      auto jobs = object(f.value->pos);
      for (const auto& j : f.value->fields) {
        if (const Value* cond = j.value->get("if"); cond && cond->kind == Value::Kind::Bool && !cond->boolean) continue;
        jobs->fields.push_back({j.key, j.key_pos, lower_job(j.key, *j.value)});
      }
      return jobs;
    }
    return lower_any(*f.value, f.key, &f.key_pos);
  });
  if (!body.get("on")) diags_.error(wf_.pos, "missing", "workflow " + wf_.instance + " has no triggers: add on { ... }");
  return out;
}

}  // namespace

ValuePtr lower_workflow(const WorkflowModel& wf, const Program& program, Diagnostics& diags) {
  return Lowerer(wf, program, diags).run();
}

}  // namespace pipec
