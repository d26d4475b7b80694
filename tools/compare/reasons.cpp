#include "reasons.h"

#include <fmt/format.h>

#include <set>

#include "shape.h"
#include "yaml_value.h"

namespace wfcompare {

namespace {

std::string text_field(const YAML::Node& entry, const char* key, const std::string& file) {
  const YAML::Node& node = entry[key];
  if (!node) throw InputError(file, entry.Mark(), fmt::format("a reason needs '{}'", key));
  if (!node.IsScalar() || node.Scalar().empty()) {
    throw InputError(file, node.Mark(), fmt::format("'{}' must be a non-empty string", key));
  }
  return node.Scalar();
}

std::vector<Reason> reasons_from(const YAML::Node& root, const std::string& file) {
  std::vector<Reason> out;
  if (!root.IsDefined() || root.IsNull()) return out;
  expect_sequence(root, file, "the reasons");
  std::map<std::tuple<std::string, Kind, std::string>, std::string> first;
  for (const auto& node : root) {
    expect_map(node, file, "a reason");
    static const std::set<std::string> kKeys = {"workflow", "kind", "item", "reason"};
    for (const auto& kv : node) {
      if (!kKeys.contains(key_text(kv.first))) {
        throw InputError(file, kv.first.Mark(),
                         fmt::format("unknown key '{}' (expected workflow, kind, item, reason)",
                                     key_text(kv.first)));
      }
    }
    Reason r;
    r.workflow = text_field(node, "workflow", file);
    std::string kind = text_field(node, "kind", file);
    auto parsed = parse_kind(kind);
    if (!parsed) {
      throw InputError(file, node["kind"].Mark(),
                       fmt::format("unknown kind '{}' (expected triggers, inputs, jobs, needs, "
                                   "conditions, matrices, actions, permissions or concurrency)",
                                   kind));
    }
    r.kind = *parsed;
    r.item = text_field(node, "item", file);
    r.text = text_field(node, "reason", file);
    r.where = fmt::format("{}:{}:{}", file, node.Mark().line + 1, node.Mark().column + 1);
    auto [it, inserted] = first.emplace(std::tuple(r.workflow, r.kind, r.item), r.where);
    if (!inserted) {
      throw InputError(file, node.Mark(),
                       fmt::format("a second reason for {} {} {}; the first is at {}", r.workflow,
                                   kind, r.item, it->second));
    }
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace

std::vector<Reason> parse_reasons(const std::string& text, const std::string& file) {
  return reasons_from(parse_yaml(text, file), file);
}

std::vector<Reason> load_reasons(const std::string& path) {
  return reasons_from(load_yaml_file(path, path), path);
}

namespace {

// `*` matches any run of characters (including none); nothing else is special.
bool glob_match(const std::string& p, const std::string& s) {
  std::size_t i = 0, j = 0, star = std::string::npos, mark = 0;
  while (j < s.size()) {
    if (i < p.size() && p[i] == '*') {
      star = i++;
      mark = j;
    } else if (i < p.size() && p[i] == s[j]) {
      ++i, ++j;
    } else if (star != std::string::npos) {
      i = star + 1;
      j = ++mark;
    } else {
      return false;
    }
  }
  while (i < p.size() && p[i] == '*') ++i;
  return i == p.size();
}

}  // namespace

ReasonMatcher::ReasonMatcher(const std::vector<Reason>& reasons)
    : reasons_(reasons), used_(reasons.size(), false) {
  for (std::size_t i = 0; i < reasons.size(); ++i) {
    if (reasons[i].workflow.find('*') != std::string::npos || reasons[i].item.find('*') != std::string::npos)
      patterns_.push_back(i);
    else
      index_.emplace(std::tuple(reasons[i].workflow, reasons[i].kind, reasons[i].item), i);
  }
}

const Reason* ReasonMatcher::match(const std::string& workflow, Kind kind,
                                   const std::string& item) {
  auto it = index_.find(std::tuple(workflow, kind, item));
  if (it != index_.end()) {
    used_[it->second] = true;
    return &reasons_[it->second];
  }
  for (std::size_t i : patterns_) {
    const Reason& r = reasons_[i];
    if (r.kind == kind && glob_match(r.workflow, workflow) && glob_match(r.item, item)) {
      used_[i] = true;
      return &r;
    }
  }
  return nullptr;
}

std::vector<const Reason*> ReasonMatcher::stale() const {
  std::vector<const Reason*> out;
  for (std::size_t i = 0; i < reasons_.size(); ++i) {
    if (!used_[i]) out.push_back(&reasons_[i]);
  }
  return out;
}

}  // namespace wfcompare
