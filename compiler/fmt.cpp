#include "fmt.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <sstream>

#include "driver.h"
#include "parse.h"
#include "replace_files.h"
#include "source_files.h"
#include "utf8.h"

namespace pipec {
namespace {

constexpr size_t kWidth = 120;

using Kind = Token::Kind;

bool is_semicolon(const Token& t) { return t.kind == Kind::Punct && t.text == ";"; }

// Whether a space goes before each token, spaced one way: `a = b`,
// `f(x, y)`, `a.b`, `!x`, `[1, 2]`, `{k: v}`, `c ? a : b`, `name: type`.
// `;` tokens are dropped by the callers, and they and comments are read as
// absent here.
std::vector<bool> spaces_before(const std::vector<Token>& toks) {
  std::vector<bool> out(toks.size(), false);
  std::vector<int> ternaries(1, 0);  // unmatched '?' per bracket depth
  const Token* p = nullptr;
  for (size_t i = 0; i < toks.size(); ++i) {
    const Token& t = toks[i];
    if (is_semicolon(t) || t.kind == Kind::Comment) continue;
    bool space = p != nullptr;
    if (p) {
      const std::string& a = p->text;
      bool prev_op = p->kind == Kind::Punct;
      if (prev_op && (a == "(" || a == "[" || a == "{" || a == "." || a == "!")) space = false;
      if (t.kind == Kind::Punct && (t.text == ")" || t.text == "]" || t.text == "}" || t.text == "," || t.text == "."))
        space = false;
      if (t.kind == Kind::Punct && (t.text == "(" || t.text == "[") &&
          (p->kind == Kind::Word || p->kind == Kind::String || (prev_op && (a == ")" || a == "]" || a == "}"))))
        space = false;  // a call, a type's options, an index
      if (t.kind == Kind::Punct && t.text == ":" && ternaries.back() == 0) space = false;  // `key: value`
    }
    if (t.kind == Kind::Punct && (t.text == "(" || t.text == "[" || t.text == "{")) ternaries.push_back(0);
    if (t.kind == Kind::Punct && (t.text == ")" || t.text == "]" || t.text == "}") && ternaries.size() > 1) ternaries.pop_back();
    if (t.kind == Kind::Punct && t.text == "?") ++ternaries.back();
    if (t.kind == Kind::Punct && t.text == ":" && ternaries.back() > 0) {
      --ternaries.back();
      space = true;
    }
    out[i] = space;
    p = &t;
  }
  return out;
}

// One line of tokens, spaced one way.
std::string respace(const std::string& s) {
  std::vector<Token> toks = tokens_of(s);
  std::vector<bool> space = spaces_before(toks);
  std::string out;
  for (size_t i = 0; i < toks.size(); ++i) {
    if (is_semicolon(toks[i])) continue;
    out += (space[i] ? " " : "") + toks[i].text;
  }
  return out;
}

// Several lines of tokens: spaced as one line within each line, and the
// breaks kept with the next line's indentation. A comment keeps the space
// before it (comments of several lines may be lined up).
std::string respace_lines(const std::string& s) {
  std::vector<Token> toks = tokens_of(s);
  std::vector<bool> space = spaces_before(toks);
  std::string out;
  size_t prev_end = 0;
  for (size_t i = 0; i < toks.size(); ++i) {
    if (is_semicolon(toks[i])) continue;
    // Only blanks, line breaks and dropped `;` lie between two tokens.
    std::string gap = s.substr(prev_end, toks[i].begin - prev_end);
    gap.erase(std::remove(gap.begin(), gap.end(), ';'), gap.end());
    const size_t nl = gap.find('\n');
    if (nl != std::string::npos)
      out += gap.substr(nl);  // no blanks at a line's end
    else if (toks[i].kind == Kind::Comment)
      out += gap.empty() ? " " : gap;
    else if (space[i])
      out += " ";
    out += toks[i].text;
    prev_end = toks[i].end;
  }
  return out + s.substr(prev_end);
}

class Formatter {
 public:
  Formatter(const std::string& text, std::vector<Comment> comments) : text_(text), comments_(std::move(comments)) {}

  std::string run(const Body& stmts) {
    body(stmts, 0, 0, text_.size());
    // No blank lines at the end; one newline.
    while (!out_.empty() && out_.back() == '\n') out_.pop_back();
    return out_.empty() ? "" : align_trailing_comments(out_ + "\n");
  }

 private:
  std::string slice(Span s) const {
    std::string t = text_.substr(s.begin, s.end - s.begin);
    while (!t.empty() && (std::isspace(static_cast<unsigned char>(t.back())) || t.back() == ';')) t.pop_back();
    return t;
  }

