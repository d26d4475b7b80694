#include "known_texts.h"

#include "ast.h"
#include "github_eval.h"
#include "matrix_legs.h"

namespace pipec {
namespace {

void add(KnownTexts& to, const KnownTexts& more) {
  if (!to || !more) {
    to.reset();
    return;
  }
  to->insert(to->end(), more->begin(), more->end());
}

// The values key takes in the matrix's legs (matrix_legs.h, exclude and
// include as the runner reads them); a leg without it reads as empty.
KnownTexts matrix_values(const Value& job, const std::string& key) {
  const Value* strategy = job.get("strategy");
  const Value* matrix = strategy ? strategy->get("matrix") : nullptr;
  std::vector<nlohmann::json> legs;
  if (!matrix || !matrix_legs(value_json(*matrix, nullptr), legs, written_order(*matrix))) return std::nullopt;
  KnownTexts out = std::vector<std::string>{};
  for (const auto& leg : legs) {
    const auto it = leg.find(key);
    if (it == leg.end()) out->push_back("");
    else if (it->is_string()) out->push_back(it->get<std::string>());
    else return std::nullopt;
  }
  return out;
}

// A choice input's options, when only a manual run, which GitHub holds to
// them, can set it: a caller may pass any text.
KnownTexts choice_values(const WorkflowModel& wf, const std::string& name) {
  const bool called = has_trigger(wf, "call");
  for (const auto& in : wf.inputs) {
    if (in.name != name) continue;
    if (in.type != "choice" || (called && in.only != "dispatch")) return std::nullopt;
    return in.options;
  }
  return std::nullopt;
}

KnownTexts values(const Expr& e, const Value& job, const WorkflowModel* wf) {
  switch (e.kind) {
    case Expr::Kind::String: {
      std::string text;
      for (const auto& p : e.parts) {
        if (p.expr) return std::nullopt;
        text += p.text;
      }
      return std::vector<std::string>{text};
    }
    case Expr::Kind::Binary: {
      if (e.text == "&&") return values(*e.operands[1], job, wf);
      if (e.text != "||") return std::nullopt;
      KnownTexts out = values(*e.operands[0], job, wf);
      add(out, values(*e.operands[1], job, wf));
      return out;
    }
    case Expr::Kind::Cond: {  // a ? b : c, written as a && b || c
      KnownTexts out = values(*e.operands[1], job, wf);
      add(out, values(*e.operands[2], job, wf));
      return out;
    }
    case Expr::Kind::Member:
      if (e.operands[0]->kind == Expr::Kind::Name && e.operands[0]->text == "matrix") return matrix_values(job, e.text);
      if (e.operands[0]->kind == Expr::Kind::Name && e.operands[0]->text == "inputs" && wf) return choice_values(*wf, e.text);
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

}  // namespace

KnownTexts known_texts(const Value& v, const Value& job, const WorkflowModel* wf) {
  if (v.kind == Value::Kind::Runtime) return v.expr ? values(*v.expr, job, wf) : std::nullopt;
  if (v.kind != Value::Kind::String) return std::nullopt;
  if (v.parts.empty()) return std::vector<std::string>{v.text};
  // One ${{ }} alone is its values; text around one is not known.
  if (v.parts.size() == 1 && v.parts[0].expr) return values(*v.parts[0].expr, job, wf);
  return std::nullopt;
}

}  // namespace pipec
