#include "pairing.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "shape.h"
#include "yaml_value.h"

namespace wfcompare {

namespace {

std::string where(const std::string& file, const YAML::Mark& mark) {
  return fmt::format("{}:{}:{}", file, mark.line + 1, mark.column + 1);
}

std::string scalar_field(const YAML::Node& entry, const char* key, const std::string& file) {
  const YAML::Node& node = entry[key];
  if (!node.IsScalar() || node.Scalar().empty()) {
    throw InputError(file, node.IsDefined() ? node.Mark() : entry.Mark(),
                     fmt::format("'{}' must be a file name", key));
  }
  return node.Scalar();
}

bool true_field(const YAML::Node& entry, const char* key, const std::string& file) {
  const YAML::Node& node = entry[key];
  if (!node) return false;
  if (to_json(node) != nlohmann::json(true)) {
    throw InputError(file, node.Mark(), fmt::format("'{}' must be true", key));
  }
  return true;
}

MapEntry parse_entry(const YAML::Node& node, const std::string& file) {
  expect_map(node, file, "a map entry");
  static const std::set<std::string> kKeys = {"generated", "corpus", "replaced_by", "dropped",
                                              "new",       "reason", "jobs"};
  for (const auto& kv : node) {
    if (!kKeys.contains(key_text(kv.first))) {
      throw InputError(file, kv.first.Mark(),
                       fmt::format("unknown key '{}' (expected generated, corpus, replaced_by, "
                                   "dropped, new, jobs or reason)",
                                   key_text(kv.first)));
    }
  }
  MapEntry e;
  e.where = where(file, node.Mark());
  if (node["generated"]) e.generated = scalar_field(node, "generated", file);
  if (node["corpus"]) e.corpus = scalar_field(node, "corpus", file);
  if (node["reason"]) e.reason = scalar_text(node["reason"]);
  e.is_new = true_field(node, "new", file);
  e.dropped = true_field(node, "dropped", file);
  if (e.corpus == "new") {
    e.is_new = true;
    e.corpus.reset();
  }
  if (e.generated == "dropped") {
    e.dropped = true;
    e.generated.reset();
  }
  if (const YAML::Node& r = node["replaced_by"]) {
    if (r.IsScalar()) {
      e.replaced_by.push_back(r.Scalar());
    } else {
      expect_sequence(r, file, "replaced_by");
      for (const auto& g : r) {
        if (!g.IsScalar()) throw InputError(file, g.Mark(), "replaced_by lists file names");
        e.replaced_by.push_back(g.Scalar());
      }
    }
    if (e.replaced_by.empty()) throw InputError(file, r.Mark(), "replaced_by is empty");
  }
  const int forms = (e.is_new ? 1 : 0) + (e.dropped ? 1 : 0) + (e.replaced_by.empty() ? 0 : 1);
  const bool ok = forms == 0 ? e.generated && e.corpus
                  : e.is_new ? e.generated && !e.corpus && forms == 1
                             : e.corpus && !e.generated && forms == 1;
  if (!ok) {
    throw InputError(file, node.Mark(),
                     "an entry is one of {generated, corpus}, {generated, corpus: new}, "
                     "{corpus, replaced_by: [...]} or {corpus, dropped: true}");
  }
  if (const YAML::Node& jobs = node["jobs"]) {
    if (forms != 0) throw InputError(file, jobs.Mark(), "'jobs' renames jobs of a pair only");
    expect_map(jobs, file, "'jobs' (corpus job id: generated job id)");
    std::set<std::string> targets;
    for (const auto& kv : jobs) {
      if (!kv.second.IsScalar() || kv.second.Scalar().empty()) {
        throw InputError(file, kv.second.Mark(), "a renamed job's generated id must be a name");
      }
      if (!targets.insert(kv.second.Scalar()).second) {
        throw InputError(file, kv.second.Mark(),
                         fmt::format("two corpus jobs are renamed to {}", kv.second.Scalar()));
      }
      e.job_renames.emplace(key_text(kv.first), kv.second.Scalar());
    }
    e.renames_where = where(file, jobs.Mark());
  }
  return e;
}

std::string explained(const std::string& what, const MapEntry& e) {
  if (e.reason) return fmt::format("{}: {} ({})", what, *e.reason, e.where);
  return fmt::format("{} ({})", what, e.where);
}

}  // namespace

std::vector<std::string> list_workflows(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    std::string name = entry.path().filename().string();
    std::error_code ec2;
    if (!entry.is_regular_file(ec2)) continue;
    if (name.ends_with(".yml") || name.ends_with(".yaml")) out.push_back(name);
  }
  std::sort(out.begin(), out.end());
  return out;
}

