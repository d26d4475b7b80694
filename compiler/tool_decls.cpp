#include "tool_decls.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "ascii.h"
#include "check_env_names.h"
#include "cpp_names.h"
#include "tool_lookup.h"

namespace pipec {
namespace {

const std::vector<std::string> kToolAttrs = {"name", "description", "logic",   "summary",
                                             "data", "writes",      "indexes", "flags",
                                             "envs", "outputs"};
const std::vector<std::string> kParamTypes = {"string", "boolean", "number", "choice"};

// Flags and env entries are the fields of one Inputs struct, outputs of
// Outputs (beside summary, with summary = true): two that get one C++ name
// (flag x and env X, output a-b and a_b) would not compile.
void check_fields(const ToolDecl& t, Diagnostics& diags) {
  auto check = [&](std::vector<const ToolParam*> params, const std::string& strukt) {
    std::map<std::string, const ToolParam*> fields;
    if (strukt == "Outputs" && t.summary) fields["summary"] = nullptr;
    for (const ToolParam* p : params) {
      auto [it, fresh] = fields.emplace(cpp_field(p->name), p);
      if (fresh || (it->second && it->second->kind == p->kind && it->second->name == p->name)) continue;
      diags.error(p->pos, "duplicate",
                  p->kind + " \"" + p->name + "\" of tool " + t.name + " is the field " + it->first +
                      " of its " + strukt + ", as " +
                      (it->second ? it->second->kind + " \"" + it->second->name + "\" is"
                                  : std::string("the job summary (summary = true) is")) +
                      "; rename one");
    }
  };
  std::vector<const ToolParam*> inputs, outputs;
  for (const auto& p : t.flags) inputs.push_back(&p);
  for (const auto& p : t.envs) inputs.push_back(&p);
  for (const auto& p : t.outputs) outputs.push_back(&p);
  check(inputs, "Inputs");
  check(outputs, "Outputs");
}

ToolParam param_of(const std::string& tool, const Value& decl, Diagnostics& diags) {
  ToolParam p;
  p.kind = decl.tag;
  p.name = decl.get("name")->text;
  p.pos = decl.field("name")->value->pos;
  p.type = decl.get("type")->text;
  p.to = p.kind == "output" ? "output" : "";
  const std::string what = p.kind + " \"" + p.name + "\" of tool " + tool;
  if (std::find(kParamTypes.begin(), kParamTypes.end(), p.type) == kParamTypes.end()) {
    diags.error(decl.field("type")->value->pos, "unknown-type",
                "unknown type \"" + p.type + "\" for " + what + did_you_mean(p.type, kParamTypes) +
                    "; expected one of " + join(kParamTypes));
  }
  // Flags and outputs become C++ fields (snake_case); env names are spelled
  // as the environment spells them.
  // (an output may be spelled with '-', as TheRock's test-runs-on; its
  // field is test_runs_on).
  if (!is_identifier(p.name, p.kind == "env", p.kind == "output")) {
    diags.error(p.pos, "tool-name",
                what + " must be " + (p.kind == "env" ? "UPPER_SNAKE_CASE" : "lower_snake_case"));
  }
  std::vector<std::string> attrs = {"name", "type", "options", "default", "help", "required"};
  if (p.kind == "flag") attrs.push_back("positional");
  if (p.kind == "output") attrs.insert(attrs.end(), {"to", "locates"});
  if (p.kind == "env") attrs.push_back("exported");
  // A bad option or help is the slip, not the missing one it leaves.
  bool options_slip = false, help_slip = false;
  for (const auto& f : decl.fields) {
    const Value& v = *f.value;
    if (std::find(attrs.begin(), attrs.end(), f.key) == attrs.end()) {
      diags.error(f.key_pos, "tool-attr", "unexpected \"" + f.key + "\" for " + p.kind + "; expected one of " +
                                              join({attrs.begin() + 4, attrs.end()}) + did_you_mean(f.key, attrs));
    } else if (f.key == "options") {
      for (const auto& o : v.items) {
        if (o->is_string()) {
          p.options.push_back(o->text);
        } else {
          diags.error(o->pos, "type", "choice options must be strings, not " + describe(*o));
          options_slip = true;
        }
      }
    } else if (f.key == "default") {
      p.default_value = f.value;
    } else if (f.key == "help") {
      if (v.is_string() && !v.text.empty()) {
        p.help = v.text;
      } else {
        diags.error(v.pos, "type", "help must be a non-empty string");
        help_slip = true;
      }
    } else if (f.key == "required" || f.key == "positional" || f.key == "exported") {
      if (v.kind != Value::Kind::Bool) diags.error(v.pos, "type", f.key + " must be true or false");
      else
        (f.key == "required"     ? p.required
         : f.key == "positional" ? p.positional
                                 : p.exported) = v.boolean;
    } else if (f.key == "to") {
      if (v.is_string() && (v.text == "output" || v.text == "env")) p.to = v.text;
      else diags.error(v.pos, "type", "to must be \"output\" (GITHUB_OUTPUT) or \"env\" (GITHUB_ENV)");
    } else if (f.key == "locates") {
      if (v.is_string() && v.parts.empty() && !v.text.empty()) {
        p.locates = v.text;
        p.locates_pos = v.pos;
      } else {
        diags.error(v.pos, "type",
                    "locates names a store the tool writes, as text, not " +
                        (v.is_string() ? "\"" + v.text + "\"" : describe(v)));
      }
    }
  }
  if (p.help.empty() && !help_slip)
    diags.error(p.pos, "missing", what + " needs help = \"...\" (it is printed by --help)");
  if (p.type == "choice" && p.options.empty() && !options_slip)
    diags.error(decl.field("type")->value->pos, "type", "choice needs options: choice[\"a\", \"b\"]");
  if ((p.type == "string" || p.type == "boolean" || p.type == "number") && decl.field("options"))
    diags.error(decl.field("type")->value->pos, "type",
                "only choice[...] takes options; " + with_article(p.type) + " takes none");
  if (p.default_value) {
    const Value& d = *p.default_value;
    const bool known_type = std::find(kParamTypes.begin(), kParamTypes.end(), p.type) != kParamTypes.end();
    bool ok = (p.type == "boolean" && d.kind == Value::Kind::Bool) ||
              (p.type == "number" && d.kind == Value::Kind::Number) ||
              ((p.type == "string" || p.type == "choice") && d.is_string());
    if (!ok && known_type)  // an unknown type is reported above, once
      diags.error(
          d.pos, "type",
          "the default of " + what + " must be " + with_article(p.type) + ", not " + describe(d));
    if (p.type == "choice" && d.is_string() && !p.options.empty() &&
        std::find(p.options.begin(), p.options.end(), d.text) == p.options.end())
      diags.error(d.pos, "type", "the default of " + what + " is not one of " + join(p.options));
    if (p.kind == "output") diags.error(d.pos, "tool-attr", what + " has no default: the tool writes it");
    if (p.required) diags.error(d.pos, "tool-attr", what + " is required, so it has no default");
  }
  // exported: what a step before the tool's writes to GITHUB_ENV (the
  // credentials a login step exports), which nothing passes in args.
  if (p.exported && p.required)
    diags.error(
        p.pos, "tool-attr",
        what +
            " is exported, so a step before the tool's sets it, and required, so args give it; "
            "it is one or the other");
  if (p.exported && p.default_value)
    diags.error(p.pos, "tool-attr",
                what +
                    " is exported, so a step before the tool's must set it, and has a default, "
                    "so nothing must; it is one or the other");
  if (p.exported && github_default_variable(p.name))
    diags.error(
        p.pos, "tool-attr",
        what + " is one of GitHub's default variables, which every step has; it is not exported");
  if (p.kind == "flag" && p.positional && p.type == "boolean")
    diags.error(p.pos, "tool-attr", what + " is a boolean, which cannot be positional (it is given by its name alone)");
  return p;
}


// A table a tool reads is compiled into C++ (emit_steps), where list and
// object columns hold strings.
void check_table_data(const Table& t, const std::string& tool, Diagnostics& diags) {
  for (const auto& row : t.rows->items) {
    for (const auto& c : t.columns) {
      const Value* v = row->get(c.name);
      if (!v || (c.type.name != "list" && c.type.name != "object")) continue;
      std::vector<const Value*> elements;
      for (const auto& i : v->items) elements.push_back(i.get());
      for (const auto& f : v->fields) elements.push_back(f.value.get());
      for (const Value* e : elements) {
        if (!e->is_string() && !is_error(*e))
          diags.error(e->pos, "type",
                      "column " + c.name + " of table " + t.name + " holds " + describe(*e) +
                          ", not a string; tool " + tool + " reads the table, and its " + c.type.name +
                          " columns compile to strings");
      }
    }
  }
}

// writes { store = "..." key = ["flag", ...] }, or indexes { ... }.
std::optional<ToolDecl::Store> store_of(const std::string& attr, const Value& v,
                                        Diagnostics& diags) {
  const std::string shape = attr +
                            " takes { store = \"what it is\" key = [\"flag\", ...] }, and "
                            "may add unless = \"flag\"";
  const Value* store = v.kind == Value::Kind::Object ? v.get("store") : nullptr;
  const Value* key = v.kind == Value::Kind::Object ? v.get("key") : nullptr;
  const Value* unless = v.kind == Value::Kind::Object ? v.get("unless") : nullptr;
  if (!store || !key || v.fields.size() != (unless ? 3u : 2u)) {
    diags.error(v.pos, "type", shape);
    return std::nullopt;
  }
  ToolDecl::Store out;
  out.pos = store->pos;
  if (!store->is_string() || store->is_blank() || !store->parts.empty()) {
    diags.error(store->pos, "type", "store must be text that names what is written");
    return std::nullopt;
  }
  out.name = store->text;
  if (key->kind != Value::Kind::List || key->items.empty()) {
    diags.error(key->pos, "type",
                "key must list the flags whose values say which \"" + out.name + "\" a step means");
    return std::nullopt;
  }
  for (const auto& k : key->items) {
    if (!k->is_string() || !k->parts.empty()) {
      diags.error(k->pos, "type", "key lists flag names as text, not " + describe(*k));
      return std::nullopt;
    }
    out.key.push_back(k->text);
  }
  if (unless) {
    if (!unless->is_string() || !unless->parts.empty()) {
      diags.error(unless->pos, "type", "unless names a flag as text, not " + describe(*unless));
      return std::nullopt;
    }
    out.unless = unless->text;
    out.unless_pos = unless->pos;
  }
  return out;
}

// Each key names a flag of its tool, and every tool of a store keys it by
// the same flags (check_store_steps holds an indexed store to one some tool
// or step writes). A slip in a name would leave the index unchecked.
void check_stores(const std::vector<ToolDecl>& tools, Diagnostics& diags) {
  std::map<std::string, std::pair<std::string, std::vector<std::string>>> keys;  // first tool, key
  for (const auto& t : tools) {
    for (const auto* s : {&t.writes, &t.indexes}) {
      if (!*s) continue;
      for (const auto& k : (*s)->key) {
        const bool flag = std::any_of(t.flags.begin(), t.flags.end(),
                                      [&](const ToolParam& p) { return p.name == k; });
        if (!flag)
          diags.error((*s)->pos, "tool-attr",
                      "key names \"" + k + "\", which is no flag of tool \"" + t.name + "\"");
      }
      // The flag that, passed true, keeps the tool from writing or indexing.
      if (!(*s)->unless.empty()) {
        const auto flag = std::find_if(t.flags.begin(), t.flags.end(),
                                       [&](const ToolParam& p) { return p.name == (*s)->unless; });
        std::vector<std::string> booleans;
        for (const auto& p : t.flags) {
          if (p.type == "boolean") booleans.push_back(p.name);
        }
        if (flag == t.flags.end() || flag->type != "boolean")
          diags.error((*s)->unless_pos, "tool-attr",
                      "unless names \"" + (*s)->unless + "\", which is no " +
                          (flag == t.flags.end() ? "flag" : "boolean flag") + " of tool \"" +
                          t.name + "\": it names the flag that, passed true, keeps the tool from " +
                          (s == &t.writes ? "writing" : "indexing") + " \"" + (*s)->name + "\"" +
                          did_you_mean((*s)->unless, booleans));
      }
      const auto& [first, key] = keys.try_emplace((*s)->name, t.name, (*s)->key).first->second;
      if (key != (*s)->key)
        diags.error((*s)->pos, "tool-attr",
                    "tool \"" + t.name + "\" keys \"" + (*s)->name + "\" by " + join((*s)->key) +
                        ", tool \"" + first + "\" by " + join(key) +
                        "; every tool of a store keys it by the same flags");
    }
  }
}

// An output that locates a store: one the tool writes, in an output a
// later step reads by the step's id.
void check_locates(const ToolDecl& t, Diagnostics& diags) {
  for (const auto& p : t.outputs) {
    if (p.locates.empty()) continue;
    const std::string what = "output \"" + p.name + "\" of tool " + t.name;
    if (!t.writes || t.writes->name != p.locates)
      diags.error(p.locates_pos, "tool-attr",
                  what + " locates \"" + p.locates + "\", which the tool does not write (" +
                      (t.writes ? "it writes \"" + t.writes->name + "\""
                                : "it declares no writes { ... }") +
                      "): locates names the store, written by the tool, whose index the "
                      "value finds");
    if (p.to == "env")
      diags.error(p.locates_pos, "tool-attr",
                  what +
                      " locates a store, so the steps that use it read the store, and "
                      "pipec finds them by the step's id (steps.ID.outputs." +
                      p.name +
                      "); to = \"env\" puts it in GITHUB_ENV, where pipec cannot follow it");
  }
}

}  // namespace

void check_tool_decls(Program& program, Diagnostics& diags) {
  std::map<std::string, const Table*> tables;
  for (const auto& t : program.tables) tables[t.name] = &t;
  std::set<std::string> data_checked;
  for (const auto& obj : program.tools) {
    ToolDecl t;
    t.name = obj->get("name")->text;
    t.pos = obj->field("name")->value->pos;
    t.source = t.pos.file;
    for (const auto& f : obj->fields) {
      const Value& v = *f.value;
      if (std::find(kToolAttrs.begin(), kToolAttrs.end(), f.key) == kToolAttrs.end()) {
        diags.error(f.key_pos, "tool-attr",
                    "unexpected \"" + f.key +
                        "\" for tool; expected description, logic, summary, data, "
                        "writes, indexes, or flag/env/output declarations" +
                        did_you_mean(f.key, kToolAttrs));
      } else if (f.key == "description" || f.key == "logic") {
        if (!v.is_string() || v.text.empty()) diags.error(v.pos, "type", f.key + " must be a non-empty string");
        // The folder's name is written into the generated CMake and C++.
        else if (f.key == "logic" && !is_identifier(v.text, false))
          diags.error(v.pos, "tool-logic",
                      "logic names a folder under pipelines/steps, in lower_snake_case, not " + describe(v));
        else (f.key == "description" ? t.description : t.logic) = v.text;
      } else if (f.key == "writes" || f.key == "indexes") {
        (f.key == "writes" ? t.writes : t.indexes) = store_of(f.key, v, diags);
      } else if (f.key == "summary") {
        if (v.kind != Value::Kind::Bool) diags.error(v.pos, "type", "summary must be true or false");
        else t.summary = v.boolean;
      } else if (f.key == "data") {
        if (v.kind != Value::Kind::List) diags.error(v.pos, "type", "data must be a list of table names");
        for (const auto& d : v.items) {
          // A table written by its name, bare, is its rows, placed where it
          // is declared: the report goes to data, and names it.
          auto named = std::find_if(tables.begin(), tables.end(), [&](const auto& kv) { return kv.second->rows == d; });
          if (named != tables.end())
            diags.error(f.key_pos, "type",
                        "data lists tables by name, as text: data = [\"" + named->first + "\"], not the table itself");
          else if (!d->is_string() || !tables.count(d->text))
            diags.error(d->pos, "unknown", describe(*d) + " is not a table; data lists the tables the tool reads");
          else {  // the first tool that reads a table checks it
            t.data.push_back(d->text);
            if (data_checked.insert(d->text).second) check_table_data(*tables[d->text], t.name, diags);
          }
        }
      } else if (f.key != "name") {
        auto& list = f.key == "flags" ? t.flags : f.key == "envs" ? t.envs : t.outputs;
        for (const auto& d : v.items) list.push_back(param_of(t.name, *d, diags));
      }
    }
    if (t.description.empty()) diags.error(t.pos, "missing", "tool \"" + t.name + "\" needs description = \"...\"");
    if (!obj->field("logic"))
      diags.error(t.pos, "missing", "tool \"" + t.name + "\" needs logic = \"<folder under pipelines/steps>\"");
    if (!is_identifier(t.name, false)) diags.error(t.pos, "tool-name", "a tool name must be lower_snake_case");
    // The name is the tool's CMake target too: not one CMake makes (Visual
    // Studio's, which Windows builds use, as project files whose names it
    // reads without case), nor one pipelines/steps/CMakeLists.txt does.
    static const std::set<std::string> reserved_targets = {
        "all", "clean", "help", "install", "test", "package", "package_source", "edit_cache",
        "rebuild_cache", "preinstall", "list_install_components", "all_build", "zero_check", "run_tests"};
    const std::string why = reserved_targets.count(t.name) ? "CMake reserves that name"
                            : t.name.rfind("steps_", 0) == 0
                                ? "names that start with steps_ are the step libraries' and tests'"
                            : t.name == "echo_args" ? "echo_args is the step runtime's test helper"
                                                    : "";
    if (!why.empty())
      diags.error(t.pos, "tool-name",
                  "tool \"" + t.name + "\" names its executable's CMake target, and " + why + "; choose another name");
    // And its folder of generated files.
    if (t.name == "data")
      diags.error(t.pos, "tool-name",
                  "tool \"data\" would write its files into generated/steps/data/, where the tables' headers are "
                  "(a table named interface or main would be one of its files); choose another name");
    std::set<std::string> seen;
    for (const auto* list : {&t.flags, &t.envs, &t.outputs}) {
      for (const auto& p : *list) {
        if (!seen.insert(p.kind + ":" + p.name).second)
          diags.error(p.pos, "duplicate", p.kind + " \"" + p.name + "\" is declared twice");
      }
    }
    check_fields(t, diags);
    check_locates(t, diags);
    // The command line the tool's main() reads: --help prints the usage,
    // and --no-NAME is the boolean flag NAME set false.
    for (const auto& p : t.flags) {
      if (!p.positional && p.name == "help")
        diags.error(p.pos, "tool-name",
                    "a flag named \"help\" would be --help, which prints the tool's usage and exits 0; choose another name");
      if (p.positional || p.name.rfind("no_", 0) != 0) continue;
      for (const auto& other : t.flags) {
        if (other.type == "boolean" && !other.positional && other.name == p.name.substr(3))
          diags.error(p.pos, "tool-name",
                      "flag \"" + p.name + "\" would be " + flag_spelling(p.name) + ", which is how boolean flag \"" +
                          other.name + "\" is set false; choose another name");
      }
    }
    int positional = 0;
    for (const auto& p : t.flags) positional += p.positional;
    if (positional > 1) diags.error(t.pos, "tool-attr", "tool \"" + t.name + "\" has more than one positional flag");
    for (const auto& other : program.tool_decls) {
      if (other.name == t.name) diags.error(t.pos, "duplicate", "tool \"" + t.name + "\" is declared twice");
    }
    program.tool_decls.push_back(std::move(t));
  }
  check_stores(program.tool_decls, diags);
}

}  // namespace pipec
