#include "shell_quoting.h"

#include <cctype>
#include <cstring>
#include <deque>
#include <utility>

#include "ascii.h"

namespace pipec {
namespace {

// The script as one sequence: a character (0..255) or reference i as -1 - i.
using Item = int;

bool is_ref(Item c) { return c < 0; }
size_t ref_index(Item c) { return static_cast<size_t>(-1 - c); }
bool is_char(Item c, char ch) { return c == static_cast<unsigned char>(ch); }
bool one_of(Item c, const char* set) { return c >= 0 && c != 0 && std::strchr(set, c) != nullptr; }

// The quoting the shell is in at a point of the script.
enum class Context { Unquoted, Double, Single, AnsiC, Command, Backtick };

struct Heredoc {
  std::string delimiter;
  bool quoted = false;      // <<'EOF': nothing in the body expands
  bool strip_tabs = false;  // <<-EOF
};

class Quoter {
 public:
  Quoter(std::vector<Item> items, const std::vector<std::string>& refs, ShellSyntax syntax)
      : items_(std::move(items)), refs_(refs), syntax_(syntax) {}

  QuotedScript run() {
    while (i_ < items_.size()) {
      if (body_) heredoc_line();
      else if (is_ref(items_[i_])) reference();
      else character();
    }
    close_word();
    return std::move(out_);
  }

 private:
  Context context() const { return stack_.empty() ? Context::Unquoted : stack_.back().context; }
  bool unquoted() const {
    Context c = context();
    return c == Context::Unquoted || c == Context::Command || c == Context::Backtick;
  }
  Item peek(size_t ahead) const { return i_ + ahead < items_.size() ? items_[i_ + ahead] : 0; }
  void emit(Item c) {
    if (is_ref(c)) {
      out_.text += refs_[ref_index(c)];
      last_ = 'x';
    } else {
      out_.text += static_cast<char>(c);
      last_ = c;
    }
  }
  void take(size_t n) {
    for (size_t k = 0; k < n && i_ < items_.size(); ++k) emit(items_[i_++]);
  }
  void close_word() {
    if (open_word_) out_.text += '"';
    open_word_ = false;
  }

  void reference() {
    size_t index = ref_index(items_[i_]);
    if (!comment_) {
      Context c = context();
      if (c == Context::Single || c == Context::AnsiC) {
        out_.unexpanded.push_back(index);
      } else if (unquoted() && syntax_ != ShellSyntax::Pwsh && !open_word_) {
        if (syntax_ == ShellSyntax::Cmd && cmd_keeps_quotes()) out_.kept_quotes.push_back({index, command_});
        out_.text += '"';
        open_word_ = true;
      }
    }
    if (syntax_ == ShellSyntax::Cmd) command_char('x');
    take(1);
  }

  // cmd: the name of the command a line (or a part after & | or an opening
  // parenthesis) starts with, and its text so far, in lower case.
  void command_char(char c) {
    const bool letter = std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
    if (c == '&' || c == '|' || c == '(' || c == '\n') {
      command_state_ = CommandState::Start;
      command_.clear();
      command_text_.clear();
      return;
    }
    command_text_ += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (command_state_ == CommandState::Start && (c == ' ' || c == '\t' || c == '@')) return;
    if (command_state_ != CommandState::Done && letter) {
      command_state_ = CommandState::Name;
      command_ += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return;
    }
    command_state_ = CommandState::Done;
  }

  // Whether the command a value is in is one of cmd's own that keeps double
  // quotes as text. `if exist "path"` reads a path, and takes them off.
  bool cmd_keeps_quotes() const {
    static const char* const kKeeping[] = {"echo", "set", "if", "for", "title", "prompt", "goto"};
    bool keeps = false;
    for (const char* name : kKeeping) keeps = keeps || command_ == name;
    if (command_ != "if") return keeps;
    std::vector<std::string> words(1);
    for (char ch : command_text_) {
      if (ch == ' ' || ch == '\t' || ch == '@') {
        if (!words.back().empty()) words.emplace_back();
      } else {
        words.back() += ch;
      }
    }
    size_t w = 1;
    while (w < words.size() && (words[w] == "/i" || words[w] == "not")) ++w;
    return !(w < words.size() && words[w] == "exist");
  }