  // Whether a comment starts in [b, e) (comments_ is in text order).
  bool has_comment(size_t b, size_t e) const {
    auto it = std::lower_bound(comments_.begin(), comments_.end(), b,
                               [](const Comment& c, size_t at) { return c.begin < at; });
    return it != comments_.end() && it->begin < e;
  }
  // The lines out_ holds, counted on from where the last count ended (a
  // count of all of out_ for each trailing comment took time quadratic in
  // them).
  size_t out_lines() {
    lines_ += std::count(out_.begin() + counted_, out_.end(), '\n');
    counted_ = out_.size();
    return lines_;
  }
  // Takes back the last character written out.
  void pop_out() {
    if (out_.size() <= counted_) {
      counted_ = out_.size() - 1;
      lines_ -= out_.back() == '\n';
    }
    out_.pop_back();
  }
  void skip_comments_before(size_t offset) {
    while (next_ < comments_.size() && comments_[next_].begin < offset) ++next_;
  }
  bool blank_line_between(size_t b, size_t e) const {
    int n = 0;
    for (size_t i = b; i < e && i < text_.size(); ++i) n += text_[i] == '\n';
    return n >= 2;
  }

  // A value or header; several lines keep their breaks, re-indented.
  std::string expr(Span s, size_t orig_indent, size_t indent) const {
    std::string t = slice(s);
    if (t.find('\n') == std::string::npos) return respace(t);
    t = respace_lines(t);
    std::vector<Token> toks = tokens_of(t);
    long delta = static_cast<long>(indent) - static_cast<long>(orig_indent);
    // Lines inside a triple-quoted string are content: they move only all
    // together (its common indentation is removed), and only if that keeps
    // every one of them.
    std::vector<std::pair<size_t, size_t>> raw;
    for (const auto& k : toks) {
      if (k.kind != Kind::RawString || k.text.find('\n') == std::string::npos) continue;
      size_t first_nl = k.text.find('\n');
      if (k.text.find_first_not_of(" \t", 3) < first_nl) delta = 0;  // content on the opening line
      raw.push_back({k.begin, k.end});
    }
    auto inside_raw = [&](size_t at) {
      return std::any_of(raw.begin(), raw.end(), [&](auto r) { return at > r.first && at < r.second; });
    };
    std::vector<std::pair<size_t, std::string>> lines;  // start offset, text
    for (size_t i = 0;;) {
      size_t nl = t.find('\n', i);
      lines.push_back({i, t.substr(i, nl == std::string::npos ? std::string::npos : nl - i)});
      if (nl == std::string::npos) break;
      i = nl + 1;
    }
    if (delta < 0) {
      for (size_t k = 1; k < lines.size(); ++k) {
        const auto& [at, line] = lines[k];
        size_t lead = line.find_first_not_of(" \t");
        if (inside_raw(at) && lead != std::string::npos && lead < static_cast<size_t>(-delta)) delta = 0;
      }
    }
    std::string out;
    for (size_t k = 0; k < lines.size(); ++k) {
      auto [at, line] = lines[k];
      bool content = inside_raw(at);
      if (!content) {
        while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.pop_back();
      }
      if (k > 0 && !(line.empty() && !content)) {
        if (delta > 0) line = std::string(delta, ' ') + line;
        if (delta < 0) {
          size_t lead = std::min(line.find_first_not_of(" \t"), line.size());
          line.erase(0, std::min(lead, static_cast<size_t>(-delta)));
        }
      }
      out += (k ? "\n" : "") + line;
    }
    return out;
  }

  // The indentation a statement had: its column when it begins its line;
  // else its line's, two more for each block opened before it there
  // (`env {   A = """`: A was at 6 if the line's was 4, as fmt puts it),
  // so that the lines of its value move with it as far as it moves.
  size_t indent_of(const Stmt& s) const {
    const size_t from = line_start(text_, s.span.begin);
    const std::string before = text_.substr(from, s.span.begin - from);
    const size_t lead = before.find_first_not_of(" \t");
    if (lead == std::string::npos) return before.size();
    long open = 0;
    for (const auto& t : tokens_of(before)) {
      if (t.kind == Token::Kind::Punct) open += t.text == "{" ? 1 : t.text == "}" ? -1 : 0;
    }
    return lead + 2 * static_cast<size_t>(std::max(open, 0L));
  }

