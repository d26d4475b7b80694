#include "check_known_values.h"

#include <string>
#include <vector>

#include "ascii.h"
#include "expr_chain.h"
#include "render_expr.h"

namespace pipec {
namespace {

const std::vector<std::string> kResults = {"success", "failure", "cancelled", "skipped"};

// A field and every value it takes, as GitHub writes them.
struct KnownField {
  std::string root;   // the chain's first name
  std::string field;  // its last name; the chain has two names, or three
  bool any_id;        // with any name between (needs.ID.result)
  std::vector<std::string> values;
};

const std::vector<KnownField> kFields = {
    {"runner", "os", false, {"Linux", "Windows", "macOS"}},
    {"runner", "arch", false, {"X86", "X64", "ARM", "ARM64"}},
    {"runner", "environment", false, {"github-hosted", "self-hosted"}},
    {"github", "ref_type", false, {"branch", "tag"}},
    {"job", "status", false, {"success", "failure", "cancelled"}},
    {"needs", "result", true, kResults},
    {"jobs", "result", true, kResults},
    {"steps", "outcome", true, kResults},
    {"steps", "conclusion", true, kResults},
};

const KnownField* known_field(const Chain& c) {
  for (const auto& f : kFields) {
    if (c.size() == (f.any_id ? 3u : 2u) && c[0].first == f.root && c.back().first == f.field)
      return &f;
  }
  return nullptr;
}

// Why a field is never text, or "" when it may be. Text is lowercased.
std::string never(const Chain& c, const std::string& text) {
  if (const KnownField* f = known_field(c)) {
    for (const auto& v : f->values) {
      if (lower(v) == text) return "";
    }
    return "it is " + spoken_list(f->values, "or");
  }
  if (c.size() != 2 || c[0].first != "github" || text.empty()) return "";
  const std::string& f = c[1].first;
  if (f == "ref" && !text.starts_with("refs/"))
    return "it is a full ref, such as refs/heads/main or refs/tags/v1 (github.ref_name is the "
           "short name)";
  if ((f == "ref_name" || f == "head_ref" || f == "base_ref") && text.starts_with("refs/"))
    return "it is a short name, such as main (github.ref is the full ref)";
  return "";
}

// The workflow's choice input that inputs.X or github.event.inputs.X
// reads, where only the manual-run form gives it: a call passes text, which
// pipec holds to the choices only where it knows it (a caller's own input
// passed on may be anything), and a called run's event is its caller's.
const InputDecl* choice_input(const WorkflowModel& wf, const Chain& c) {
  const bool read = (c.size() == 2 && c[0].first == "inputs") ||
                    (c.size() == 4 && c[0].first == "github" && c[1].first == "event" && c[2].first == "inputs");
  if (!read) return nullptr;
  for (const auto& in : wf.inputs) {
    if (in.type == "choice" && !in.options.empty() && lower(in.name) == lower(c.back().first) &&
        (!has_trigger(wf, "call") || in.only == "dispatch"))
      return &in;
  }
  return nullptr;
}

// Why a choice input is never text, or "" when it may be. An empty text
// is an input not given (a call's input the form alone offers).
std::string never(const InputDecl& in, const std::string& text) {
  std::vector<std::string> quoted;
  for (const auto& o : in.options) {
    if (lower(o) == lower(text)) return "";
    quoted.push_back("\"" + o + "\"");
  }
  if (text.empty()) return "";
  return "it is " + spoken_list(quoted, "or") + " (its choices at " + to_string(in.pos) + ")";
}

}  // namespace

void check_known_values(const WorkflowModel& wf, Diagnostics& diags) {
  each_runtime(*wf.body, [&](const Expr& e) {
    TextComparison c;
    std::string why;
    if (text_comparison(e, c)) {
      const InputDecl* in = choice_input(wf, c.chain);
      why = in ? never(*in, c.text) : never(c.chain, lower(c.text));
      if (why.empty()) return;
      // A template's instances may offer other choices: the one named.
      const std::string where = in && !wf.args.empty() ? " in " + wf.instance : "";
      diags.error(e.pos, "known-value",
                  dotted(c.chain) + where + " is never \"" + c.text + "\"" +
                      (in ? did_you_mean(c.text, in->options) : "") + ": " + why + "; " + render_expr(e) +
                      " is always " + (c.equal ? "false" : "true"));
      return;
    }
    std::string value;
    if (result_contains(e, value)) {
      why = never({{"needs", e.pos}, {"*", e.pos}, {"result", e.pos}}, lower(value));
      if (why.empty()) return;
      diags.error(e.pos, "known-value",
                  "a job's result is never \"" + value + "\": " + why + "; " + render_expr(e) +
                      " is always false");
      return;
    }
    // startsWith(github.ref, 'X') and startsWith(github.ref_name, 'refs/').
    std::string prefix;
    if (e.kind != Expr::Kind::Call || lower(e.text) != "startswith" || e.operands.size() != 2 ||
        !plain_text(*e.operands[1], prefix))
      return;
    const Chain field = chain(*e.operands[0]);
    const std::string p = lower(prefix);
    if (field.size() != 2 || field[0].first != "github") return;
    const std::string& name = field[1].first;
    if (name == "ref" ? std::string("refs/").starts_with(p)  // a part of "refs/"
                      : name != "ref_name" && name != "head_ref" && name != "base_ref")
      return;
    why = never(field, p);
    if (why.empty()) return;
    diags.error(e.pos, "known-value",
                dotted(field) + " never starts with \"" + prefix + "\": " + why + "; " +
                    render_expr(e) + " is always false");
  });
}

}  // namespace pipec
