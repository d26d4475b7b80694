#include "diff.h"

#include <set>

#include "yaml_value.h"

namespace wfcompare {

namespace {

// The outermost of entry's parents that is on one side only (in `side`,
// the model that has the entry), if any.
std::optional<Key> outermost_one_sided(const Entry& entry, const Model& side, const Model& other) {
  std::optional<Key> found;
  for (std::optional<Key> p = entry.parent; p && side.contains(*p); p = side.at(*p).parent) {
    if (!other.contains(*p)) found = *p;
  }
  return found;
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
      out.push_back({key.kind, key.item, c->second.value, g->second.value, std::nullopt});
      continue;
    }
    const bool in_corpus = c != corpus.end();
    const Entry& entry = in_corpus ? c->second : g->second;
    Difference d{key.kind, key.item, std::nullopt, std::nullopt,
                 in_corpus ? outermost_one_sided(entry, corpus, generated)
                           : outermost_one_sided(entry, generated, corpus)};
    if (in_corpus) d.corpus = c->second.value;
    else d.generated = g->second.value;
    out.push_back(std::move(d));
  }
  return out;
}

std::string render_side(const std::optional<nlohmann::json>& value) {
  return value ? render(*value) : "absent";
}

}  // namespace wfcompare