  std::string header(const Stmt& s, size_t indent) const {
    switch (s.kind) {
      case Stmt::Kind::Import: return "import " + slice(s.head);
      case Stmt::Kind::Let: return "let " + s.name + " = " + expr(s.head, indent_of(s), indent);
      case Stmt::Kind::Use: return "use " + s.name + expr(s.head, indent_of(s), indent);
      case Stmt::Kind::Attr: return s.name + " = " + expr(s.head, indent_of(s), indent);
      case Stmt::Kind::Flag: return s.kind_word;
      default: return expr(s.head, indent_of(s), indent);
    }
  }

  bool has_body(const Stmt& s) const { return s.body_braces.end > s.body_braces.begin; }

  // The whole statement on one line, if it was written so and has no
  // comments inside.
  std::optional<std::string> one_line(const Stmt& s) const {
    std::string t = text_.substr(s.span.begin, s.span.end - s.span.begin);
    if (t.find('\n') != std::string::npos || has_comment(s.span.begin, s.span.end) || s.else_body)
      return std::nullopt;
    std::string h = header(s, 0);
    if (!has_body(s)) return h;
    std::string inner;
    for (const auto& c : *s.body) {
      auto l = one_line(*c);
      if (!l) return std::nullopt;
      inner += " " + *l;
    }
    return h + (inner.empty() ? " {}" : " {" + inner + " }");
  }

  void line(size_t indent, const std::string& s) { out_ += std::string(indent, ' ') + s + "\n"; }

  // The width of the last line written (out_ ends with its newline).
  size_t current_line_width() const {
    size_t end = out_.size() - 1, start = out_.rfind('\n', end - 1);
    return end - (start == std::string::npos ? 0 : start + 1);
  }

  void comment_lines(size_t until, size_t indent, size_t& prev_end, bool& first) {
    while (next_ < comments_.size() && comments_[next_].begin < until) {
      const Comment& c = comments_[next_++];
      if (!first && blank_line_between(prev_end, c.begin)) out_ += "\n";
      line(indent, c.text);
      prev_end = c.end;
      first = false;
    }
  }

  // The statements of a body between `from` and `until`, at `depth`.
  void body(const Body& stmts, int depth, size_t from, size_t until) {
    size_t indent = 2 * depth, prev_end = from;
    bool first = true, prev_flag = false;
    for (size_t i = 0; i < stmts.size(); ++i) {
      const Stmt& s = *stmts[i];
      comment_lines(s.span.begin, indent, prev_end, first);
      if (!first && blank_line_between(prev_end, s.span.begin)) out_ += "\n";
      // Bare names written on one line (with { a b c }) stay on one line
      // while it fits.
      bool joins = !first && s.kind == Stmt::Kind::Flag && prev_flag &&
                   text_.find('\n', prev_end) >= s.span.begin && !has_comment(prev_end, s.span.begin) &&
                   current_line_width() + 1 + s.kind_word.size() <= kWidth;
      if (joins) {
        pop_out();
        out_ += " " + s.kind_word + "\n";
      } else {
        stmt(s, indent, depth);
      }
      prev_flag = s.kind == Stmt::Kind::Flag;
      prev_end = s.span.end;
      first = false;
      // A comment on the line where the statement ends stays there, unless
      // another statement comes before it on that line (`a = 1 b # c`:
      // the comment follows b), or the block ends before it (`{ a = 1 } # c`:
      // the comment follows the block).
      if (next_ < comments_.size() && comments_[next_].begin >= s.span.end && comments_[next_].begin < until &&
          text_.find('\n', s.span.end) > comments_[next_].begin &&
          (i + 1 == stmts.size() || stmts[i + 1]->span.begin > comments_[next_].begin)) {
        pop_out();
        size_t start = out_.rfind('\n') == std::string::npos ? 0 : out_.rfind('\n') + 1;
        trailing_[out_lines()] = out_.size() - start;
        out_ += " " + comments_[next_].text + "\n";
        prev_end = comments_[next_++].end;
      }
    }
    comment_lines(until, indent, prev_end, first);
  }

