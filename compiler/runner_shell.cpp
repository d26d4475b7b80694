#include "runner_shell.h"

#include <optional>
#include <vector>

#include "ast.h"

namespace pipec {
namespace {

using Labels = std::optional<std::vector<std::string>>;  // nullopt: unknown

void add(Labels& to, const Labels& more) {
  if (!to || !more) {
    to.reset();
    return;
  }
  to->insert(to->end(), more->begin(), more->end());
}

// The values a matrix gives key in its legs: its list and its include rows.
Labels matrix_values(const Value& job, const std::string& key) {
  const Value* strategy = job.get("strategy");
  const Value* matrix = strategy ? strategy->get("matrix") : nullptr;
  if (!matrix || matrix->kind != Value::Kind::Object) return std::nullopt;
  Labels out = std::vector<std::string>{};
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

// The labels an expression can give: a string, either side of ||, the
// right side of && (its left side is a condition), a matrix value.
Labels values(const Expr& e, const Value& job) {
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
      if (e.text == "&&") return values(*e.operands[1], job);
      if (e.text != "||") return std::nullopt;
      Labels out = values(*e.operands[0], job);
      add(out, values(*e.operands[1], job));
      return out;
    }
    case Expr::Kind::Cond: {  // a ? b : c, written as a && b || c
      Labels out = values(*e.operands[1], job);
      add(out, values(*e.operands[2], job));
      return out;
    }
    case Expr::Kind::Member:
      if (e.operands[0]->kind == Expr::Kind::Name && e.operands[0]->text == "matrix") return matrix_values(job, e.text);
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

Labels labels_of(const Value& v, const Value& job) {
  if (v.kind == Value::Kind::Runtime) return v.expr ? values(*v.expr, job) : std::nullopt;
  if (v.kind == Value::Kind::List) {
    // Several labels name one runner: the one that names a system says.
    Labels out = std::vector<std::string>{};
    for (const auto& item : v.items) add(out, labels_of(*item, job));
    return out;
  }
  if (v.kind == Value::Kind::Object) {
    const Value* labels = v.get("labels");
    return labels ? labels_of(*labels, job) : std::vector<std::string>{};
  }
  if (v.is_string() && v.parts.empty()) return std::vector<std::string>{v.text};
  if (v.is_string()) {
    // One ${{ }} alone is its values; text around one makes labels pipec
    // cannot know.
    if (v.parts.size() == 1 && v.parts[0].expr) return values(*v.parts[0].expr, job);
    for (const auto& p : v.parts) {
      if (p.expr) return std::nullopt;
    }
    return std::vector<std::string>{v.text};
  }
  return std::nullopt;
}

bool windows_label(const std::string& label) {
  return label.find("windows") != std::string::npos && label.find("ubuntu") == std::string::npos &&
         label.find("linux") == std::string::npos;
}

}  // namespace

std::string default_shell(const Value& job) {
  const Value* runs_on = job.get("runs-on");
  if (!runs_on) return "bash";
  const Labels labels = labels_of(*runs_on, job);
  if (!labels) return "";
  // A list names one runner: any Windows label makes it Windows. Values of
  // an expression or a matrix name different runners, which must agree.
  if (runs_on->kind == Value::Kind::List || runs_on->kind == Value::Kind::Object) {
    for (const auto& l : *labels) {
      if (windows_label(l)) return "pwsh";
    }
    return "bash";
  }
  bool windows = false, other = false;
  for (const auto& l : *labels) (windows_label(l) ? windows : other) = true;
  if (windows && other) return "";
  return windows ? "pwsh" : "bash";
}

}  // namespace pipec
