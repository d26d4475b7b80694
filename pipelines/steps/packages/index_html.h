// Renders the index pages of a package directory:
//  * simple/<project>/index.html - PEP 503 project pages, one anchor per file;
//  * simple/index.html           - PEP 503 root page listing the projects;
//  * index.html                  - a flat page for pip --find-links.
// Anchors carry "#sha256=<hex>" and percent-encoded hrefs ('+' is %2B). The
// output depends only on the entries: sorted, no timestamps, fixed HTML5
// boilerplate, PEP 629 repository version 1.0 on the simple pages.
#pragma once

#include <string>
#include <vector>

namespace steps::packages {

struct IndexEntry {
  std::string filename;  // lives beside the flat index.html
  std::string project;   // PEP 503 normalised
  std::string sha256_hex;
};

struct IndexPage {
  std::string path;  // relative to the package directory, '/'-separated
  std::string html;
};

// Pages in upload order: project pages (by project), then simple/index.html,
// then index.html last.
std::vector<IndexPage> render_index(std::vector<IndexEntry> entries);

}  // namespace steps::packages
