#include "known_texts.h"

#include "ast.h"

namespace pipec {
namespace {

void add(KnownTexts& to, const KnownTexts& more) {
  if (!to || !more) {
    to.reset();
    return;
  }
  to->insert(to->end(), more->begin(), more->end());
}

// The values a matrix gives key in its legs: its list and its include rows.
KnownTexts matrix_values(const Value& job, const std::string& key) {
  const Value* strategy = job.get("strategy");
  const Value* matrix = strategy ? strategy->get("matrix") : nullptr;
  if (!matrix || matrix->kind != Value::Kind::Object) return std::nullopt;
  KnownTexts out = std::vector<std::string>{};
  bool found = false;
  if (const Value* list = matrix->get(key)) {
    if (list->kind != Value::Kind::List) return std::nullopt;
    for (const auto& v : list->items) {
      if (!v->is_string()) return std::nullopt;
      out->push_back(v->text);
    }
    found = true;
  }
  if (const Value* include = matrix->get("include")) {
    if (include->kind != Value::Kind::List) return std::nullopt;
    for (const auto& row : include->items) {
      const Value* v = row->kind == Value::Kind::Object ? row->get(key) : nullptr;
      if (!v) continue;
      if (!v->is_string()) return std::nullopt;
      out->push_back(v->text);
      found = true;
    }
  }
  return found ? out : std::nullopt;
}

// A choice input's options, when only a manual run, which GitHub holds to
// them, can set it: a caller may pass any text.
KnownTexts choice_values(const WorkflowModel& wf, const std::string& name) {
  const Value* on = wf.body->get("on");
  const bool called = on && on->get("call");
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