  // Characters that end the word a quoted reference opened: the shell's
  // separators, quotes, escapes, expansions and globs, which keep their
  // meaning outside the quotes.
  bool ends_word(Item c) const {
    return syntax_ == ShellSyntax::Cmd ? one_of(c, " \t\r\n&|<>()\"^") : one_of(c, " \t\r\n;&|<>()'\"\\`$*?[{}~");
  }

  void character() {
    Item c = items_[i_];
    if (open_word_) {
      if (!ends_word(c)) return take(1);
      close_word();
    }
    if (comment_) {
      if (is_char(c, '\n')) comment_ = false;
      return newline_or(1);
    }
    if (syntax_ == ShellSyntax::Cmd) return cmd(c);
    switch (context()) {
      case Context::Single:
        if (is_char(c, '\'')) stack_.pop_back();
        return take(1);
      case Context::AnsiC:
        if (is_char(c, '\\')) return take(2);
        if (is_char(c, '\'')) stack_.pop_back();
        return take(1);
      case Context::Double:
        if (is_char(c, '\\') && syntax_ == ShellSyntax::Posix) return take(2);
        if (is_char(c, '`') && syntax_ == ShellSyntax::Pwsh) return take(2);
        if (is_char(c, '"')) stack_.pop_back();
        else if (is_char(c, '$') && is_char(peek(1), '(')) return open(Context::Command, 2);
        else if (is_char(c, '`')) return open(Context::Backtick, 1);
        return take(1);
      default:
        return unquoted_character(c);
    }
  }

  void open(Context c, size_t n) {
    stack_.push_back({c, 0});
    take(n);
  }

  void unquoted_character(Item c) {
    bool pwsh = syntax_ == ShellSyntax::Pwsh;
    if (is_char(c, pwsh ? '`' : '\\')) return take(2);
    if (is_char(c, '\'')) return open(Context::Single, 1);
    if (is_char(c, '"')) return open(Context::Double, 1);
    if (!pwsh && is_char(c, '$') && is_char(peek(1), '\'')) return open(Context::AnsiC, 2);
    if (is_char(c, '$') && is_char(peek(1), '(')) return open(Context::Command, 2);
    if (!pwsh && is_char(c, '`')) {
      if (context() != Context::Backtick) return open(Context::Backtick, 1);
      stack_.pop_back();
      return take(1);
    }
    if (context() == Context::Command && is_char(c, '(')) ++stack_.back().depth;
    if (context() == Context::Command && is_char(c, ')') && stack_.back().depth-- == 0) stack_.pop_back();
    if (is_char(c, '#') && word_start()) {
      comment_ = true;
      return take(1);
    }
    // Not in $(( )), where << shifts.
    bool arithmetic = context() == Context::Command && stack_.back().depth > 0;
    if (!pwsh && !arithmetic && is_char(c, '<') && is_char(peek(1), '<') && !is_char(peek(2), '<'))
      return heredoc_operator();
    newline_or(1);
  }

  void cmd(Item c) {
    command_char(context() == Context::Double ? '"' : static_cast<char>(c));
    if (context() == Context::Double) {
      if (is_char(c, '"')) stack_.pop_back();
      return take(1);
    }
    if (is_char(c, '^')) return take(2);
    if (is_char(c, '"')) return open(Context::Double, 1);
    take(1);
  }

  bool word_start() const { return last_ == 0 || one_of(last_, " \t\r\n;&|()"); }

  // Takes n items; a newline outside quotes starts the bodies of the
  // here-documents its line opened.
  void newline_or(size_t n) {
    bool newline = is_char(items_[i_], '\n');
    take(n);
    if (newline && !pending_.empty() && !comment_) body_ = true;
  }

