#include "graph.h"

#include <algorithm>
#include <map>
#include <set>

namespace pipec {
namespace {

// Node ids: letters, digits and _ only.
std::string node_id(const std::string& s) {
  std::string out;
  for (char c : s) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out;
}

struct Edge {
  std::string from, to, label;
  bool operator<(const Edge& o) const { return std::tie(from, to, label) < std::tie(o.from, o.to, o.label); }
};

std::string render(const std::vector<std::pair<std::string, std::string>>& nodes, const std::set<Edge>& edges,
                   bool dot, const std::string& title) {
  std::string out;
  if (dot) {
    out += "digraph \"" + title + "\" {\n  rankdir=LR;\n  node [shape=box];\n";
    for (const auto& [id, label] : nodes) out += "  " + id + " [label=\"" + label + "\"];\n";
    for (const auto& e : edges) out += "  " + e.from + " -> " + e.to + (e.label.empty() ? "" : " [label=\"" + e.label + "\"]") + ";\n";
    return out + "}\n";
  }
  out += "flowchart LR\n";
  for (const auto& [id, label] : nodes) out += "  " + id + "[\"" + label + "\"]\n";
  for (const auto& e : edges) out += "  " + e.from + (e.label.empty() ? " --> " : " -- " + e.label + " --> ") + e.to + "\n";
  return out;
}

}  // namespace

std::string graph(const Program& program, const std::string& workflow, bool dot, Diagnostics& diags) {
  std::vector<const WorkflowModel*> wfs;
  for (const auto& w : program.workflows) wfs.push_back(w.get());
  std::sort(wfs.begin(), wfs.end(), [](const WorkflowModel* a, const WorkflowModel* b) { return a->file < b->file; });
  std::vector<std::pair<std::string, std::string>> nodes;
  std::set<Edge> edges;
  if (workflow.empty()) {
    // Which workflow calls which (jobs' uses), labelled with the calling job.
    std::set<std::string> seen;
    auto add = [&](const std::string& name) {
      if (seen.insert(name).second) nodes.push_back({node_id(name), name});
    };
    for (const WorkflowModel* w : wfs) {
      add(file_name(w->file));
      const Value* jobs = w->body->get("jobs");
      if (!jobs) continue;
      for (const auto& j : jobs->fields) {
        const Value* uses = j.value->get("uses");
        if (!uses) continue;
        std::string callee = uses->tag == "workflow_ref" ? file_name(uses->get("file")->text)
                             : uses->is_string()        ? file_name(uses->text)
                                                        : "";
        if (callee.empty()) continue;
        add(callee);
        edges.insert({node_id(file_name(w->file)), node_id(callee), j.key});
      }
    }
    return render(nodes, edges, dot, "workflows");
  }
  for (const WorkflowModel* w : wfs) {
    if (file_name(w->file) != workflow) continue;
    const Value* jobs = w->body->get("jobs");
    if (!jobs) return render(nodes, edges, dot, workflow);
    for (const auto& j : jobs->fields) {
      std::string label = j.key;
      if (const Value* uses = j.value->get("uses")) {
        label += uses->tag == "workflow_ref" ? " → " + file_name(uses->get("file")->text)
                 : uses->is_string()        ? " → " + file_name(uses->text)
                                            : "";
      }
      if (j.value->get("strategy") && j.value->get("strategy")->get("matrix")) label += " (matrix)";
      if (j.value->get("if")) label += " (conditional)";
      nodes.push_back({node_id(j.key), label});
      if (const Value* needs = j.value->get("needs")) {
        for (const auto& n : needs->items) {
          if (n->is_string()) edges.insert({node_id(n->text), node_id(j.key), ""});
        }
      }
    }
    return render(nodes, edges, dot, workflow);
  }
  std::vector<std::string> names;
  for (const WorkflowModel* w : wfs) names.push_back(file_name(w->file));
  diags.error(Pos{}, "usage", "no generated workflow \"" + workflow + "\"" + did_you_mean(workflow, names));
  return "";
}

}  // namespace pipec
