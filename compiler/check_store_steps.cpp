#include "check_store_steps.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "tool_lookup.h"

namespace pipec {
namespace {

// A declaration of a store: its key names (in order), who makes it, where.
struct Keyed {
  std::vector<std::string> key;
  std::string by;
  Pos pos;
};

std::string key_text(const std::vector<std::string>& key) {
  return key.empty() ? "nothing" : join(key);
}

class StoreSteps {
 public:
  StoreSteps(const Program& program, Diagnostics& diags) : program_(program), diags_(diags) {}

  void run() {
    for (const auto& t : program_.tool_decls) {
      for (const auto* s : {&t.writes, &t.indexes}) {
        if (!*s) continue;
        std::vector<std::string> key = (*s)->key;
        std::sort(key.begin(), key.end());
        keys_.try_emplace((*s)->name, Keyed{key, "tool \"" + t.name + "\"", (*s)->pos});
        if (s == &t.writes)
          written_.push_back((*s)->name);
        else
          unwritten_.push_back({(*s)->name, "tool \"" + t.name + "\"", (*s)->pos, "indexes"});
      }
    }
    for (const auto& wf : program_.workflows) {
      for (const auto& j : jobs_of(*wf->body)) {
        if (const Field* f = j.value->field("reads"))
          declaration("reads", *f->value, "job \"" + j.key + "\"", "job");
        for (const auto& s : steps_of(*j.value)) step(*s);
      }
    }
    for (const auto& [store, by, pos, kind] : unwritten_) {
      if (contains(written_, store)) continue;
      diags_.error(pos, "store",
                   by + " " + kind + " \"" + store + "\", which no tool or step writes" +
                       did_you_mean(store, written_));
    }
  }

 private:
  void step(const Value& s) {
    for (const char* kind : {"writes", "indexes", "reads"}) {
      const Field* f = s.field(kind);
      if (!f) continue;
      const Value* tool = s.get("tool");
      // What a tool reads is the step's to say: a tool declares no reads.
      if (tool && std::string(kind) != "reads") {
        const ToolDecl* t = find_tool(program_, *tool);
        diags_.error(f->key_pos, "store",
                     "a step that runs a tool writes and indexes what the tool declares: take " +
                         std::string(kind) + " out of the step" +
                         (t ? ", or declare it in tool \"" + t->name + "\"" : ""));
        continue;
      }
      declaration(kind, *f->value, step_named(s), "step");
    }
  }

  // A step's or job's declaration (by: step "NAME", job "x"; who: step,
  // job).
  void declaration(const std::string& kind, const Value& v, const std::string& by,
                   const std::string& who) {
    const std::string shape =
        kind +
        " takes { store = \"what it is\" key { NAME = value ... } }, the values saying "
        "which one of the store the " +
        who + " means";
    // reads = false: a step or job that uses a value locating a store
    // (a URL it prints, say) without reading the store.
    if (kind == "reads" && v.kind == Value::Kind::Bool && !v.boolean) return;
    if (v.kind != Value::Kind::Object) {
      if (!is_error(v))
        diags_.error(v.pos, "type",
                     shape +
                         (kind == "reads" ? ", or is false for a " + who +
                                                " that uses a value locating a store without "
                                                "reading it"
                                          : std::string()) +
                         ", not " + describe(v));
      return;
    }
    bool unknown = false;  // a slip, not a store left out as well
    for (const auto& f : v.fields) {
      if (f.key == "store" || f.key == "key") continue;
      unknown = true;
      diags_.error(f.key_pos, "unknown-key",
                   "unexpected key \"" + f.key + "\" for " + kind +
                       did_you_mean(f.key, {"store", "key"}) + "; expected store or key");
    }
    const Value* store = v.get("store");
    if (!store) {
      if (!unknown) diags_.error(v.pos, "type", shape + "; store is missing");
      return;
    }
    if (!store->is_string() || store->is_blank() || !store->parts.empty()) {
      if (!is_error(*store))
        diags_.error(store->pos, "type",
                     "store must be text that names what is written, not " + describe(*store));
      return;
    }
    std::vector<std::string> key;
    const Value* k = v.get("key");
    if (k && k->kind != Value::Kind::Object) {
      if (!is_error(*k))
        diags_.error(k->pos, "type",
                     "key takes { NAME = value ... }, the values saying which \"" + store->text +
                         "\" the " + who + " means, not " + describe(*k));
      return;
    }
    if (k) {
      for (const auto& f : k->fields) {
        const Value& x = *f.value;
        if (x.kind == Value::Kind::Null && !is_error(x)) {
          // A bare name passes nothing on here.
          diags_.error(f.key_pos, "type",
                       "no value for " + kind + ".key." + f.key + "; write " + f.key + " = value");
          return;
        }
        if (x.kind == Value::Kind::List || x.kind == Value::Kind::Object) {
          diags_.error(x.pos, "type",
                       "a key's value is one value (text, a number, a boolean or an expression), "
                       "not " +
                           describe(x));
          return;
        }
        key.push_back(f.key);
      }
    }
    std::sort(key.begin(), key.end());
    const Pos at = k ? k->pos : store->pos;
    const auto [it, fresh] = keys_.try_emplace(store->text, Keyed{key, by, at});
    if (!fresh && it->second.key != key) {
      diags_.error(at, "store",
                   by + " keys \"" + store->text + "\" by " + key_text(key) + ", " + it->second.by +
                       " by " + key_text(it->second.key) + " (" + to_string(it->second.pos) +
                       "); every tool, step and job of a store keys it by the same names");
    }
    if (kind == "writes") {
      if (!contains(written_, store->text)) written_.push_back(store->text);
    } else {
      unwritten_.push_back({store->text, by, store->pos, kind});
    }
  }

  // An index or read of a store, which something must write.
  struct Use {
    std::string store;
    std::string by;
    Pos pos;
    std::string kind;  // indexes, reads
  };
  const Program& program_;
  Diagnostics& diags_;
  std::map<std::string, Keyed> keys_;
  std::vector<std::string> written_;
  std::vector<Use> unwritten_;
};

}  // namespace

void check_store_steps(const Program& program, Diagnostics& diags) {
  StoreSteps(program, diags).run();
}

}  // namespace pipec