  // << [-] WORD: the delimiter is quoted if any part of WORD is.
  void heredoc_operator() {
    take(2);
    Heredoc h;
    if (is_char(peek(0), '-')) {
      h.strip_tabs = true;
      take(1);
    }
    while (is_char(peek(0), ' ') || is_char(peek(0), '\t')) take(1);
    while (i_ < items_.size() && !is_ref(items_[i_]) && !one_of(items_[i_], " \t\r\n;&|<>()")) {
      Item c = items_[i_];
      if (is_char(c, '\'') || is_char(c, '"')) {
        h.quoted = true;
        take(1);
        while (i_ < items_.size() && !is_ref(items_[i_]) && items_[i_] != c) {
          h.delimiter += static_cast<char>(items_[i_]);
          take(1);
        }
        take(1);
      } else if (is_char(c, '\\')) {
        h.quoted = true;
        take(1);
      } else {
        h.delimiter += static_cast<char>(c);
        take(1);
      }
    }
    if (!h.delimiter.empty()) pending_.push_back(h);
  }

  // One line of a here-document's body; the delimiter's line ends it.
  void heredoc_line() {
    const Heredoc& h = pending_.front();
    size_t start = i_;
    if (h.strip_tabs) {
      while (start < items_.size() && is_char(items_[start], '\t')) ++start;
    }
    std::string line;
    size_t end = start;
    bool has_ref = false;
    for (; end < items_.size() && !is_char(items_[end], '\n'); ++end) {
      if (is_ref(items_[end])) has_ref = true;
      else line += static_cast<char>(items_[end]);
    }
    if (!has_ref && line == h.delimiter) {
      pending_.pop_front();
      body_ = !pending_.empty();
      take(end - i_ + 1);
      return;
    }
    for (; i_ < items_.size();) {
      Item c = items_[i_];
      if (is_ref(c) && h.quoted) out_.unexpanded.push_back(ref_index(c));
      take(1);
      if (is_char(c, '\n')) break;
    }
  }

  enum class CommandState { Start, Name, Done };

  struct Frame {
    Context context;
    int depth;  // open parentheses inside $( )
  };

  std::vector<Item> items_;
  const std::vector<std::string>& refs_;
  ShellSyntax syntax_;
  size_t i_ = 0;
  QuotedScript out_;
  std::vector<Frame> stack_;
  std::deque<Heredoc> pending_;
  bool body_ = false;
  bool comment_ = false;
  bool open_word_ = false;
  Item last_ = 0;
  CommandState command_state_ = CommandState::Start;
  std::string command_;
  std::string command_text_;
};

}  // namespace

ShellSyntax shell_syntax(const std::string& shell) {
  if (shell == "cmd") return ShellSyntax::Cmd;
  if (shell == "pwsh" || shell == "powershell") return ShellSyntax::Pwsh;
  return ShellSyntax::Posix;
}

std::string variable_ref(const std::string& name, ShellSyntax syntax) {
  if (syntax == ShellSyntax::Cmd) return "%" + name + "%";
  if (syntax == ShellSyntax::Pwsh) return "$env:" + name;
  return "${" + name + "}";
}

QuotedScript quote_values(const std::vector<std::string>& literals, const std::vector<std::string>& refs,
                          ShellSyntax syntax) {
  std::vector<Item> items;
  for (size_t k = 0; k < literals.size(); ++k) {
    for (unsigned char c : literals[k]) items.push_back(c);
    if (k < refs.size()) items.push_back(-1 - static_cast<Item>(k));
  }
  return Quoter(std::move(items), refs, syntax).run();
}

bool reads_variable(const std::string& line, const std::string& name, ShellSyntax syntax) {
  if (syntax == ShellSyntax::Cmd) {
    const std::string text = upper(line);
    return text.find("%" + upper(name) + "%") != std::string::npos || text.find("!" + upper(name) + "!") != std::string::npos;
  }
  for (const std::string lead : {"$", "${", "$env:"}) {
    const std::string want = lead + name;
    for (size_t at = line.find(want); at != std::string::npos; at = line.find(want, at + 1)) {
      const size_t after = at + want.size();
      if (after >= line.size() || !(std::isalnum(static_cast<unsigned char>(line[after])) || line[after] == '_')) return true;
    }
  }
  return false;
}

}  // namespace pipec
