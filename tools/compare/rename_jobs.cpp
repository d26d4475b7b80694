#include "rename_jobs.h"

#include <cctype>

namespace wfcompare {

namespace {

bool id_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; }

// Renames the job id after each `needs.` in one pass, so that renames never
// chain (a -> b and b -> a swap two ids).
std::string rename_in_text(const std::string& text, const std::map<std::string, std::string>& renames) {
  static const std::string kNeeds = "needs.";
  std::string out;
  size_t done = 0;
  for (size_t at = text.find(kNeeds); at != std::string::npos; at = text.find(kNeeds, done)) {
    size_t id_start = at + kNeeds.size(), id_end = id_start;
    while (id_end < text.size() && id_char(text[id_end])) ++id_end;
    out += text.substr(done, id_start - done);
    auto it = renames.find(text.substr(id_start, id_end - id_start));
    // Not the tail of a longer name (x_needs.build is not needs.build).
    const bool whole = at == 0 || !id_char(text[at - 1]);
    out += whole && it != renames.end() ? it->second : text.substr(id_start, id_end - id_start);
    done = id_end;
  }
  return out + text.substr(done);
}

// Rewrites the strings under a node in place (the node is a deep copy).
void rename_refs(YAML::Node node, const std::map<std::string, std::string>& renames) {
  if (node.IsScalar()) {
    std::string text = node.Scalar();
    std::string renamed = rename_in_text(text, renames);
    if (renamed != text) node = renamed;
  } else if (node.IsSequence()) {
    for (size_t i = 0; i < node.size(); ++i) rename_refs(node[i], renames);
  } else if (node.IsMap()) {
    for (auto kv : node) rename_refs(kv.second, renames);
  }
}

YAML::Node renamed_needs(const YAML::Node& needs, const std::map<std::string, std::string>& renames) {
  auto one = [&](const YAML::Node& n) -> YAML::Node {
    if (!n.IsScalar()) return n;
    auto it = renames.find(n.Scalar());
    return it == renames.end() ? n : YAML::Node(it->second);
  };
  if (needs.IsScalar()) return one(needs);
  if (!needs.IsSequence()) return needs;
  YAML::Node out(YAML::NodeType::Sequence);
  for (const auto& n : needs) out.push_back(one(n));
  return out;
}

}  // namespace

YAML::Node rename_jobs(const YAML::Node& root, const std::map<std::string, std::string>& renames,
                       const std::string& file, std::vector<std::string>& problems) {
  YAML::Node out = YAML::Clone(root);
  const YAML::Node jobs = out["jobs"];
  if (!jobs.IsMap()) return out;
  bool clash = false;
  for (const auto& [from, to] : renames) {
    if (!jobs[from]) problems.push_back("corpus file " + file + " has no job " + from);
    if (jobs[to] && !renames.contains(to)) {
      problems.push_back("corpus file " + file + " has a job " + to + " already; rename it too");
      clash = true;
    }
  }
  if (clash) return out;  // compared as it is, rather than with two jobs of one id
  YAML::Node renamed(YAML::NodeType::Map);
  for (const auto& kv : jobs) {
    const std::string id = kv.first.IsScalar() ? kv.first.Scalar() : "";
    auto it = renames.find(id);
    YAML::Node job = kv.second;
    rename_refs(job, renames);
    if (job.IsMap() && job["needs"]) job["needs"] = renamed_needs(job["needs"], renames);
    renamed[it == renames.end() ? kv.first : YAML::Node(it->second)] = job;
  }
  out["jobs"] = renamed;
  return out;
}

}  // namespace wfcompare