  void stmt(const Stmt& s, size_t indent, int depth) {
    if (!has_body(s)) {
      line(indent, header(s, indent));
      skip_comments_before(s.span.end);  // those inside a multi-line value stay in it
      return;
    }
    // A block written on one line stays so while it fits; a record (only
    // attributes: a table row, a flag with its help) stays so at any width.
    auto one = one_line(s);
    bool record = std::all_of(s.body->begin(), s.body->end(), [](const StmtPtr& c) {
      return c->kind == Stmt::Kind::Attr || c->kind == Stmt::Kind::Flag;
    });
    if (one && (indent + one->size() <= kWidth || record)) {
      line(indent, *one);
      return;
    }
    std::string h = header(s, indent);
    skip_comments_before(s.body_braces.begin);  // inside a multi-line header
    if (s.body->empty() && !has_comment(s.body_braces.begin, s.body_braces.end)) {
      line(indent, h + " {}");
    } else {
      line(indent, h + " {");
      body(*s.body, depth + 1, s.body_braces.begin + 1, s.body_braces.end - 1);
      line(indent, "}");
    }
    const Stmt* w = &s;
    while (w->else_body && (!w->else_body->empty() || w->else_braces.end > w->else_braces.begin)) {
      pop_out();  // `} else ...` on the closing line
      if (w->else_braces.end > w->else_braces.begin) {
        if (w->else_body->empty() && !has_comment(w->else_braces.begin, w->else_braces.end)) {
          out_ += " else {}\n";
          break;
        }
        out_ += " else {\n";
        body(*w->else_body, depth + 1, w->else_braces.begin + 1, w->else_braces.end - 1);
        line(indent, "}");
        break;
      }
      const Stmt& next = *w->else_body->front();  // else when ...
      out_ += " else " + header(next, indent) + " {\n";
      body(*next.body, depth + 1, next.body_braces.begin + 1, next.body_braces.end - 1);
      line(indent, "}");
      w = &next;
    }
  }

  // Trailing comments of consecutive lines start in one column, as gofmt
  // lines them up.
  std::string align_trailing_comments(const std::string& text) const {
    std::vector<std::string> lines;
    for (size_t i = 0; i < text.size();) {
      size_t nl = text.find('\n', i);
      lines.push_back(text.substr(i, nl - i));
      i = nl + 1;
    }
    for (auto it = trailing_.begin(); it != trailing_.end();) {
      auto end = it;
      size_t width = 0;
      for (size_t line = it->first; end != trailing_.end() && end->first == line; ++end, ++line)
        width = std::max(width, end->second);
      for (auto k = it; k != end; ++k) {
        std::string& l = lines[k->first];
        l = l.substr(0, k->second) + std::string(width - k->second + 1, ' ') + l.substr(k->second + 1);
      }
      it = end;
    }
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
  }

