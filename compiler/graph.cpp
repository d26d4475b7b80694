#include "graph.h"

#include <algorithm>
#include <map>
#include <set>

#include "ascii.h"
#include "external_workflows.h"
#include "report.h"

namespace pipec {
namespace {

// Node ids, one per name: letters, digits and _ only, which Mermaid reads
// unquoted (dot reads them quoted). Names that would share one (build-x,
// build_x), and the words Mermaid's flowcharts or dot take for their own,
// get a number after.
class NodeIds {
 public:
  const std::string& operator()(const std::string& name) {
    if (auto it = of_.find(name); it != of_.end()) return it->second;
    std::string base;
    for (char c : name) base += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    static const std::set<std::string> kWords = {
        "end",    "style",    "class",    "classdef", "click", "call",   "href",      "interpolate", "linkstyle",
        "default", "flowchart", "graph",  "subgraph", "direction", "node", "edge", "digraph",   "strict"};
    std::string id = base.empty() || kWords.count(lower(base)) ? base + "_1" : base;
    for (int n = 2; !used_.insert(id).second; ++n) id = base + "_" + std::to_string(n);
    return of_[name] = id;
  }

 private:
  std::map<std::string, std::string> of_;
  std::set<std::string> used_;
};

// A label in dot's quotes, or Mermaid's, where # starts an entity code
// (#quot;) and so is written as one too.
std::string label_text(const std::string& label, bool dot) {
  std::string out;
  for (char c : label) {
    if (dot && (c == '"' || c == '\\')) out += '\\';
    if (!dot && c == '"') out += "#quot;";
    else if (!dot && c == '#') out += "#35;";
    else out += c;
  }
  return out;
}

// A node: its id in Mermaid and dot, the name it stands for (a workflow's
// or a job's) and its label there; for a job, the workflow it calls and
// whether it has a matrix or a condition, which the label says too.
struct Node {
  std::string id, name, label, calls;
  bool matrix = false, conditional = false;
};

struct Edge {
  std::string from, to, label;
  bool operator<(const Edge& o) const { return std::tie(from, to, label) < std::tie(o.from, o.to, o.label); }
};

std::string render(const std::vector<Node>& nodes, const std::set<Edge>& edges,
                   GraphFormat format, const std::string& title) {
  std::string out;
  if (format == GraphFormat::Json) {
    // By name, not by node id: the ids are Mermaid's and dot's spelling.
    std::map<std::string, std::string> name_of;
    nlohmann::ordered_json doc = {{"graph", title}, {"nodes", nlohmann::ordered_json::array()},
                                  {"edges", nlohmann::ordered_json::array()}};
    for (const Node& n : nodes) {
      name_of[n.id] = n.name;
      nlohmann::ordered_json node = {{"name", n.name}};
      if (!n.calls.empty()) node["calls"] = n.calls;
      if (n.matrix) node["matrix"] = true;
      if (n.conditional) node["conditional"] = true;
      doc["nodes"].push_back(node);
    }
    for (const auto& e : edges) {
      nlohmann::ordered_json edge = {{"from", name_of[e.from]}, {"to", name_of[e.to]}};
      if (!e.label.empty()) edge["label"] = e.label;
      doc["edges"].push_back(edge);
    }
    return json_text(doc);
  }
  const bool dot = format == GraphFormat::Dot;
  if (dot) {
    out += "digraph \"" + label_text(title, true) + "\" {\n  rankdir=LR;\n  node [shape=box];\n";
    // Quoted: an id may start with a digit, which dot reads as a number.
    for (const Node& n : nodes) out += "  \"" + n.id + "\" [label=\"" + label_text(n.label, true) + "\"];\n";
    for (const auto& e : edges)
      out += "  \"" + e.from + "\" -> \"" + e.to + "\"" +
             (e.label.empty() ? "" : " [label=\"" + label_text(e.label, true) + "\"]") + ";\n";
    return out + "}\n";
  }
  out += "flowchart LR\n";
  for (const Node& n : nodes) out += "  " + n.id + "[\"" + label_text(n.label, false) + "\"]\n";
  // A label quoted: a job id may hold --, which Mermaid reads as an arrow.
  for (const auto& e : edges)
    out += "  " + e.from + (e.label.empty() ? " --> " : " -->|\"" + label_text(e.label, false) + "\"| ") + e.to + "\n";
  return out;
}

}  // namespace

// The path of the workflow a job calls: a generated workflow's own path,
// a local ./.github/workflows/x.yml as GitHub finds it (called_path), or
// what uses says; "" for none.
static std::string callee_path(const WorkflowModel& caller, const Value& job) {
  const Value* uses = job.get("uses");
  if (!uses) return "";
  if (uses->tag == "workflow_ref") return uses->get("file")->text;
  if (const std::optional<std::string> local = called_path(caller, job)) return *local;
  return uses->is_string() ? uses->text : "";
}

std::string graph(const Program& program, const std::string& workflow, GraphFormat format, Diagnostics& diags) {
  std::vector<const WorkflowModel*> wfs;
  for (const auto& w : program.workflows) wfs.push_back(w.get());
  std::sort(wfs.begin(), wfs.end(), [](const WorkflowModel* a, const WorkflowModel* b) { return a->file < b->file; });
  // A workflow is shown by its file name, or by its path where two share
  // a name (pipec's own ci.yml and TheRock's, a generated workflow and one
  // a job calls, or two another repository's jobs call).
  std::map<std::string, std::set<std::string>> paths_of;  // file name -> paths
  for (const WorkflowModel* w : wfs) {
    paths_of[file_name(w->file)].insert(w->file);
    if (const Value* jobs = w->body->get("jobs")) {
      for (const auto& j : jobs->fields) {
        if (const std::string callee = callee_path(*w, *j.value); !callee.empty())
          paths_of[file_name(callee)].insert(callee);
      }
    }
  }
  auto shown = [&](const std::string& path) {
    auto it = paths_of.find(file_name(path));
    return it != paths_of.end() && it->second.size() > 1 ? path : file_name(path);
  };
  std::vector<Node> nodes;
  std::set<Edge> edges;
  NodeIds node_id;
  if (workflow.empty()) {
    // Which workflow calls which (jobs' uses), labelled with the calling job.
    std::set<std::string> seen;
    auto add = [&](const std::string& path) {
      if (seen.insert(path).second) nodes.push_back({node_id(shown(path)), shown(path), shown(path), "", false, false});
    };
    for (const WorkflowModel* w : wfs) {
      add(w->file);
      const Value* jobs = w->body->get("jobs");
      if (!jobs) continue;
      for (const auto& j : jobs->fields) {
        std::string callee = callee_path(*w, *j.value);
        if (callee.empty()) continue;
        add(callee);
        edges.insert({node_id(shown(w->file)), node_id(shown(callee)), j.key});
      }
    }
    return render(nodes, edges, format, "workflows");
  }
  // The workflow named by its path, or by a tail of it (its file name)
  // that only it has.
  const WorkflowModel* chosen = nullptr;
  std::vector<std::string> named;
  for (const WorkflowModel* w : wfs) {
    if (w->file == workflow) chosen = w;
    if (names_path(w->file, workflow)) named.push_back(w->file);
  }
  if (!chosen && named.size() > 1) {
    diags.error(Pos{}, "usage", "several generated workflows are named \"" + workflow + "\": " + join(named) + "; name one by its path");
    return "";
  }
  for (const WorkflowModel* w : wfs) {
    if (!chosen && named.size() == 1 && w->file == named[0]) chosen = w;
  }
  if (chosen) {
    const WorkflowModel* w = chosen;
    const Value* jobs = w->body->get("jobs");
    if (!jobs) return render(nodes, edges, format, workflow);
    for (const auto& j : jobs->fields) {
      Node node{node_id(j.key), j.key, j.key, "", false, false};
      if (const std::string callee = callee_path(*w, *j.value); !callee.empty()) node.calls = shown(callee);
      node.matrix = j.value->get("strategy") && j.value->get("strategy")->get("matrix");
      node.conditional = j.value->get("if") != nullptr;
      if (!node.calls.empty()) node.label += " → " + node.calls;
      if (node.matrix) node.label += " (matrix)";
      if (node.conditional) node.label += " (conditional)";
      nodes.push_back(node);
      if (const Value* needs = j.value->get("needs")) {
        for (const auto& n : needs->items) {
          if (n->is_string()) edges.insert({node_id(n->text), node_id(j.key), ""});
        }
      }
    }
    return render(nodes, edges, format, workflow);
  }
  std::vector<std::string> names;
  for (const WorkflowModel* w : wfs) names.push_back(file_name(w->file));
  diags.error(Pos{}, "usage", "no generated workflow \"" + workflow + "\"" + did_you_mean(workflow, names));
  return "";
}

}  // namespace pipec
