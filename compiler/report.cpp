#include "report.h"

#include <sstream>

#include <algorithm>
#include <nlohmann/json.hpp>

namespace pipec {
namespace {

// Workflow commands escape %, CR and LF in values; properties also , and :.
std::string gh_escape(const std::string& s, bool property) {
  std::string out;
  for (char c : s) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else if (property && c == ':') out += "%3A";
    else if (property && c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

// The line of the file on disk where the first change of the diff is.
int first_changed_line(const std::string& diff) {
  auto at = diff.find("\n@@ -");
  if (at == std::string::npos) return 1;
  int line = 1;
  try {
    line = std::stoi(diff.substr(at + 5));
  } catch (...) {
    return 1;
  }
  size_t pos = diff.find('\n', at + 1);
  while (pos != std::string::npos && pos + 1 < diff.size()) {
    char c = diff[pos + 1];
    if (c == '-' || c == '+') return std::max(1, line);
    if (c != ' ') break;
    ++line;
    pos = diff.find('\n', pos + 1);
  }
  return std::max(1, line);
}

}  // namespace

const char* drift_kind_name(Drift::Kind k) {
  switch (k) {
    case Drift::Kind::Missing: return "missing";
    case Drift::Kind::Unreadable: return "in the way (not a file pipec can read)";
    case Drift::Kind::Stale: return "stale";
    case Drift::Kind::HandEdited: return "edited by hand";
    case Drift::Kind::Orphan: return "orphaned (no source generates it)";
  }
  return "";
}

// SARIF 2.1.0 for code scanning: one run of pipec, a rule per check id.
static std::string sarif(const std::vector<std::pair<Diagnostic, std::string>>& results) {
  nlohmann::ordered_json rules = nlohmann::ordered_json::array(), list = nlohmann::ordered_json::array();
  std::vector<std::string> ids;
  for (const auto& [d, text] : results) {
    if (std::find(ids.begin(), ids.end(), d.id) == ids.end()) {
      ids.push_back(d.id);
      rules.push_back({{"id", d.id}, {"name", d.id}});
    }
    nlohmann::ordered_json region = {{"startLine", std::max(1, d.pos.line)}};
    if (d.pos.col > 0) region["startColumn"] = d.pos.col;
    list.push_back({{"ruleId", d.id}, {"level", d.severity == "error" ? "error" : "warning"},
                    {"message", {{"text", text}}},
                    {"locations", {{{"physicalLocation", {{"artifactLocation", {{"uri", d.pos.file}}}, {"region", region}}}}}}});
  }
  nlohmann::ordered_json doc = {
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", {{{"tool", {{"driver", {{"name", "pipec"}, {"rules", rules}}}}},
                 {"results", list}}}}};
  return doc.dump(2) + "\n";
}

std::string render_diagnostics(const std::string& format, const std::vector<Diagnostic>& diags,
                               const SourceMap& sources) {
  if (format == "sarif") {
    std::vector<std::pair<Diagnostic, std::string>> r;
    for (const auto& d : diags) r.push_back({d, d.message});
    return sarif(r);
  }
  if (format == "github") {
    std::string out;
    for (const auto& d : diags) {
      out += "::" + d.severity + " file=" + gh_escape(d.pos.file, true);
      if (d.pos.line > 0) out += ",line=" + std::to_string(d.pos.line) + ",col=" + std::to_string(d.pos.col);
      out += ",title=" + gh_escape("pipec [" + d.id + "]", true) + "::" + gh_escape(d.message, false) + "\n";
    }
    return out;
  }
  if (format == "json") {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& d : diags) {
      list.push_back({{"file", d.pos.file}, {"line", d.pos.line}, {"column", d.pos.col},
                      {"severity", d.severity}, {"message", d.message}, {"id", d.id}});
    }
    return nlohmann::ordered_json{{"diagnostics", list}}.dump(2) + "\n";
  }
  return render_text(diags, sources);
}

// The .pipe positions a drift diff names ("<- file:line:col" after a changed
// line), each once, in order.
static std::vector<Pos> diff_sources(const std::string& diff) {
  std::vector<Pos> out;
  std::istringstream in(diff);
  for (std::string l; std::getline(in, l);) {
    if (l.empty() || (l[0] != '+' && l[0] != '-') || l.rfind("+++ ", 0) == 0 || l.rfind("--- ", 0) == 0) continue;
    auto at = l.rfind("    <- ");
    if (at == std::string::npos) continue;
    std::string ref = l.substr(at + 7);
    auto c2 = ref.rfind(':'), c1 = c2 == std::string::npos ? c2 : ref.rfind(':', c2 - 1);
    if (c1 == std::string::npos) continue;
    Pos p{ref.substr(0, c1), std::atoi(ref.substr(c1 + 1, c2 - c1 - 1).c_str()), std::atoi(ref.substr(c2 + 1).c_str())};
    bool seen = std::any_of(out.begin(), out.end(), [&](const Pos& q) {
      return q.file == p.file && q.line == p.line && q.col == p.col;
    });
    if (!seen && p.line > 0) out.push_back(p);
  }
  return out;
}

std::string render_drift(const std::string& format, const std::vector<Drift>& drift, size_t outputs) {
  if (format == "sarif") {
    std::vector<std::pair<Diagnostic, std::string>> r;
    for (const auto& d : drift) {
      r.push_back(
          {Diagnostic{Pos{d.path, first_changed_line(d.diff), 0}, "error", "", "drift", {}, {}, {}},
           d.path + " is " + drift_kind_name(d.kind) + "; run `pipec gen` and commit the result."});
    }
    return sarif(r);
  }
  if (format == "github") {
    std::string out;
    for (const auto& d : drift) {
      out += "::error file=" + gh_escape(d.path, true) + ",line=" + std::to_string(first_changed_line(d.diff)) +
             ",title=" + gh_escape("pipec check", true) + "::" +
             gh_escape(d.path + " is " + drift_kind_name(d.kind) + "; run `pipec gen` and commit the result.\n" + d.diff, false) + "\n";
      // And on the .pipe lines that produce the differing lines, where a
      // reviewer of the source change looks.
      for (const auto& p : diff_sources(d.diff)) {
        out += "::error file=" + gh_escape(p.file, true) + ",line=" + std::to_string(p.line) + ",col=" +
               std::to_string(p.col) + ",title=" + gh_escape("pipec check", true) + "::" +
               gh_escape("this line produces lines of " + d.path + " that differ from the committed file; run `pipec gen`", false) + "\n";
      }
    }
    return out;
  }
  if (format == "json") {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& d : drift) {
      nlohmann::ordered_json sources = nlohmann::ordered_json::array();
      for (const auto& p : diff_sources(d.diff))
        sources.push_back(to_string(p));
      list.push_back({{"file", d.path}, {"kind", drift_kind_name(d.kind)}, {"sources", sources}, {"diff", d.diff}});
    }
    return nlohmann::ordered_json{{"generated_files", outputs}, {"drift", list}}.dump(2) + "\n";
  }
  std::string out;
  for (const auto& d : drift) out += d.path + ": " + drift_kind_name(d.kind) + "\n" + d.diff;
  if (drift.empty()) return std::to_string(outputs) + (outputs == 1 ? " generated file" : " generated files") + " up to date\n";
  return out + std::to_string(drift.size()) + (drift.size() == 1 ? " file differs" : " files differ") + "; run `pipec gen`\n";
}

}  // namespace pipec
