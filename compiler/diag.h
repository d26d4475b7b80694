// Diagnostics are values: passes append them to a Diagnostics list and never
// print. The driver sorts, de-duplicates and renders them at the edge.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace pipec {

struct Pos {
  std::string file;
  int line = 0;  // 1-based; 0 means "no position"
  int col = 0;   // 1-based
  bool operator==(const Pos&) const = default;
};

// "file:line:col", as diagnostics and reports name a place.
std::string to_string(const Pos& pos);

struct Diagnostic {
  Pos pos;
  std::string severity;  // "error" or "warning"
  std::string message;
  std::string id;        // the check that produced it, e.g. "unknown-name"
  // For a report in a template's step, which its place alone does not
  // place: the uses that wrote the step, outermost first, and the workflow
  // file it is in.
  std::vector<Pos> used_at;
  std::string in_file;
  // Where the same report was made again, inside a Once.
  std::vector<Pos> also_at;
};

class Diagnostics {
 public:
  void error(const Pos& pos, std::string id, std::string message);
  // While one is alive, the reports made are in a step that the uses
  // `used_at` (outermost first) wrote into workflow file `in_file`.
  class Context {
   public:
    Context(Diagnostics& diags, const std::vector<Pos>& used_at, std::string in_file);
    ~Context();
    Context(const Context&) = delete;
    Context& operator=(const Context&) = delete;

   private:
    Diagnostics& diags_;
  };
  // While one is alive, a report made again in the same words by the same
  // check (and from the same uses) is added to the first as also_at: one
  // slip read in several places (env.X in each line of a script) is one
  // report, which names them all.
  class Once {
   public:
    explicit Once(Diagnostics& diags);
    ~Once();
    Once(const Once&) = delete;
    Once& operator=(const Once&) = delete;

   private:
    Diagnostics& diags_;
    std::optional<std::map<std::string, size_t>> outer_;  // an enclosing Once's
  };
  bool has_errors() const;
  const std::vector<Diagnostic>& items() const { return items_; }
  // Sorted by file, line, column, then message; exact duplicates removed.
  // `instances` maps each text a message may name an instance of a
  // template with parameters by (`ci_os(platform = "linux")`, or a file it
  // writes) to the template's name. A slip in such a template is reported
  // by every instance, at the same place: reports that differ only in the
  // instance they name are shown as one, which names the others. Reports
  // that differ only in their uses (Context) are shown as one, which says
  // where each comes from.
  std::vector<Diagnostic> sorted(const std::map<std::string, std::string>& instances = {}) const;

 private:
  std::vector<Diagnostic> items_;
  std::vector<std::pair<std::vector<Pos>, std::string>> contexts_;  // innermost last
  // In a Once: each report's check, words and uses -> its index in items_.
  std::optional<std::map<std::string, size_t>> once_;
};

// Source texts by path, so diagnostics can show the line with a caret.
using SourceMap = std::map<std::string, std::string>;

// Text from outside (a file's name, a line of a source) as one line a
// terminal shows faithfully: control and bidirectional control characters,
// and bytes of no UTF-8 character, as '?'; a line break or tab as \n,
// \r or \t.
std::string terminal_safe(const std::string& text);

// As text, the first kShownDiagnostics with the line each points at, then
// how many more there are, then the count of errors: a slip repeated
// thousands of times (a generated .pipe) does not bury the first report.
inline constexpr size_t kShownDiagnostics = 50;
// The most diagnostics one run keeps (and writes as JSON or SARIF).
inline constexpr size_t kKeptDiagnostics = 10000;
// The report that takes the place of those past it.
inline const std::string kStoppedKeeping = "more than " + std::to_string(kKeptDiagnostics) +
                                          " errors; pipec stops keeping them here, so the ones after this place are not reported";
std::string render_text(const std::vector<Diagnostic>& diags, const SourceMap& sources);

// The fewest characters inserted, deleted or replaced, or neighbours
// swapped, that turn a into b (optimal string alignment: frok is one from
// fork). Time and memory grow with their sizes'
// product: for names.
size_t edit_distance(const std::string& a, const std::string& b);
// The closest candidate by edit distance, or "" when nothing is near enough.
// The hints of one compile share a bound on the work, which
// reset_spelling_hints starts again: the same source gets the same hints,
// whatever was compiled before it in the process.
std::string nearest(const std::string& word, const std::vector<std::string>& candidates);
void reset_spelling_hints();
// Whether that bound has work left: while it has none, a caller need not
// gather candidates (every name in scope, for each unknown name) that no
// hint will come from.
bool spelling_hints_left();
// Counts `n` more units of that work: a caller's gathering of candidates,
// as much work as looking at them whether or not they become candidates.
void charge_spelling_hints(size_t n);
// ` (did you mean "x"?)` or "".
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);
// `a, b, c` — for "expected one of ..." messages.
std::string join(const std::vector<std::string>& words, const std::string& sep = ", ");
// Words as a sentence lists them: "a", "a and b", "a, b and c"; with
// last = "or", "a, b or c".
std::string spoken_list(const std::vector<std::string>& words, const std::string& last = "and");
// The first n words, then "N more" for the rest.
std::vector<std::string> at_most(const std::vector<std::string>& words, size_t n);
// Whether `word` is one of `words`.
bool contains(const std::vector<std::string>& words, const std::string& word);
// `unexpected key "k" for WHERE (did you mean "x"?); expected one of a, b`,
// the expected keys sorted.
std::string unexpected_key(const std::string& key, std::vector<std::string> expected, const std::string& where);

}  // namespace pipec
