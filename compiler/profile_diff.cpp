#include "profile_diff.h"

#include <algorithm>
#include <set>

#include <dtl/dtl.hpp>
#include <nlohmann/json.hpp>

#include "escape.h"
#include "utf8.h"

namespace pipec {
namespace {

const Value* find_profile(const Program& p, const std::string& name) {
  for (const auto& v : p.profiles) {
    if (v->get("name")->text == name) return v.get();
  }
  return nullptr;
}

std::string brief(const Value& v) {
  std::string s;
  if (v.is_string()) s = v.text.find('\n') == std::string::npos ? "\"" + c_escape(v.text) + "\"" : "(" + std::to_string(std::count(v.text.begin(), v.text.end(), '\n')) + "-line script)";
  else s = describe(v);
  if (s.size() > 100) s = s.substr(0, char_start(s, 97)) + "...";
  return s;
}

// The lines of a script.
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  size_t at = 0;
  while (at <= text.size()) {
    size_t nl = text.find('\n', at);
    if (nl == std::string::npos) nl = text.size();
    if (nl > at || nl < text.size()) out.push_back(text.substr(at, nl - at));
    at = nl + 1;
  }
  return out;
}

// Where two texts start to differ, and how much of their ends they share,
// on UTF-8 character boundaries.
std::pair<size_t, size_t> common_ends(const std::string& a, const std::string& b) {
  size_t pre = 0;
  while (pre < a.size() && pre < b.size() && a[pre] == b[pre]) ++pre;
  pre = std::min(char_start(a, pre), char_start(b, pre));
  size_t suf = 0;
  while (suf < a.size() - pre && suf < b.size() - pre && a[a.size() - 1 - suf] == b[b.size() - 1 - suf]) ++suf;
  // The shared end starts where a character does.
  while (suf > 0 && char_start(a, a.size() - suf) != a.size() - suf) --suf;
  return {pre, suf};
}

// A value that changed, both sides. A long one (a line of text, or a list
// or object written out) is shown around where the two differ (cut to the
// same first 97 characters, the change would not show); a script, by the
// lines that differ.
std::string change(const Value& folded_a, const Value& folded_b) {
  // A long condition is laid out over lines, but it is no script: it is
  // shown on one line, as it is written.
  auto flat = [](const Value& v) {
    if (!v.folded()) return v;
    Value out = v;
    out.text = v.one_line;
    out.one_line.clear();
    return out;
  };
  const Value a = flat(folded_a), b = flat(folded_b);
  const bool strings = a.is_string() && b.is_string();
  if (strings && (a.text.find('\n') != std::string::npos || b.text.find('\n') != std::string::npos)) {
    const auto la = lines_of(a.text), lb = lines_of(b.text);
    size_t pre = 0, suf = 0;
    while (pre < la.size() && pre < lb.size() && la[pre] == lb[pre]) ++pre;
    while (suf < la.size() - pre && suf < lb.size() - pre && la[la.size() - 1 - suf] == lb[lb.size() - 1 - suf]) ++suf;
    if (la == lb) return std::string("the line break at the end of the script ") + (a.text.back() == '\n' ? "removed" : "added");
    // The lines of the old script that change (or, where lines are only
    // added, the first after them).
    const size_t last = std::max(la.size() - suf, pre + 1);
    std::string out = last > pre + 1 ? "lines " + std::to_string(pre + 1) + "-" + std::to_string(last) + " of the script"
                                     : "line " + std::to_string(pre + 1) + " of the script";
    for (size_t i = pre; i < la.size() - suf; ++i) out += "\n      - " + la[i];
    for (size_t i = pre; i < lb.size() - suf; ++i) out += "\n      + " + lb[i];
    return out;
  }
  // Text, or a list or object written out: shown whole when short.
  const std::string ta = strings ? c_escape(a.text) : describe(a), tb = strings ? c_escape(b.text) : describe(b);
  const std::string quote = strings ? "\"" : "";
  if (ta.size() + 2 * quote.size() <= 100 && tb.size() + 2 * quote.size() <= 100) return brief(a) + " -> " + brief(b);
  if (!strings && (a.is_string() || b.is_string())) return brief(a) + " -> " + brief(b);
  const auto [pre, suf] = common_ends(ta, tb);
  constexpr size_t kContext = 24;
  const size_t from = char_start(ta, pre > kContext ? pre - kContext : 0);
  auto part = [&](const std::string& t) {
    const size_t end = char_start(t, std::min(t.size(), t.size() - suf + std::min(suf, kContext)));
    std::string shown = t.substr(from, end - from);
    return quote + (from > 0 ? "..." : "") + shown + (end < t.size() ? "..." : "") + quote;
  };
  return part(ta) + " -> " + part(tb);
}

// A step's name in reports: its id, else its name, else its position.
std::string step_label(const Value& step, size_t index) {
  if (const Value* id = step.get("id")) return id->text;
  if (const Value* n = step.get("name")) return "\"" + n->text + "\"";
  if (const Value* u = step.get("uses")) return "uses " + u->text.substr(0, u->text.find('@'));
  return "#" + std::to_string(index + 1);
}

// The differences of two values, a line each; `skipped` names keys of the
// top object that are not compared.
void diff_tree(const Value* a, const Value* b, const std::string& path, std::vector<std::string>& out,
               const std::set<std::string>& skipped = {});

// The steps of two jobs, paired by label in order (the longest common
// sequence of labels), so that two steps with one label pair with their
// counterparts; a label its job gives more than one step says which.
void diff_steps(const Value& a, const Value& b, const std::string& path, std::vector<std::string>& out) {
  auto labels = [](const Value& steps) {
    std::vector<std::string> out;
    for (size_t i = 0; i < steps.items.size(); ++i) out.push_back(step_label(*steps.items[i], i));
    return out;
  };
  const std::vector<std::string> la = labels(a), lb = labels(b);
  auto shown = [&](const std::vector<std::string>& ls, long long i) {
    const std::string& l = ls[i];
    return path + " step " + l + (std::count(ls.begin(), ls.end(), l) > 1 ? " (step " + std::to_string(i + 1) + ")" : "");
  };
  dtl::Diff<std::string> d(la, lb);
  d.compose();
  for (const auto& [label, info] : d.getSes().getSequence()) {
    const long long i = info.beforeIdx - 1, j = info.afterIdx - 1;
    if (info.type == dtl::SES_DELETE) out.push_back("  - " + shown(la, i));
    else if (info.type == dtl::SES_ADD) out.push_back("  + " + shown(lb, j));
    else diff_tree(a.items[i].get(), b.items[j].get(), shown(la, i), out);
  }
}

void diff_tree(const Value* a, const Value* b, const std::string& path, std::vector<std::string>& out,
               const std::set<std::string>& skipped) {
  if (a->kind == Value::Kind::Object && b->kind == Value::Kind::Object) {
    for (const auto& f : a->fields) {
      if (skipped.count(f.key)) continue;
      std::string p = path.empty() ? f.key : path + "." + f.key;
      if (path == "jobs") p = "job " + f.key;
      if (const Value* g = b->get(f.key)) {
        if (f.key == "steps" && f.value->kind == Value::Kind::List) diff_steps(*f.value, *g, path, out);
        else diff_tree(f.value.get(), g, p, out);
      } else {
        out.push_back("  - " + p + (path == "jobs" ? "" : " = " + brief(*f.value)));
      }
    }
    for (const auto& g : b->fields) {
      if (!a->get(g.key) && !skipped.count(g.key)) {
        std::string p = path == "jobs" ? "job " + g.key : (path.empty() ? g.key : path + "." + g.key);
        out.push_back("  + " + p + (path == "jobs" ? "" : " = " + brief(*g.value)));
      }
    }
    return;
  }
  if (!same(*a, *b)) out.push_back("  ~ " + path + ": " + change(*a, *b));
}

}  // namespace

