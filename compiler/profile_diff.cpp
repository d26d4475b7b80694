#include "profile_diff.h"

#include <algorithm>

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
  if (v.is_string()) s = v.text.find('\n') == std::string::npos ? "\"" + v.text + "\"" : "(" + std::to_string(std::count(v.text.begin(), v.text.end(), '\n')) + "-line script)";
  else s = describe(v);
  if (s.size() > 100) s = s.substr(0, 97) + "...";
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
  auto continuation = [](char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; };
  size_t pre = 0;
  while (pre < a.size() && pre < b.size() && a[pre] == b[pre]) ++pre;
  while (pre > 0 && (continuation(a[std::min(pre, a.size() - 1)]) || continuation(b[std::min(pre, b.size() - 1)])) &&
         pre < std::min(a.size(), b.size()))
    --pre;
  size_t suf = 0;
  while (suf < a.size() - pre && suf < b.size() - pre && a[a.size() - 1 - suf] == b[b.size() - 1 - suf]) ++suf;
  while (suf > 0 && continuation(a[a.size() - suf])) --suf;
  return {pre, suf};
}

// A value that changed, both sides. A long line is shown around where the
// two differ (cut to the same first 97 characters, the change would not
// show); a script, by the lines that differ.
std::string change(const Value& a, const Value& b) {
  if (!a.is_string() || !b.is_string()) return brief(a) + " -> " + brief(b);
  const bool scripts = a.text.find('\n') != std::string::npos || b.text.find('\n') != std::string::npos;
  if (scripts) {
    const auto la = lines_of(a.text), lb = lines_of(b.text);
    size_t pre = 0, suf = 0;
    while (pre < la.size() && pre < lb.size() && la[pre] == lb[pre]) ++pre;
    while (suf < la.size() - pre && suf < lb.size() - pre && la[la.size() - 1 - suf] == lb[lb.size() - 1 - suf]) ++suf;
    std::string out = "line " + std::to_string(pre + 1) + " of the script";
    for (size_t i = pre; i < la.size() - suf; ++i) out += "\n      - " + la[i];
    for (size_t i = pre; i < lb.size() - suf; ++i) out += "\n      + " + lb[i];
    return out;
  }
  if (a.text.size() + 2 <= 100 && b.text.size() + 2 <= 100) return brief(a) + " -> " + brief(b);
  const auto [pre, suf] = common_ends(a.text, b.text);
  constexpr size_t kContext = 24;
  const size_t from = pre > kContext ? pre - kContext : 0;
  auto part = [&](const std::string& t) {
    const size_t end = std::min(t.size(), t.size() - suf + std::min(suf, kContext));
    std::string shown = t.substr(from, end - from);
    return std::string(from > 0 ? "\"..." : "\"") + shown + (end < t.size() ? "...\"" : "\"");
  };
  return part(a.text) + " -> " + part(b.text);
}

// A step's name in reports: its id, else its name, else its position.
std::string step_label(const Value& step, size_t index) {
  if (const Value* id = step.get("id")) return id->text;
  if (const Value* n = step.get("name")) return "\"" + n->text + "\"";
  if (const Value* u = step.get("uses")) return "uses " + u->text.substr(0, u->text.find('@'));
  return "#" + std::to_string(index + 1);
}

void diff_tree(const Value* a, const Value* b, const std::string& path, std::vector<std::string>& out);

void diff_steps(const Value& a, const Value& b, const std::string& path, std::vector<std::string>& out) {
  std::vector<std::string> la, lb;
  for (size_t i = 0; i < a.items.size(); ++i) la.push_back(step_label(*a.items[i], i));
  for (size_t i = 0; i < b.items.size(); ++i) lb.push_back(step_label(*b.items[i], i));
  for (size_t i = 0; i < la.size(); ++i) {
    auto it = std::find(lb.begin(), lb.end(), la[i]);
    if (it == lb.end()) out.push_back("  - " + path + " step " + la[i]);
    else diff_tree(a.items[i].get(), b.items[it - lb.begin()].get(), path + " step " + la[i], out);
  }
  for (size_t i = 0; i < lb.size(); ++i) {
    if (std::find(la.begin(), la.end(), lb[i]) == la.end()) out.push_back("  + " + path + " step " + lb[i]);
  }
}

void diff_tree(const Value* a, const Value* b, const std::string& path, std::vector<std::string>& out) {
  if (a->kind == Value::Kind::Object && b->kind == Value::Kind::Object) {
    for (const auto& f : a->fields) {
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
      if (!a->get(g.key)) {
        std::string p = path == "jobs" ? "job " + g.key : (path.empty() ? g.key : path + "." + g.key);
        out.push_back("  + " + p + (path == "jobs" ? "" : " = " + brief(*g.value)));
      }
    }
    return;
  }
  if (!same(*a, *b)) out.push_back("  ~ " + path + ": " + change(*a, *b));
}

}  // namespace

std::string profile_diff(const Program& program, const std::string& a, const std::string& b, Diagnostics& diags) {
  const Value* pa = find_profile(program, a);
  const Value* pb = find_profile(program, b);
  std::vector<std::string> names;
  for (const auto& v : program.profiles) names.push_back(v->get("name")->text);
  for (const auto& [name, p] : {std::pair{a, pa}, std::pair{b, pb}}) {
    if (!p) diags.error(Pos{}, "unknown-profile", "no profile \"" + name + "\"" + did_you_mean(name, names) +
                                                      (names.empty() ? "" : "; declared: " + join(names)));
  }
  if (!pa || !pb) return "";
  std::string out = "profile " + a + " -> " + b + "\n";
  std::vector<std::string> fields;
  diff_tree(pa, pb, "", fields);
  fields.erase(std::remove_if(fields.begin(), fields.end(), [](const std::string& l) {
                 return l.find(" name:") != std::string::npos || l.find(" extends") != std::string::npos;
               }),
               fields.end());
  for (const auto& l : fields) out += l + "\n";
  // Pair the instances that differ only in which of the two profiles they got.
  int pairs = 0;
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
      ++pairs;
      out += "\n" + wa->file + " -> " + wb->file + "\n";
      std::vector<std::string> lines;
      diff_tree(wa->lowered.get(), wb->lowered.get(), "", lines);
      for (const auto& l : lines) out += l + "\n";
      if (lines.empty()) out += "  (no differences)\n";
    }
  }
  if (pairs == 0) out += "\nno workflow is instantiated with both profiles\n";
  return out;
}

}  // namespace pipec
