// pipec fmt: the canonical layout of a .pipe file. Two spaces per block
// level, one statement per line (a block that was written on one line stays
// on one line while it fits in 120 columns, or at any width when it holds
// only attributes, as a table row), `key = value`, expressions
// spaced one way, at most one blank line in a row and none at the start or
// end of a block, `;` dropped, comments kept where they were. Only layout
// changes: every token is kept, so the file means what it meant, and
// formatting twice gives what formatting once gave.
#pragma once

#include <string>
#include <vector>

#include "diag.h"

namespace pipec {

// The formatted text, or "" with errors in `diags` when `text` does not parse.
std::string format_pipe(const std::string& path, const std::string& text, Diagnostics& diags);

struct Unformatted {
  std::string path;
  std::string diff;  // unified diff, as read -> formatted
};
struct FmtResult {
  int exit_code = 0;  // 0 all formatted (or written), 1 --check found some, 2 errors
  std::string out;    // for stdout, when writing
  size_t files = 0;   // how many files were read
  std::vector<Unformatted> unformatted;  // with --check: the files not in canonical layout
  SourceMap sources;  // for rendering diagnostics
};
// `pipec fmt`: formats `files` (default: every .pipe under <root>/pipelines),
// or with `check` only lists the ones not in canonical layout, with a diff
// (rendered by render_unformatted).
// Nothing is written unless every file parses; each file is replaced through
// a temporary file and a rename.
FmtResult format_files(const std::string& root, std::vector<std::string> files, bool check, Diagnostics& diags);

}  // namespace pipec