namespace {

std::vector<MapEntry> map_entries(const YAML::Node& root, const std::string& file) {
  std::vector<MapEntry> out;
  if (!root.IsDefined() || root.IsNull()) return out;
  expect_sequence(root, file, "the map");
  for (const auto& node : root) out.push_back(parse_entry(node, file));
  return out;
}

}  // namespace

std::vector<MapEntry> parse_map(const std::string& text, const std::string& file) {
  return map_entries(parse_yaml(text, file), file);
}

std::vector<MapEntry> load_map(const std::string& path) {
  return map_entries(load_yaml_file(path, path), path);
}

Pairing pair_workflows(const std::vector<std::string>& generated,
                       const std::vector<std::string>& corpus, const std::vector<MapEntry>& map) {
  const std::set<std::string> gen_set(generated.begin(), generated.end());
  const std::set<std::string> corpus_set(corpus.begin(), corpus.end());
  std::set<std::string> gen_mentioned, corpus_mentioned;
  std::map<std::string, std::string> gen_why, corpus_why;
  std::set<std::pair<std::string, std::string>> pairs;  // (generated, corpus)
  std::map<std::pair<std::string, std::string>, const MapEntry*> pair_entry;
  Pairing out;

  auto exists = [&](const MapEntry& e, const std::string& f, bool in_corpus) {
    if ((in_corpus ? corpus_set : gen_set).contains(f)) return true;
    out.stale.push_back(
        {e.where, fmt::format("{} file {} does not exist", in_corpus ? "corpus" : "generated", f)});
    return false;
  };
  for (const MapEntry& e : map) {
    if (e.generated) gen_mentioned.insert(*e.generated);
    if (e.corpus) corpus_mentioned.insert(*e.corpus);
    for (const auto& g : e.replaced_by) gen_mentioned.insert(g);
    if (e.generated && e.corpus) {
      bool g_ok = exists(e, *e.generated, false);
      bool c_ok = exists(e, *e.corpus, true);
      if (g_ok && c_ok) {
        pairs.insert({*e.generated, *e.corpus});
        pair_entry.emplace(std::pair{*e.generated, *e.corpus}, &e);
      }
    } else if (e.is_new) {
      if (exists(e, *e.generated, false)) gen_why.emplace(*e.generated, explained("new", e));
    } else if (e.dropped) {
      if (exists(e, *e.corpus, true)) corpus_why.emplace(*e.corpus, explained("dropped", e));
    } else {
      std::string list;
      for (const auto& g : e.replaced_by) list += (list.empty() ? "" : ", ") + g;
      if (exists(e, *e.corpus, true)) {
        corpus_why.emplace(*e.corpus, explained("replaced by " + list, e));
      }
      for (const auto& g : e.replaced_by) {
        if (exists(e, g, false)) gen_why.emplace(g, explained("replaces " + *e.corpus, e));
      }
    }
  }
  for (const auto& g : generated) {
    if (!gen_mentioned.contains(g) && corpus_set.contains(g) && !corpus_mentioned.contains(g)) {
      pairs.insert({g, g});
    }
  }

  std::map<std::string, int> uses_of_generated;
  std::set<std::string> paired_g, paired_c;
  for (const auto& [g, c] : pairs) {
    ++uses_of_generated[g];
    paired_g.insert(g);
    paired_c.insert(c);
  }
  for (const auto& [g, c] : pairs) {
    std::string id = uses_of_generated[g] == 1 ? g : fmt::format("{}({})", g, c);
    WorkflowPair pair{id, g, c, {}, {}};
    if (auto it = pair_entry.find({g, c}); it != pair_entry.end()) {
      pair.job_renames = it->second->job_renames;
      pair.renames_where = it->second->renames_where;
    }
    out.pairs.push_back(std::move(pair));
  }
  std::sort(out.pairs.begin(), out.pairs.end(),
            [](const auto& a, const auto& b) { return a.id < b.id; });
  auto why = [](const std::map<std::string, std::string>& m, const std::string& f) {
    auto it = m.find(f);
    return it == m.end() ? std::optional<std::string>() : it->second;
  };
  for (const auto& c : corpus) {
    if (!paired_c.contains(c)) out.unpaired.push_back({c, true, why(corpus_why, c)});
  }
  for (const auto& g : generated) {
    if (!paired_g.contains(g)) out.unpaired.push_back({g, false, why(gen_why, g)});
  }
  return out;
}

}  // namespace wfcompare