std::string profile_diff(const Program& program, const std::string& a, const std::string& b, Diagnostics& diags,
                         const std::string& format) {
  const Value* pa = find_profile(program, a);
  const Value* pb = find_profile(program, b);
  std::vector<std::string> names;
  for (const auto& v : program.profiles) names.push_back(v->get("name")->text);
  for (const auto& [name, p] : {std::pair{a, pa}, std::pair{b, pb}}) {
    if (!p) diags.error(Pos{}, "unknown-profile", "no profile \"" + name + "\"" + did_you_mean(name, names) +
                                                      (names.empty() ? "" : "; declared: " + join(names)));
  }
  if (!pa || !pb) return "";
  // A profile's name, and the one it extends, are not what it sets.
  std::vector<std::string> fields;
  diff_tree(pa, pb, "", fields, {"name", "extends"});
  // Pair the instances that differ only in which of the two profiles they got.
  struct Pair {
    std::string from, to;
    std::vector<std::string> lines;
  };
  std::vector<Pair> pairs;
  std::set<const WorkflowModel*> paired;
  for (const auto& wa : program.workflows) {
    for (const auto& wb : program.workflows) {
      if (wa->template_name != wb->template_name || wa->args.size() != wb->args.size()) continue;
      bool match = true, uses_profiles = false;
      for (size_t i = 0; i < wa->args.size() && match; ++i) {
        const Value& x = *wa->args[i].second;
        const Value& y = *wb->args[i].second;
        if (x.tag == "profile" && y.tag == "profile" && x.get("name")->text == a && y.get("name")->text == b) {
          uses_profiles = true;
        } else if (!same(x, y)) {
          match = false;
        }
      }
      if (!match || !uses_profiles || !wa->lowered || !wb->lowered) continue;
      paired.insert(wa.get());
      paired.insert(wb.get());
      pairs.push_back({wa->file, wb->file, {}});
      diff_tree(wa->lowered.get(), wb->lowered.get(), "", pairs.back().lines);
    }
  }
  // And the workflows one of the two makes with no counterpart in the
  // other: a difference too, maybe the largest.
  auto takes = [](const WorkflowModel& wf, const std::string& name) {
    return std::any_of(wf.args.begin(), wf.args.end(), [&](const auto& arg) {
      return arg.second->tag == "profile" && arg.second->get("name")->text == name;
    });
  };
  std::vector<std::pair<std::string, std::vector<std::string>>> alone;  // profile, files
  for (const std::string& name : {a, b}) {
    const std::string& other = name == a ? b : a;
    alone.push_back({name, {}});
    for (const auto& wf : program.workflows) {
      if (!paired.count(wf.get()) && takes(*wf, name) && !takes(*wf, other)) alone.back().second.push_back(wf->file);
    }
    std::sort(alone.back().second.begin(), alone.back().second.end());
  }

  if (format == "json") {
    // Each difference is the line the text shows, without its indentation.
    auto entries = [](const std::vector<std::string>& lines) {
      nlohmann::ordered_json out = nlohmann::ordered_json::array();
      for (const auto& l : lines) out.push_back(l.substr(l.find_first_not_of(' ')));
      return out;
    };
    nlohmann::ordered_json workflows = nlohmann::ordered_json::array();
    for (const auto& p : pairs) workflows.push_back({{"from", p.from}, {"to", p.to}, {"differences", entries(p.lines)}});
    nlohmann::ordered_json only = nlohmann::ordered_json::object();
    for (const auto& [name, files] : alone) only[name] = files;
    const nlohmann::ordered_json doc = {{"from", a},           {"to", b}, {"profile", entries(fields)},
                                        {"workflows", workflows}, {"only", only}};
    return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  }
  std::string out = "profile " + a + " -> " + b + "\n";
  for (const auto& l : fields) out += l + "\n";
  for (const auto& p : pairs) {
    out += "\n" + p.from + " -> " + p.to + "\n";
    for (const auto& l : p.lines) out += l + "\n";
    if (p.lines.empty()) out += "  (no differences)\n";
  }
  if (pairs.empty()) out += "\nno workflow is instantiated with both profiles\n";
  for (const auto& [name, files] : alone) {
    if (!files.empty())
      out += "\nmade with " + name + " only, with no counterpart made with " + (name == a ? b : a) + ":\n";
    for (const auto& f : files) out += "  " + f + "\n";
  }
  return out;
}

}  // namespace pipec
