#include "check_conditions.h"

#include <algorithm>

namespace pipec {

std::string not_a_condition(const Value& v) {
  if (v.kind == Value::Kind::Bool || whole_expr(v)) return "";
  const bool joined = v.kind == Value::Kind::String &&
                      std::all_of(v.parts.begin(), v.parts.end(), [](const StringPart& p) { return p.expr != nullptr; });
  const std::string why =
      v.is_string() && v.is_blank() ? "empty text; write a condition, or leave the if out"
      : v.is_string() && v.parts.empty()                 ? "a string; write the condition itself, without quotes"
      : v.kind == Value::Kind::String && joined
          ? "several ${{ }} joined as text, which GitHub reads as one string, true unless all of it is empty (a "
            "part that is true or false is not); join the conditions with && or ||"
      : v.kind == Value::Kind::String ? "text around ${{ }}, which GitHub reads as a non-empty string: always true"
                                      : a_kind(v);
  return "if takes a condition or true/false, not " + why;
}

void check_conditions(const WorkflowModel& wf, Diagnostics& diags) {
  auto check = [&diags](const Value* cond) {
    if (!cond || is_error(*cond)) return;
    if (std::string why = not_a_condition(*cond); !why.empty()) diags.error(cond->pos, "type", why);
  };
  for (const auto& j : jobs_of(*wf.body)) {
    check(j.value->get("if"));
    for (const auto& s : steps_of(*j.value)) check(s->get("if"));
  }
}

}  // namespace pipec
