#include "emit_steps.h"

#include <kainjow/mustache.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "cpp_names.h"
#include "escape.h"
#include "templates.h"
#include "tool_lookup.h"

namespace pipec {
namespace {

using Data = kainjow::mustache::data;

// Text for a // comment: one line.
std::string comment_text(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\n' || c == '\r') out += ' ';
    else if (c == '\\') out += "(backslash)";  // a trailing one would continue the comment
    else out += c;
  }
  return out;
}

std::string type_enum(const std::string& t) {
  if (t == "boolean") return "Boolean";
  if (t == "number") return "Number";
  if (t == "choice") return "Choice";
  return "String";
}

std::string render(const char* name, const Data& data) {
  kainjow::mustache::mustache tmpl{std::string(template_text(name))};
  if (!tmpl.is_valid()) throw std::logic_error(std::string("template ") + name + ": " + tmpl.error_message());
  tmpl.set_custom_escape([](const std::string& s) { return s; });  // C++, not HTML
  return tmpl.render(data);
}

Data param_data(const ToolParam& p) {
  Data d;
  d.set("key", p.kind == "flag" ? flag_spelling(p.name).substr(2) : p.name);
  d.set("spelling", p.kind == "flag" ? (p.positional ? "<" + p.name + ">" : flag_spelling(p.name)) : "$" + p.name);
  d.set("field", cpp_field(p.name));
  d.set("type", type_enum(p.type));
  d.set("required", p.required ? "true" : "false");
  d.set("positional", p.positional ? "true" : "false");
  d.set("default_cpp", p.default_value ? "std::string(\"" + c_escape(scalar_text(*p.default_value)) + "\")"
                                       : std::string("std::nullopt"));
  std::string opts;
  for (const auto& o : p.options) opts += (opts.empty() ? "" : ", ") + ("\"" + c_escape(o) + "\"");
  d.set("options_cpp", opts.empty() ? "{}" : "{" + opts + "}");
  d.set("help", comment_text(p.help));
  d.set("help_cpp", c_escape(p.help));
  // How the logic sees it: a value that may be absent is optional.
  bool always = p.required || p.default_value;
  std::string type, getter, init;
  // Fields start at the declared default, so code that builds Inputs itself
  // (tests) gets what the command line would give.
  const Value* dv = p.default_value.get();
  if (p.type == "boolean") {
    type = "bool", getter = "boolean";
    init = dv && dv->kind == Value::Kind::Bool && dv->boolean ? " = true" : " = false";
  } else if (p.type == "number") {
    type = always ? "double" : "std::optional<double>";
    getter = always ? "number" : "optional_number";
    init = always ? " = " + (dv && dv->kind == Value::Kind::Number ? dv->text : std::string("0")) : "";
  } else {
    type = always ? "std::string" : "std::optional<std::string>";
    getter = always ? "string" : "get";
    if (dv && dv->is_string()) init = " = \"" + c_escape(dv->text) + "\"";
  }
  d.set("cpp_type", type);
  d.set("getter", getter);
  d.set("init", init);
  return d;
}

std::string cpp_literal(const Value& v, const std::string& type) {
  if (type == "boolean") return v.kind == Value::Kind::Bool && v.boolean ? "true" : "false";
  if (type == "number") return v.kind == Value::Kind::Number ? v.text : "0";
  if (type == "list") {
    std::string out = "{";
    for (size_t i = 0; i < v.items.size(); ++i) out += (i ? ", " : "") + cpp_literal(*v.items[i], "string");
    return out + "}";
  }
  if (type == "object") {  // ordered (key, value) pairs
    std::string out = "{";
    for (size_t i = 0; i < v.fields.size(); ++i)
      out += std::string(i ? ", {" : "{") + "\"" + c_escape(v.fields[i].key) + "\", " +
             cpp_literal(*v.fields[i].value, "string") + "}";
    return out + "}";
  }
  return "\"" + c_escape(v.text) + "\"";
}

std::string camel(const std::string& snake) {
  std::string out;
  bool up = true;
  for (char c : snake) {
    if (c == '_') {
      up = true;
      continue;
    }
    out += up ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    up = false;
  }
  return out;
}

EmittedFile table_header(const Table& t) {
  Data d;
  d.set("name", t.name);
  d.set("function", cpp_identifier(t.name));
  d.set("type", camel(t.name) + "Row");
  Data columns{Data::type::list};
  for (const auto& c : t.columns) {
    Data col;
    col.set("name", cpp_identifier(c.name));
    const std::string& ty = c.type.name;
    col.set("cpp_type", ty == "boolean"  ? "bool"
                        : ty == "number" ? "double"
                        : ty == "list"   ? "std::vector<std::string>"
                        : ty == "object" ? "std::vector<std::pair<std::string, std::string>>"
                                         : "std::string");
    col.set("init", ty == "boolean" ? " = false" : ty == "number" ? " = 0" : "");
    columns.push_back(col);
  }
  d.set("columns", columns);
  Data rows{Data::type::list};
  for (const auto& r : t.rows->items) {
    std::string values;
    for (size_t i = 0; i < t.columns.size(); ++i) {
      const Value* v = r->get(t.columns[i].name);
      values += (i ? ", " : "") + ("." + cpp_identifier(t.columns[i].name) + " = ") + (v ? cpp_literal(*v, t.columns[i].type.name) : "{}");
    }
    Data row;
    row.set("values", values);
    rows.push_back(row);
  }
  d.set("rows", rows);
  return {kStepsDir + "/data/" + t.name + ".h", render("steps/table.h.mustache", d), t.source, "table " + t.name, t.pos};
}

}  // namespace

