#include "check_cache_keys.h"

#include <string>
#include <vector>

#include "ascii.h"
#include "render_expr.h"
#include "utf8.h"

namespace pipec {
namespace {

constexpr size_t kMaxKeys = 10;
constexpr size_t kMaxKeyLength = 512;

// One line of a value: as written (with its ${{ }}), and the text written
// around its ${{ }}.
struct Line {
  std::string written;
  std::string literal;
};

std::vector<Line> lines_of(const Value& v) {
  std::vector<Line> lines(1);
  auto add_text = [&](const std::string& text) {
    for (char c : text) {
      if (c == '\n') {
        lines.emplace_back();
        continue;
      }
      lines.back().written += c;
      lines.back().literal += c;
    }
  };
  if (v.parts.empty()) add_text(v.kind == Value::Kind::String ? v.text : scalar_text(v));
  for (const auto& p : v.parts) {
    if (p.expr)
      lines.back().written += "${{ " + render_expr(*p.expr) + " }}";
    else
      add_text(p.text);
  }
  return lines;
}

// What happens when the action refuses its keys.
std::string outcome(const std::string& repo) {
  return repo == "actions/cache/save" ? "it only warns and saves nothing" : "it fails the step";
}

// A key as messages show it: a long one by its start.
std::string shown(const std::string& written) {
  const std::vector<size_t> at = code_point_offsets(written);
  return at.size() > 81 ? written.substr(0, at[60]) + "..." : written;
}

}  // namespace

void check_cache_keys(const WorkflowModel& wf, Diagnostics& diags) {
  for (const auto& j : jobs_of(*wf.body)) {
    for (const auto& s : steps_of(*j.value)) {
      const std::string repo = action_repo(*s);
      if (repo != "actions/cache" && repo != "actions/cache/restore" &&
          repo != "actions/cache/save")
        continue;
      const Value* with = s->get("with");
      if (!with) continue;
      const std::string where = repo + " in job \"" + j.key + "\" of " + file_name(wf.file);
      size_t restore_lines = 0;  // restore-keys lines with text of their own
      for (const char* input : {"key", "restore-keys"}) {
        const Value* v = with->get(input);
        if (!v || (v->kind != Value::Kind::String && v->kind != Value::Kind::Number)) continue;
        const bool is_key = std::string(input) == "key";
        for (const Line& l : lines_of(*v)) {
          if (trim_space(l.written).empty()) continue;
          const std::string literal = trim_space(l.literal);
          if (literal.empty()) continue;
          if (!is_key) ++restore_lines;
          const std::string what =
              (is_key ? "key \"" : "restore key \"") + shown(trim_space(l.written)) + "\"";
          if (literal.find(',') != std::string::npos)
            diags.error(v->pos, "cache-key",
                        where + ": " + what +
                            " has a comma, which actions/cache refuses (\"cannot contain "
                            "commas\"): " +
                            outcome(repo) + "; write another separator");
          const size_t length = utf16_length(literal);
          if (length > kMaxKeyLength)
            diags.error(v->pos, "cache-key",
                        where + ": " + what + " is " + std::to_string(length) +
                            " characters long before its ${{ }} are filled in, and actions/cache "
                            "refuses keys past 512 (\"cannot be larger than 512 characters\"): " +
                            outcome(repo) + "; shorten it");
        }
      }
      const Value* restore = with->get("restore-keys");
      if (restore && 1 + restore_lines > kMaxKeys)
        diags.error(restore->pos, "cache-key",
                    where + ": key and restore-keys give " + std::to_string(1 + restore_lines) +
                        " keys, and actions/cache takes at most 10 (\"Keys are limited to a "
                        "maximum of 10\"): " +
                        outcome(repo) + "; keep at most 9 restore keys");
    }
  }
}

}  // namespace pipec
