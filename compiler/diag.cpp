#include "diag.h"

#include <locale.h>
#include <wchar.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

#include "ascii.h"
#include "utf8.h"

namespace pipec {

namespace {

// A message quotes what the source wrote, which may be as long as a line
// can be: past this many bytes, its middle is left out.
constexpr size_t kMaxMessage = 4000;

std::string shorten(std::string message) {
  if (message.size() <= kMaxMessage) return message;
  size_t head = kMaxMessage / 2, tail = kMaxMessage / 4;
  // Cut between UTF-8 characters, not inside one.
  auto continuation = [&](size_t i) { return (static_cast<unsigned char>(message[i]) & 0xC0) == 0x80; };
  while (head > 0 && continuation(head)) --head;
  size_t from = message.size() - tail;
  while (from < message.size() && continuation(from)) ++from;
  return message.substr(0, head) + " ... (" + std::to_string(from - head) + " bytes left out) ... " +
         message.substr(from);
}

}  // namespace

void Diagnostics::error(const Pos& pos, std::string id, std::string message) {
  // A slip repeated on every line of a large generated source would keep
  // millions (gigabytes): past the most kept, one report says so, and the
  // rest are dropped.
  if (items_.size() > kKeptDiagnostics) return;
  if (items_.size() == kKeptDiagnostics) {
    id = "too-large";
    message = kStoppedKeeping;
  }
  Diagnostic d{pos, "error", shorten(std::move(message)), std::move(id), {}, {}, {}};
  if (!contexts_.empty()) std::tie(d.used_at, d.in_file) = contexts_.back();
  if (once_) {
    std::string key = d.id + '\n' + d.message + '\n' + d.in_file;
    for (const Pos& p : d.used_at) key += '\n' + to_string(p);
    auto [it, fresh] = once_->emplace(key, items_.size());
    if (!fresh) {
      // Lines named twice are named once when the report is shown.
      items_[it->second].also_at.push_back(pos);
      return;
    }
  }
  items_.push_back(std::move(d));
}

Diagnostics::Once::Once(Diagnostics& diags) : diags_(diags), outer_(std::move(diags.once_)) {
  diags_.once_.emplace();
}

Diagnostics::Once::~Once() { diags_.once_ = std::move(outer_); }

Diagnostics::Context::Context(Diagnostics& diags, const std::vector<Pos>& used_at,
                              std::string in_file)
    : diags_(diags) {
  diags_.contexts_.emplace_back(used_at, std::move(in_file));
}

Diagnostics::Context::~Context() { diags_.contexts_.pop_back(); }

bool Diagnostics::has_errors() const {
  return std::any_of(items_.begin(), items_.end(),
                     [](const Diagnostic& d) { return d.severity == "error"; });
}

namespace {

// Sorted by place, words and check, then by the uses they come from. One
// check's words at one place, from different uses of a template, are one
// report, which says where they come from.
std::vector<Diagnostic> one_per_place(std::vector<Diagnostic> all) {
  // The lines of the other places, the file named where it is another.
  for (auto& d : all) {
    std::vector<std::string> lines;
    std::set<std::string> named = {std::to_string(d.pos.line)};
    for (const Pos& p : d.also_at) {
      std::string line = (p.file == d.pos.file ? "" : p.file + ":") + std::to_string(p.line);
      if (named.insert(line).second) lines.push_back(line);
    }
    if (!lines.empty())
      d.message += " (also on line" + std::string(lines.size() > 1 ? "s " : " ") +
                   spoken_list(at_most(lines, 3)) + ")";
  }
  auto key = [](const Diagnostic& d) {
    return std::tie(d.pos.file, d.pos.line, d.pos.col, d.message, d.id);
  };
  auto place = [](const Pos& p) { return std::tie(p.file, p.line, p.col); };
  auto same_uses = [&](const std::vector<Pos>& a, const std::vector<Pos>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [&](const Pos& x, const Pos& y) { return place(x) == place(y); });
  };
  std::stable_sort(all.begin(), all.end(), [&](const Diagnostic& a, const Diagnostic& b) {
    if (key(a) != key(b)) return key(a) < key(b);
    if (!same_uses(a.used_at, b.used_at))
      return std::lexicographical_compare(
          a.used_at.begin(), a.used_at.end(), b.used_at.begin(), b.used_at.end(),
          [&](const Pos& x, const Pos& y) { return place(x) < place(y); });
    return a.in_file < b.in_file;
  });
  std::vector<Diagnostic> out;
  for (size_t i = 0, j = 0; i < all.size(); i = j) {
    std::vector<std::pair<std::vector<Pos>, std::vector<std::string>>> uses;
    for (j = i; j < all.size() && key(all[j]) == key(all[i]); ++j) {
      const Diagnostic& d = all[j];
      if (d.used_at.empty()) continue;
      if (uses.empty() || !same_uses(uses.back().first, d.used_at)) uses.push_back({d.used_at, {}});
      if (!d.in_file.empty() && !contains(uses.back().second, d.in_file))
        uses.back().second.push_back(d.in_file);
    }
    out.push_back(all[i]);
    out.back().used_at.clear();
    out.back().in_file.clear();
    if (uses.empty()) continue;
    // One use is named with the workflows it writes the step into; of
    // several, most often each use (the slip is in the template), only the
    // places.
    std::vector<std::string> from;
    for (const auto& [chain, files] : uses) {
      std::string at = to_string(chain.front());
      for (size_t k = 1; k < chain.size(); ++k) at += " via " + to_string(chain[k]);
      from.push_back(uses.size() > 1 || files.empty() ? at : at + " in " + spoken_list(files));
    }
    out.back().message += " (from the use" + std::string(from.size() > 1 ? "s" : "") + " at " +
                          spoken_list(at_most(from, 3)) + ")";
  }
  return out;
}

bool name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' ||
         c == '/';
}