std::vector<EmittedFile> emit_steps(const Program& program) {
  std::vector<EmittedFile> out;
  if (program.tool_decls.empty()) return out;
  std::set<std::string> tables;
  Data tools{Data::type::list};
  std::vector<const ToolDecl*> sorted;
  for (const auto& t : program.tool_decls) sorted.push_back(&t);
  std::sort(sorted.begin(), sorted.end(), [](const ToolDecl* a, const ToolDecl* b) { return a->name < b->name; });
  for (const ToolDecl* tp : sorted) {
    const ToolDecl& t = *tp;
    Data d;
    d.set("name", t.name);
    d.set("namespace", cpp_identifier(t.name));
    d.set("description", comment_text(t.description));
    d.set("description_cpp", c_escape(t.description));
    d.set("logic", t.logic);
    d.set("summary", t.summary);
    Data data{Data::type::list};
    for (const auto& table : t.data) {
      data.push_back(Data("table", table));
      tables.insert(table);
    }
    d.set("data", data);
    Data flags{Data::type::list}, envs{Data::type::list}, inputs{Data::type::list}, outputs{Data::type::list};
    for (const auto& p : t.flags) {
      flags.push_back(param_data(p));
      inputs.push_back(param_data(p));
    }
    for (const auto& p : t.envs) {
      envs.push_back(param_data(p));
      inputs.push_back(param_data(p));
    }
    for (const auto& p : t.outputs) {
      Data o;
      o.set("key", p.name);
      o.set("field", cpp_field(p.name));
      o.set("cpp_type", p.type == "boolean" ? "bool" : p.type == "number" ? "double" : "std::string");
      o.set("target", p.to == "env" ? "GITHUB_ENV" : "GITHUB_OUTPUT");
      o.set("sink", p.to == "env" ? "env" : "output");
      o.set("help", comment_text(p.help));
      outputs.push_back(o);
    }
    d.set("flags", flags);
    d.set("envs", envs);
    d.set("inputs", inputs);
    d.set("outputs", outputs);
    out.push_back({kStepsDir + "/" + t.name + "/interface.h", render("steps/interface.h.mustache", d), t.source,
                   "tool " + t.name, t.pos});
    out.push_back({kStepsDir + "/" + t.name + "/main.cpp", render("steps/main.cpp.mustache", d), t.source,
                   "tool " + t.name, t.pos});
    Data entry;
    entry.set("name", t.name);
    entry.set("logic", t.logic);
    tools.push_back(entry);
  }
  for (const auto& t : program.tables) {
    if (tables.count(t.name)) out.push_back(table_header(t));
  }
  Data list;
  list.set("tools", tools);
  std::set<std::string> sources;
  for (const auto& t : program.tool_decls) sources.insert(t.source);
  std::string from;
  for (const auto& s : sources) from += (from.empty() ? "" : ", ") + s;
  out.push_back({kStepsDir + "/CMakeLists.txt", render("steps/CMakeLists.txt.mustache", list), from, "step tools",
                 sorted.front()->pos});
  return out;
}

}  // namespace pipec
