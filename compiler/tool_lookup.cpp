#include "tool_lookup.h"

#include "ascii.h"

namespace pipec {

std::string flag_spelling(const std::string& name) {
  std::string out = "--";
  for (char c : name) out += c == '_' ? '-' : c;
  return out;
}

std::vector<std::string> argument_names(const ToolDecl& tool) {
  std::vector<std::string> names;
  for (const auto* list : {&tool.flags, &tool.envs}) {
    for (const auto& p : *list) names.push_back(p.name);
  }
  return names;
}

const ToolDecl* find_tool(const Program& program, const Value& tool) {
  if (tool.kind != Value::Kind::Object || tool.tag != "tool") return nullptr;
  const Value* name = tool.get("name");
  for (const auto& t : program.tool_decls) {
    if (name && t.name == name->text) return &t;
  }
  return nullptr;
}

std::optional<ExportsOff> exports_turned_off(const Value& action, const Value& step) {
  const Value* unless = action.get("exports_unless");
  const Value* with = step.get("with");
  if (!unless || unless->kind != Value::Kind::Object || !with) return std::nullopt;
  // The text a literal is written as; none for an expression.
  auto text = [](const Value& v) -> std::optional<std::string> {
    if (v.kind == Value::Kind::Null) return "";  // as GitHub passes it
    if (v.kind == Value::Kind::Bool) return v.boolean ? "true" : "false";
    if (v.kind == Value::Kind::Number || v.is_string()) return lower(v.text);
    return std::nullopt;
  };
  for (const auto& f : unless->fields) {
    const Field* given = nullptr;
    for (const auto& w : with->fields) given = lower(w.key) == lower(f.key) ? &w : given;
    if (!given) continue;
    const std::optional<std::string> g = text(*given->value);
    // A value only a run knows may be that one.
    if (!g || g == text(*f.value))
      return ExportsOff{given->key + " = " + describe(*given->value), g.has_value()};
  }
  return std::nullopt;
}

std::string exports_unless_text(const Value& action) {
  const Value* unless = action.get("exports_unless");
  if (!unless || unless->kind != Value::Kind::Object || unless->fields.empty()) return "";
  std::vector<std::string> parts;
  for (const auto& f : unless->fields) parts.push_back(f.key + " = " + describe(*f.value));
  return " unless it is given " + spoken_list(parts, "or");
}

std::vector<std::string> exported_env(const Value& step, const Program& program) {
  std::vector<std::string> names;
  auto add = [&](const Value* list) {
    if (!list) return;
    for (const auto& x : list->items) {
      if (x->is_string()) names.push_back(x->text);
    }
  };
  add(step.get("exports"));
  if (const Value* uses = step.get("uses"); uses && uses->tag == "action") {
    if (!exports_turned_off(*uses, step)) add(uses->get("exports"));
  }
  if (const Value* t = step.get("tool")) {
    if (const ToolDecl* tool = find_tool(program, *t)) {
      for (const auto& o : tool->outputs) {
        if (o.to == "env") names.push_back(o.name);
      }
    }
  }
  return names;
}

}  // namespace pipec