// The instance texts as a trie, so that a message is read once whatever
// the number of instances (a table can make thousands).
class InstanceTrie {
 public:
  explicit InstanceTrie(const std::map<std::string, std::string>& instances) {
    nodes_.emplace_back();
    for (const auto& entry : instances) {
      size_t n = 0;
      for (char c : entry.first) {
        auto it = nodes_[n].next.find(c);
        if (it == nodes_[n].next.end()) {
          nodes_.emplace_back();
          it = nodes_[n].next.emplace(c, nodes_.size() - 1).first;
        }
        n = it->second;
      }
      nodes_[n].entry = &entry;
    }
  }

  // The message with each instance it names as a whole word replaced by
  // its template's name (marked, so no text can be taken for it), and the
  // instances it names.
  std::pair<std::string, std::vector<std::string>> without_instances(
      const std::string& message) const {
    std::string out;
    std::vector<std::string> named;
    for (size_t i = 0; i < message.size();) {
      // The longest instance text that starts here and ends a word.
      const Entry* best = nullptr;
      for (size_t n = 0, j = i; (i == 0 || !name_char(message[i - 1])) && j < message.size();) {
        auto it = nodes_[n].next.find(message[j]);
        if (it == nodes_[n].next.end()) break;
        n = it->second;
        ++j;
        if (nodes_[n].entry && (j == message.size() || !name_char(message[j])))
          best = nodes_[n].entry;
      }
      if (best) {
        out += '\x01' + best->second + '\x01';
        named.push_back(best->first);
        i += best->first.size();
      } else {
        out += message[i++];
      }
    }
    return {out, named};
  }

 private:
  using Entry = std::pair<const std::string, std::string>;
  struct Node {
    std::map<char, size_t> next;
    const Entry* entry = nullptr;
  };
  std::vector<Node> nodes_;
};

}  // namespace

std::vector<Diagnostic> Diagnostics::sorted(
    const std::map<std::string, std::string>& instances) const {
  std::vector<Diagnostic> out = one_per_place(items_);
  if (instances.empty()) return out;
  // Reports at one place, by one check, that say the same of different
  // instances: the first stands for all, and names the instances of the
  // others that it does not name itself.
  const InstanceTrie trie(instances);
  std::vector<Diagnostic> merged;
  std::vector<std::pair<std::string, std::vector<std::string>>> shapes;  // of merged's items
  std::vector<std::vector<std::string>> others;  // instances they stand for too
  auto same_place = [](const Diagnostic& a, const Diagnostic& b) {
    return a.pos.file == b.pos.file && a.pos.line == b.pos.line && a.pos.col == b.pos.col;
  };
  for (const auto& d : out) {
    auto shape = trie.without_instances(d.message);
    std::optional<size_t> into;
    for (size_t i = merged.size(); !shape.second.empty() && i > 0 && same_place(merged[i - 1], d);
         --i) {
      if (merged[i - 1].id == d.id && shapes[i - 1].first == shape.first) {
        into = i - 1;
        break;
      }
    }
    if (!into) {
      merged.push_back(d);
      shapes.push_back(shape);
      others.emplace_back();
      continue;
    }
    for (const auto& n : shape.second) {
      if (!contains(shapes[*into].second, n) && !contains(others[*into], n))
        others[*into].push_back(n);
    }
  }
  for (size_t i = 0; i < merged.size(); ++i) {
    const auto& o = others[i];
    if (o.empty()) continue;
    // At most three by name: a table can make hundreds of instances.
    merged[i].message += " (the same in " + spoken_list(at_most(o, 3)) + ")";
  }
  return merged;
}

