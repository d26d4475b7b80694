#include "diff.h"

#include <set>

#include "yaml_value.h"

namespace wfcompare {

namespace {

bool one_sided(const Key& key, const Model& a, const Model& b) {
  return a.contains(key) != b.contains(key);
}

}  // namespace

std::vector<Difference> diff_models(const Model& corpus, const Model& generated) {
  std::set<Key> keys;
  for (const auto& [key, entry] : corpus) keys.insert(key);
  for (const auto& [key, entry] : generated) keys.insert(key);
  std::vector<Difference> out;
  for (const Key& key : keys) {
    auto c = corpus.find(key);
    auto g = generated.find(key);
    if (c != corpus.end() && g != generated.end()) {
      if (c->second.presence_only && g->second.presence_only) continue;
      if (c->second.presence_only == g->second.presence_only &&
          c->second.value == g->second.value) {
        continue;
      }
      out.push_back({key.kind, key.item, c->second.value, g->second.value});
      continue;
    }
    const Entry& entry = c != corpus.end() ? c->second : g->second;
    if (entry.parent && one_sided(*entry.parent, corpus, generated)) continue;
    Difference d{key.kind, key.item, std::nullopt, std::nullopt};
    if (c != corpus.end()) d.corpus = c->second.value;
    if (g != generated.end()) d.generated = g->second.value;
    out.push_back(std::move(d));
  }
  return out;
}

std::string render_side(const std::optional<nlohmann::json>& value) {
  return value ? render(*value) : "absent";
}

}  // namespace wfcompare
