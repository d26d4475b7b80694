#include "check_hidden_uploads.h"

#include <algorithm>
#include <string>
#include <vector>

#include "render_expr.h"

namespace pipec {
namespace {

// Stands for a ${{ }} in a path's text: any text, a "/" or a wildcard.
constexpr char kRuntime = '\x01';

std::vector<std::string> split(const std::string& text, char at) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == at) {
      out.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

// The first segment of a pattern line that upload-artifact skips as hidden,
// whatever the ${{ }} in it hold; "" when there is none. The search is
// rooted at the segment before the first one with a wildcard (the last
// one when there is none), and each item from the root down is skipped
// when its name begins with ".". A ${{ }} may hold a "/" or a wildcard, so
// only the segments after the last one that has a ${{ }} are read, and
// the root is taken as deep as it can be: a wildcard in a ${{ }} would
// only raise it.
std::string hidden_segment(const std::string& line) {
  if (line.find('\\') != std::string::npos) return "";  // Windows separators: not read here
  std::vector<std::string> segments;
  for (auto& s : split(line, '/'))
    if (!s.empty()) segments.push_back(s);
  size_t literal = 0;  // the first segment after the last ${{ }}
  for (size_t i = 0; i < segments.size(); ++i)
    if (segments[i].find(kRuntime) != std::string::npos) literal = i + 1;
  if (segments.empty()) return "";
  // The root's index; -1 when the first segment has a wildcard (the root
  // is then the working directory).
  long root = static_cast<long>(segments.size()) - 1;
  for (size_t i = segments.size(); i-- > literal;)
    if (segments[i].find_first_of("*?[") != std::string::npos) root = static_cast<long>(i) - 1;
  for (size_t i = literal; i < segments.size(); ++i) {
    const std::string& s = segments[i];
    if (static_cast<long>(i) >= root && s[0] == '.' && s != "." && s != "..") return s;
  }
  return "";
}

}  // namespace

void check_hidden_uploads(const WorkflowModel& wf, Diagnostics& diags) {
  for (const auto& j : jobs_of(*wf.body)) {
    for (const auto& s : steps_of(*j.value)) {
      // Since v4.4, hidden files are left out.
      if (action_repo(*s) != "actions/upload-artifact" || !action_at_least(*s, 4, 4)) continue;
      const Value* with = s->get("with");
      const Value* path = with ? with->get("path") : nullptr;
      const Value* include = with ? with->get("include-hidden-files") : nullptr;
      if (include && scalar_text(*include) != "false") continue;  // true, or not known here
      if (!path || path->kind != Value::Kind::String) continue;
      // The text with each ${{ }} as kRuntime, and each ${{ }} as written.
      std::string text;
      std::vector<std::string> runtime;
      for (const auto& p : path->parts) {
        text += p.expr ? std::string(1, kRuntime) : p.text;
        if (p.expr) runtime.push_back("${{ " + render_expr(*p.expr) + " }}");
      }
      if (path->parts.empty()) text = path->text;
      size_t next = 0;  // the first ${{ }} of the line
      for (std::string line : split(text, '\n')) {
        const size_t in_line = std::count(line.begin(), line.end(), kRuntime);
        const size_t first = line.find_first_not_of(" \t");
        next += in_line;
        if (first == std::string::npos || line[first] == '!' || line[first] == '#') continue;
        line = line.substr(first, line.find_last_not_of(" \t") + 1 - first);
        const std::string hidden = hidden_segment(line);
        if (hidden.empty()) continue;
        std::string written;
        for (size_t i = 0, k = next - in_line; i < line.size(); ++i)
          written += line[i] == kRuntime ? runtime[k++] : std::string(1, line[i]);
        diags.error(path->pos, "hidden-upload",
                    "upload-artifact in job \"" + j.key + "\" of " + file_name(wf.file) +
                        " uploads nothing from path line \"" + written +
                        "\": since v4.4 it leaves out files and folders whose name begins with "
                        "\".\" (here \"" +
                        hidden +
                        "\") and all under them, and only warns \"No files were found with the "
                        "provided path\"; set include-hidden-files = true in its with, once sure "
                        "no hidden file there holds a credential");
      }
    }
  }
}

}  // namespace pipec