static std::string source_line(const SourceMap& sources, const Pos& pos) {
  auto it = sources.find(pos.file);
  if (it == sources.end() || pos.line <= 0) return {};
  std::istringstream in(it->second);
  std::string line;
  for (int i = 1; std::getline(in, line); ++i) {
    if (i == pos.line) return line;
  }
  return {};
}

// At most kExcerptWidth characters of a line around column `col` (0-based,
// in code points, as columns count), with "..." where it is cut; and the
// caret's column in what is shown.
static constexpr size_t kExcerptWidth = 120;
static std::pair<std::string, size_t> excerpt(const std::string& line, size_t col) {
  const std::vector<size_t> starts = code_point_offsets(line);
  const size_t count = starts.size() - 1;
  if (count <= kExcerptWidth) return {line, col};
  size_t from = col > kExcerptWidth / 2 ? col - kExcerptWidth / 2 : 0;
  from = std::min(from, count - kExcerptWidth);
  size_t to = from + kExcerptWidth;
  std::string shown = (from > 0 ? "..." : "") + line.substr(starts[from], starts[to] - starts[from]) + (to < count ? "..." : "");
  return {shown, col - from + (from > 0 ? 3 : 0)};
}

// The terminal columns `count` code points of `text` take (more than the
// text has are one each): a wide character (CJK, most emoji) takes two, a
// combining mark none, as glibc's wcwidth says in the C.UTF-8 locale. The
// caret under a line with such characters once stood off its place.
static size_t display_width(const std::string& text, size_t count) {
  static const locale_t utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", nullptr);
  const locale_t before = utf8 ? uselocale(utf8) : nullptr;
  size_t width = 0, i = 0;
  for (; count > 0 && i < text.size(); --count) {
    const int w = wcwidth(static_cast<wchar_t>(decode_utf8(text, i)));
    width += w < 0 ? 1 : static_cast<size_t>(w);
  }
  if (utf8) uselocale(before);
  return width + count;
}

std::string to_string(const Pos& pos) {
  return pos.file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.col);
}

// Source text as a terminal shows it faithfully: a control character (C0
// or C1), which would act on the terminal, a bidirectional control
// character, which would reorder what is around it (and move the caret off
// its place), and a byte of no UTF-8 character are each written as '?';
// `escape` writes a line break or tab as \n, \r or \t instead, and a tab
// otherwise is a space.
static std::string printable(const std::string& text, bool escape) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const size_t from = i;
    const char32_t c = decode_utf8(text, i);
    if (escape && c == '\n') out += "\\n";
    else if (escape && c == '\r') out += "\\r";
    else if (escape && c == '\t') out += "\\t";
    else if (c == '\t') out += ' ';
    else if (c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == kNotUtf8 || bidi_control_name(c)) out += '?';
    else out.append(text, from, i - from);
  }
  return out;
}

std::string terminal_safe(const std::string& text) { return printable(text, true); }

std::string render_text(const std::vector<Diagnostic>& diags, const SourceMap& sources) {
  std::string out;
  int errors = 0;
  size_t shown = 0;
  const bool stopped = std::any_of(diags.begin(), diags.end(), [](const Diagnostic& d) { return d.message == kStoppedKeeping; });
  for (const auto& d : diags) {
    if (d.severity == "error") ++errors;
    if (shown++ == kShownDiagnostics) {
      out += "... " + std::to_string(diags.size() - kShownDiagnostics) + " more not shown (--format json lists " +
             (stopped ? "the " + std::to_string(kKeptDiagnostics) + " kept" : std::string("them all")) + ")\n";
    }
    if (shown > kShownDiagnostics) continue;
    if (d.pos.line > 0) {
      out += terminal_safe(to_string(d.pos)) + ": ";
    } else if (!d.pos.file.empty()) {
      out += terminal_safe(d.pos.file) + ": ";
    }
    out += d.severity + ": " + terminal_safe(d.message) + " [" + d.id + "]\n";
    std::string line = source_line(sources, d.pos);
    if (!line.empty()) {
      line = printable(line, false);
      auto [shown, caret] = excerpt(line, std::max(0, d.pos.col - 1));
      out += "  " + shown + "\n";
      out += "  " + std::string(display_width(shown, caret), ' ') + "^\n";
    }
  }
  if (stopped) out += "more than " + std::to_string(kKeptDiagnostics) + " errors\n";
  else if (errors > 0) out += std::to_string(errors) + (errors == 1 ? " error\n" : " errors\n");
  return out;
}

