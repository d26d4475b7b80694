#include "check_input_defaults.h"

#include <map>
#include <set>
#include <string>

#include "expr_chain.h"

namespace pipec {
namespace {

// The input e reads (inputs.NAME, or github.event.inputs.NAME in a
// dispatch run), and how and where that is written; "" for anything else.
std::string input_read(const Expr& e, std::string& written, Pos& at) {
  const Chain c = chain(e);
  const bool direct = c.size() == 2 && c[0].first == "inputs";
  const bool event =
      c.size() == 4 && c[0].first == "github" && c[1].first == "event" && c[2].first == "inputs";
  if (!direct && !event) return "";
  at = c[0].second;
  written = direct ? "inputs." : "github.event.inputs.";
  written += c.back().first;
  return c.back().first;
}

bool empty_or_null(const Expr& e) {
  std::string text;
  return e.kind == Expr::Kind::Null || (plain_text(e, text) && text.empty());
}

// Whether e reads github.event_name anywhere.
bool tests_event(const Expr& e) {
  bool found = false;
  each_expr(e, [&](const Expr& x) {
    const Chain c = chain(x);
    found = found || (c.size() == 2 && c[0].first == "github" && c[1].first == "event_name");
  });
  return found;
}

}  // namespace

void check_input_defaults(const WorkflowModel& wf, Diagnostics& diags) {
  // The inputs whose default some runs lose (those of a trigger that does
  // not give them).
  std::map<std::string, const InputDecl*> inputs;
  for (const auto& in : wf.inputs)
    if ((default_is_lost(in) || starts_at_first_option(wf, in)) && !runs_without(wf, in.only).empty())
      inputs[in.name] = &in;
  if (inputs.empty()) return;
  // Reads that say what an empty input means: x || fallback, x == '', or
  // any read beside a test of the event (github.event_name == 'push' && x).
  std::set<const Expr*> handled;
  each_runtime(*wf.body, [&](const Expr& e) {
    if (e.kind != Expr::Kind::Binary) return;
    if (e.text == "||") handled.insert(e.operands[0].get());
    if (e.text == "&&") {
      for (int side = 0; side < 2; ++side) {
        if (!tests_event(*e.operands[side])) continue;
        each_expr(*e.operands[1 - side], [&](const Expr& x) { handled.insert(&x); });
      }
    }
    if ((e.text == "==" || e.text == "!=") &&
        (empty_or_null(*e.operands[0]) || empty_or_null(*e.operands[1]))) {
      handled.insert(e.operands[0].get());
      handled.insert(e.operands[1].get());
    }
  });
  std::set<std::string> reported;  // positions
  each_runtime(*wf.body, [&](const Expr& e) {
    Pos at;
    std::string written;
    const std::string name = input_read(e, written, at);
    auto it = inputs.find(name);
    if (it == inputs.end() || handled.count(&e) || !reported.insert(to_string(at)).second) return;
    const InputDecl& in = *it->second;
    const ValuePtr first_option = first_option_default(wf, in);
    const Value& def = first_option ? *first_option : *in.default_value;
    // github.event.inputs holds text, "false" included, and only a
    // dispatch run's (a called run's is its caller's:
    // check_caller_event_inputs).
    const bool from_event = written[0] == 'g';
    const std::string runs = runs_without(wf, from_event ? "" : in.only);
    if (runs.empty()) return;
    // The trigger whose list has the default (default_for), or the one
    // the input is in, or the one of the two the workflow has.
    const std::string given = !in.default_for.empty()       ? in.default_for
                              : !in.only.empty()            ? in.only
                              : !has_trigger(wf, "call")     ? "dispatch"
                              : !has_trigger(wf, "dispatch") ? "call"
                                                             : "";
    const std::string started = from_event || given == "dispatch" || first_option ? "from the dispatch form"
                                : given == "call"                                 ? "by a caller"
                                                  : "from the dispatch form or by a caller";
    const bool boolean = def.kind == Value::Kind::Bool && !from_event;
    const std::string fallback =
        from_event && !def.is_string() ? "\"" + scalar_text(def) + "\"" : describe(def);
    diags.error(
        at, "input-default",
        written + " is " + (boolean ? "false" : "empty") + " in the " + runs + " runs of " +
            file_name(wf.file) + ": GitHub gives input \"" + name + "\" " +
            (first_option ? "its first option (" + describe(def) + "), as it has no default, "
                          : "its default (" + describe(def) + ") ") +
            "only in runs started " + started + "; " +
            (boolean ? "decide its value for the other runs where it is read, or make "
                       "its default false"
             // A choice the form shows without a default starts at its first option.
             : in.type == "choice" ? "read it as " + written + " || " + fallback
                                   : "read it as " + written + " || " + fallback + ", or declare no default"));
  });
}

}  // namespace pipec
