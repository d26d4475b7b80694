#include "check_expression_depth.h"

#include <algorithm>
#include <string>
#include <vector>

namespace pipec {
namespace {

constexpr size_t kMaxDepth = 50;

size_t depth(const Expr& e);

// The parameters GitHub's parser gives one && node (or || node): it
// flattens an operand of the same operator into it, grouped or not. A
// ?: is rendered `c && a || b`: an || node over an && node.
void params_of(const Expr& e, const std::string& op, std::vector<size_t>& out);

size_t deepest(const std::vector<size_t>& params) {
  return 1 + (params.empty() ? 0 : *std::max_element(params.begin(), params.end()));
}

size_t cond_and(const Expr& e) {
  std::vector<size_t> params;
  params_of(*e.operands[0], "&&", params);
  params_of(*e.operands[1], "&&", params);
  return deepest(params);
}

void params_of(const Expr& e, const std::string& op, std::vector<size_t>& out) {
  if (e.kind == Expr::Kind::Binary && e.text == op) {
    params_of(*e.operands[0], op, out);
    params_of(*e.operands[1], op, out);
  } else if (e.kind == Expr::Kind::Cond && op == "||") {
    out.push_back(cond_and(e));
    params_of(*e.operands[2], op, out);
  } else {
    out.push_back(depth(e));
  }
}

// The depth of the tree GitHub's parser makes of e as rendered.
size_t depth(const Expr& e) {
  using K = Expr::Kind;
  std::vector<size_t> params;
  switch (e.kind) {
    case K::String:  // format('...', args) when it has runtime parts
      if (e.parts.size() == 1 && !e.parts[0].expr) return 1;
      if (e.parts.empty()) return 1;
      params.push_back(1);
      for (const auto& p : e.parts)
        if (p.expr) params.push_back(depth(*p.expr));
      return deepest(params);
    case K::Member:
      return deepest({depth(*e.operands[0]), 1});
    case K::Binary:
      if (e.text == "&&" || e.text == "||") {
        params_of(e, e.text, params);
        return deepest(params);
      }
      [[fallthrough]];
    case K::Index:
    case K::Call:
    case K::Not:
      for (const auto& o : e.operands) params.push_back(depth(*o));
      return deepest(params);
    case K::Cond:
      params_of(e, "||", params);
      return deepest(params);
    default:
      return 1;
  }
}

// A step's run text is emitted with each of its ${{ }} in an env entry
// of its own (lower.cpp), so each is an expression alone; any other value
// with text around its ${{ }} is one format() over them.
void walk(const Value& v, bool script, const std::string& file, Diagnostics& diags) {
  size_t n = 0;
  if (v.kind == Value::Kind::Runtime && v.expr) {
    n = depth(*v.expr);
  } else if (v.kind == Value::Kind::String && !v.parts.empty()) {
    const bool alone = script || (v.parts.size() == 1 && v.parts[0].expr);
    std::vector<size_t> params;
    if (!alone) params.push_back(1);  // format's text
    for (const auto& p : v.parts)
      if (p.expr) params.push_back(depth(*p.expr));
    n = alone ? *std::max_element(params.begin(), params.end()) : deepest(params);
  }
  if (n > kMaxDepth)
    diags.error(v.pos, "limit",
                "GitHub parses this value of " + file + " as an expression " + std::to_string(n) +
                    " levels deep, past the " + std::to_string(kMaxDepth) +
                    " it takes: it refuses the whole file (\"Exceeded max expression depth " +
                    std::to_string(kMaxDepth) +
                    "\") and no trigger of it runs; compute part of it in an earlier step or "
                    "job, and read that output here");
  for (const auto& item : v.items) walk(*item, false, file, diags);
  for (const auto& f : v.fields) walk(*f.value, f.key == "run", file, diags);
}

}  // namespace

void check_expression_depth(const WorkflowModel& wf, Diagnostics& diags) {
  walk(*wf.body, false, file_name(wf.file), diags);
}

}  // namespace pipec