size_t edit_distance(const std::string& a, const std::string& b) {
  // Three rows: a swap of two neighbours (frok, haed) looks two back.
  std::vector<size_t> before(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) cur[j] = std::min(cur[j], before[j - 2] + 1);
    }
    std::swap(before, prev);
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

// Names longer than this get no hint by spelling (one is no typo), and
// the hints of a compile stop after this many cells of edit distance: a
// source with thousands of unknown names, each against thousands of
// candidates, would otherwise take minutes. The order of the reports is
// fixed, so the same source always gets the same hints.
constexpr size_t kLongestHinted = 64;
constexpr size_t kHintCells = size_t{64} << 20;
static size_t hint_cells_used = 0;

void reset_spelling_hints() { hint_cells_used = 0; }
bool spelling_hints_left() { return hint_cells_used <= kHintCells; }
// A name gathered is a lookup in a scope's map besides a copy: some tens of
// edit-distance cells' time.
void charge_spelling_hints(size_t n) { hint_cells_used += 32 * n; }

std::string nearest(const std::string& word, const std::vector<std::string>& candidates) {
  // Each candidate looked at is work too, whatever its distance.
  if (!spelling_hints_left()) return "";
  hint_cells_used += candidates.size();
  // The word in another case first, however short: matrix.OS for os.
  const std::string word_lower = lower(word);
  for (const auto& c : candidates) {
    if (c != word && c.size() == word.size() && lower(c) == word_lower) return c;
  }
  std::string best;
  size_t best_d = word.size() / 3 + 2;  // a third of the word, at least 2
  for (const auto& c : candidates) {
    if (word.size() > kLongestHinted || c.size() > kLongestHinted) continue;
    // The distance is at least the difference in length.
    if ((c.size() > word.size() ? c.size() - word.size() : word.size() - c.size()) > best_d) continue;
    if (hint_cells_used > kHintCells) break;
    hint_cells_used += (word.size() + 1) * (c.size() + 1);
    size_t d = edit_distance(word, c);
    if (d >= word.size()) continue;  // nothing of the word is left: no hint
    if (d < best_d || (d == best_d && !best.empty() && c < best)) {
      if (d < best_d) best_d = d;
      best = c;
    }
  }
  // The word as the first part of one name, however far: matrix.python for
  // python_version.
  if (best.empty() && word.size() >= 3) {
    for (const auto& c : candidates) {
      const bool leads = c.size() > word.size() && c.compare(0, word.size(), word) == 0 &&
                         (c[word.size()] == '_' || c[word.size()] == '-');
      if (leads && !best.empty()) return "";  // several: no hint
      if (leads) best = c;
    }
  }
  return best;
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  std::string n = nearest(word, candidates);
  return n.empty() ? "" : " (did you mean \"" + n + "\"?)";
}

std::string unexpected_key(const std::string& key, std::vector<std::string> expected, const std::string& where) {
  std::sort(expected.begin(), expected.end());
  return "unexpected key \"" + key + "\" for " + where + did_you_mean(key, expected) + "; expected one of " + join(expected);
}

std::vector<std::string> at_most(const std::vector<std::string>& words, size_t n) {
  if (words.size() <= n) return words;
  std::vector<std::string> out(words.begin(), words.begin() + n);
  out.push_back(std::to_string(words.size() - n) + " more");
  return out;
}

std::string spoken_list(const std::vector<std::string>& words, const std::string& last) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i)
    out += (i == 0 ? "" : i + 1 == words.size() ? " " + last + " " : ", ") + words[i];
  return out;
}

bool contains(const std::vector<std::string>& words, const std::string& word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

std::string join(const std::vector<std::string>& words, const std::string& sep) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) {
    if (i) out += sep;
    out += words[i];
  }
  return out;
}

}  // namespace pipec
