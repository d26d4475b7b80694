#include "packages/index_html.h"

#include <algorithm>
#include <map>
#include <string_view>

#include "packages/package_names.h"

namespace steps::packages {

namespace {

std::string page(std::string_view title, bool simple_api, const std::string& body) {
  std::string html =
      "<!DOCTYPE html>\n"
      "<html>\n"
      "  <head>\n"
      "    <meta charset=\"utf-8\">\n";
  if (simple_api) html += "    <meta name=\"pypi:repository-version\" content=\"1.0\">\n";
  html += "    <title>" + html_escape(title) + "</title>\n";
  html += "  </head>\n  <body>\n";
  html += body;
  html += "  </body>\n</html>\n";
  return html;
}

std::string anchor(const std::string& href, const std::string& text) {
  return "    <a href=\"" + html_escape(href) + "\">" + html_escape(text) + "</a><br>\n";
}

std::string file_anchor(const IndexEntry& entry, std::string_view base) {
  return anchor(std::string(base) + percent_encode(entry.filename) + "#sha256=" + entry.sha256_hex,
                entry.filename);
}

}  // namespace

std::vector<IndexPage> render_index(std::vector<IndexEntry> entries) {
  std::sort(entries.begin(), entries.end(),
            [](const IndexEntry& a, const IndexEntry& b) { return a.filename < b.filename; });
  std::map<std::string, std::vector<const IndexEntry*>> by_project;
  for (const auto& entry : entries) by_project[entry.project].push_back(&entry);

  std::vector<IndexPage> pages;
  std::string root_body;
  for (const auto& [project, files] : by_project) {
    const std::string title = "Links for " + project;
    std::string body = "    <h1>" + html_escape(title) + "</h1>\n";
    for (const IndexEntry* entry : files) body += file_anchor(*entry, "../../");
    pages.push_back({"simple/" + project + "/index.html", page(title, true, body)});
    root_body += anchor(percent_encode(project) + "/", project);
  }
  pages.push_back({"simple/index.html", page("Simple index", true, root_body)});

  std::string flat_body = "    <h1>Package files</h1>\n";
  for (const auto& entry : entries) flat_body += file_anchor(entry, "");
  pages.push_back({"index.html", page("Package files", false, flat_body)});
  return pages;
}

}  // namespace steps::packages