  const std::string& text_;
  std::vector<Comment> comments_;
  size_t next_ = 0;
  std::string out_;
  size_t counted_ = 0, lines_ = 0;  // out_lines: where it counted to, and the lines up to there
  std::map<size_t, size_t> trailing_;  // line -> length of its code, for lines with a trailing comment
};

}  // namespace

// What the layout may not change: every token but `;`, with the lines of a
// triple-quoted string compared without their indentation (they move
// together) and the opening line without the blanks after the quotes, and
// every comment.
static std::vector<std::string> meaning(const std::string& text) {
  std::vector<std::string> out;
  for (const auto& t : tokens_of(text)) {
    if (t.text == ";") continue;
    if (t.kind != Token::Kind::RawString) {
      out.push_back(t.text);
      continue;
    }
    std::string lines;
    std::istringstream in(t.text);
    bool opening = true;  // blanks after the opening quotes, before a line break, are no text
    for (std::string l; std::getline(in, l); opening = false) {
      if (opening && !in.eof()) l.erase(l.find_last_not_of(" \t") + 1);
      lines += l.substr(std::min(l.size(), l.find_first_not_of(" \t"))) + "\n";
    }
    out.push_back(lines);
  }
  return out;
}

std::string format_pipe(const std::string& path, const std::string& text, Diagnostics& diags) {
  size_t before = diags.items().size();
  File file = parse_file(path, text, diags);
  if (diags.items().size() != before || diags.has_errors()) return "";
  std::string formatted = Formatter(text, comments_of(text)).run(file.stmts);
  // A check of the formatter itself: it must not lose, move or merge a
  // token or comment (a comment inside a statement is where it can).
  auto want = meaning(text), got = meaning(formatted);
  if (want != got) {
    size_t i = 0;
    while (i < want.size() && i < got.size() && want[i] == got[i]) ++i;
    size_t at = 0;
    auto tokens = tokens_of(text);
    for (size_t k = 0, n = 0; k < tokens.size(); ++k) {
      if (tokens[k].text == ";") continue;
      if (n++ == i) {
        at = tokens[k].begin;
        break;
      }
    }
    diags.error(position_of(path, text, at), "fmt",
                "pipec fmt cannot lay this out without changing it (a comment inside a statement?); "
                "move the comment to a line of its own");
    return "";
  }
  return formatted;
}

static std::string count(size_t n) { return std::to_string(n) + (n == 1 ? " file" : " files"); }

FmtResult format_files(const std::string& root, std::vector<std::string> files, bool check, Diagnostics& diags) {
  namespace fs = std::filesystem;
  FmtResult r;
  // With no files named, fmt takes every .pipe under pipelines/: none is
  // nothing to do, as gen and check read it.
  if (files.empty()) {
    if (!has_sources_dir(root, "pipelines", diags)) {
      r.exit_code = 2;
      return r;
    }
    files = list_pipe_files(root, "pipelines", diags);
    if (diags.has_errors()) {
      r.exit_code = 2;
      return r;
    }
    if (files.empty()) {
      r.out = count(0) + " in canonical layout\n";
      return r;
    }
  }
  // A folder named stands for the .pipe files under it.
  std::vector<std::string> named;
  named.swap(files);
  for (const auto& f : named) {
    std::error_code dir_ec;
    if (!fs::exists(fs::symlink_status(fs::path(root) / f, dir_ec))) {
      diags.error(Pos{f, 0, 0}, "usage", "no such file or folder");
      continue;
    }
    if (!fs::is_directory(fs::path(root) / f, dir_ec)) {
      files.push_back(f);
      continue;
    }
    const size_t errors = diags.items().size();
    auto under = list_pipe_files(root, f, diags);
    if (under.empty() && diags.items().size() == errors)
      diags.error(Pos{f, 0, 0}, "usage", "no .pipe files under this folder");
    files.insert(files.end(), under.begin(), under.end());
  }
  // A file named twice (or also through its folder) is one file.
  std::vector<std::string> seen;
  files.erase(std::remove_if(files.begin(), files.end(),
                             [&](const std::string& f) {
                               const std::string key = fs::path(f).lexically_normal().generic_string();
                               if (std::find(seen.begin(), seen.end(), key) != seen.end()) return true;
                               seen.push_back(key);
                               return false;
                             }),
              files.end());
  std::vector<std::pair<std::string, std::string>> changed;  // path, formatted
  std::map<std::string, std::string> raws;                   // path, as read
  size_t used = 0;
  std::error_code abs_ec;
  const fs::path base = fs::absolute(root, abs_ec).lexically_normal();
  for (const auto& f : files) {
    if (fs::path(f).extension() != ".pipe") {
      diags.error(Pos{f, 0, 0}, "usage", "not a .pipe file");
      continue;
    }
    fs::path inside = fs::absolute(fs::path(root) / f, abs_ec).lexically_normal().lexically_relative(base);
    if (inside.empty() || *inside.begin() == "..") {
      diags.error(Pos{f, 0, 0}, "usage", "outside the repository root; fmt formats the repository's .pipe files");
      continue;
    }
    std::string& text = raws[f];
    if (auto failed = read_pipe_file(root, f, text, used); failed.failed()) {
      diags.error(Pos{f, 0, 0}, failed.id, failed.message);
      continue;
    }
    // CRLF line ends are read as LF, and are no layout change: a checkout
    // with Windows line ends is left as it is, and a file formatted keeps
    // them (those of its first line). A byte order mark is not canonical:
    // fmt drops it, and --check reports it.
    std::string source = normalize_source(text);
    r.sources[f] = source;
    std::string formatted = format_pipe(f, source, diags);
    if (!diags.has_errors() && (formatted != source || has_bom(text))) changed.push_back({f, formatted});
  }
  if (diags.has_errors()) {
    r.exit_code = 2;
    return r;
  }
  r.files = files.size();
  if (check) {
    for (const auto& [f, formatted] : changed)
      r.unformatted.push_back(
          {f, unified_diff(f, (has_bom(raws[f]) ? "<byte order mark>" : "") + r.sources[f], formatted, nullptr, "formatted")});
    r.exit_code = changed.empty() ? 0 : 1;
    return r;
  }
  for (auto& [f, formatted] : changed) {
    const std::string& text = raws[f];
    const size_t nl = text.find('\n');
    if (nl != std::string::npos && nl > 0 && text[nl - 1] == '\r') {
      std::string crlf;
      for (char c : formatted) crlf += c == '\n' ? "\r\n" : std::string(1, c);
      formatted = crlf;
    }
  }
  Replaced written = replace_files(root, changed, ExecBits::Keep);
  for (const auto& f : written.written) r.out += "formatted " + f + "\n";
  if (!written.failed.empty()) {
    diags.error(Pos{written.failed, 0, 0}, "io", written.error);
    r.exit_code = 2;
    return r;
  }
  // Temporary files a killed fmt left beside the sources: nothing else
  // removes them.
  for (const auto& f : dead_temps(root, files, true)) r.out += "removed " + f + "\n";
  r.out += count(files.size()) + " in canonical layout\n";
  return r;
}

}  // namespace pipec
