#include "shell_quoting.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <deque>
#include <set>
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

// cmd: which command each part of a script belongs to, as far as quoting a
// value matters. pipec puts a value outside quotes in double quotes; a
// program's C runtime takes them off, but some of cmd's own commands keep
// them as text. A command starts a line, or follows & | ( else do, or the
// condition of an if.
class CmdCommands {
 public:
  // Whether the rest of the line is a comment (rem, a label).
  bool in_comment() const { return comment_; }

  // The command a value here is an argument of, when that command keeps
  // the quotes pipec would put around it: echo, set, title, prompt, goto,
  // exit, the condition of an if (but if exist's path), the set of a for
  // (but a command's, or a file's with usebackq), and start's program,
  // which in quotes would be its window title. "" otherwise.
  std::string keeping_quotes() const {
    if (state_ != State::Args || redirect_ || comment_) return "";
    if (name_ == "if") return condition_word(0) == "exist" ? "" : "if";
    // (A set in single quotes or backquotes is a command for /f runs; with
    // usebackq, one in double quotes is a file's name.)
    if (name_ == "for") return in_set_ && set_first_ != '\'' && set_first_ != '`' && !usebackq_ ? "for" : "";
    if (name_ == "start") return !start_quoted_ && at_program() ? "start" : "";
    // set /a takes the quotes off before it computes.
    if (name_ == "set") return !words_.empty() && words_[0] == "/a" && (in_word_ || words_.size() > 1) ? "" : "set";
    static const char* const kKeeping[] = {"echo", "set", "title", "prompt", "goto", "exit"};
    for (const char* k : kKeeping)
      if (name_ == k) return name_;
    return "";
  }

  // Each character of the script as written ('x' for a value).
  void item(char ch) {
    if (comment_ && ch != '\n') return;  // rem, or a label's line
    if (quoted_ && ch == '\n') quoted_ = false;  // cmd ends an open quote with its line
    if (caret_ || quoted_) {
      if (quoted_ && ch == '"') {
        quoted_ = false;
        usebackq_ = usebackq_ || (name_ == "for" && quoted_text_.find("usebackq") != std::string::npos);
        quoted_text_.clear();
      } else if (quoted_) {
        quoted_text_ += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      }
      caret_ = false;
      return word_char(quoted_ || ch == '"' ? 'q' : ch);
    }
    if (ch == '\n' || ch == '&' || ch == '|') return restart();
    if (ch == '^') {
      caret_ = true;
      return word_char('q');
    }
    if (ch == '"') {
      quoted_ = true;
      if (name_ == "start" && state_ == State::Args) start_quoted_ = true;
      return word_char('"');
    }
    if (ch == '(' && state_ == State::Start) {  // a block
      ++depth_;
      return;
    }
    if (ch == '(' && name_ == "for" && !in_set_ && !words_.empty() && words_.back() == "in" && !in_word_) {
      in_set_ = true;
      set_first_ = 0;
      return;
    }
    if (ch == ')' && in_set_) {
      in_set_ = false;
      return end_word();
    }
    if (ch == ')' && depth_ > 0) {  // the end of a block (else may follow)
      --depth_;
      return restart();
    }
    if (ch == '<' || ch == '>') {
      // A handle's number before it (2>nul) is no command's name.
      if (state_ == State::Name && !name_.empty() && name_.find_first_not_of("0123456789") == std::string::npos) {
        name_.clear();
        state_ = State::Start;
      }
      end_word();
      // Before the command's name (`>>file echo x`), the file is read and
      // the name comes after it.
      if (state_ == State::Start) start_redirect_ = StartRedirect::Before;
      else redirect_ = true;
      return;
    }
    if (ch == ' ' || ch == '\t' || ch == '\r') return end_word();
    if (state_ == State::Start && ch == '@') return;
    if (state_ == State::Start && ch == ':' && !called_) {  // a label, or a :: comment
      comment_ = true;
      return;
    }
    word_char(ch);
  }

 private:
  enum class State { Start, Name, Args };

  static bool name_char(char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '-'; }

  void restart() {
    state_ = State::Start;
    name_.clear();
    words_.clear();
    in_word_ = redirect_ = in_set_ = start_quoted_ = usebackq_ = comment_ = called_ = false;
    quoted_ = false;
    quoted_text_.clear();
    start_redirect_ = StartRedirect::None;
  }

  // The rest of the line is a command of its own: after call, or cmd's /c
  // or /k. After call, `:label` is a subroutine, whose arguments keep
  // quotes as a program's do (%~1 takes them off).
  void command_follows(bool called) {
    const int depth = depth_;
    restart();
    depth_ = depth;
    called_ = called;
  }

  // start: whether a value here is the program start runs (after its
  // options; /d takes a folder), which a quoted word would be the title.
  bool at_program() const {
    size_t program = 0;
    while (program < words_.size() && !words_[program].empty() && words_[program][0] == '/')
      program += words_[program] == "/d" ? 2 : 1;
    return program == (in_word_ ? words_.size() - 1 : words_.size());
  }

  void word_char(char ch) {
    if (state_ == State::Start && start_redirect_ != StartRedirect::None) {  // the file, before the name
      start_redirect_ = StartRedirect::File;
      return;
    }
    if (state_ == State::Start) {
      if (!name_char(ch)) {
        state_ = State::Args;  // a command that is a value, a path or a label
        return args_char(ch);
      }
      state_ = State::Name;
    }
    if (state_ == State::Name) {
      if (name_char(ch)) {
        name_ += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        return;
      }
      if (name_end()) return word_char(ch);
    }
    args_char(ch);
  }

  // The command's name ends; else starts another command. True when it did.
  bool name_end() {
    state_ = State::Args;
    if (name_ == "rem") comment_ = true;
    if (name_ == "call") {
      command_follows(true);
      return true;
    }
    if (name_ != "else") return false;
    restart();
    return true;
  }

  void args_char(char ch) {
    if (in_set_ && set_first_ == 0) set_first_ = ch;
    if (!in_word_) words_.emplace_back();
    in_word_ = true;
    words_.back() += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  }

  void end_word() {
    if (start_redirect_ == StartRedirect::File) start_redirect_ = StartRedirect::None;
    if (state_ == State::Name && name_end()) return;
    if (!in_word_) return;
    in_word_ = false;
    redirect_ = false;
    if (name_ == "cmd" && (words_.back() == "/c" || words_.back() == "/k")) return command_follows(false);
    if (name_ == "for" && !in_set_ && words_.back() == "do") return restart();
    if (name_ == "if" && condition_done()) return restart();
  }

  // Where an if's condition starts: after /i and not.
  size_t condition_start() const {
    size_t at = 0;
    while (at < words_.size() && (words_[at] == "/i" || words_[at] == "not")) ++at;
    return at;
  }

  // The k-th word of an if's condition.
  std::string condition_word(size_t k) const {
    const size_t at = condition_start() + k;
    return at < words_.size() ? words_[at] : "";
  }

  // Whether the words so far make a whole condition: exist X, defined X,
  // errorlevel N, cmdextversion N, A==B (spaced or not), A OP B.
  bool condition_done() const {
    const size_t at = condition_start();
    const size_t n = words_.size() - at;
    if (n == 0) return false;
    const std::string& first = words_[at];
    if (first == "exist" || first == "defined" || first == "errorlevel" || first == "cmdextversion") return n >= 2;
    const size_t eq = first.find("==");
    if (eq != std::string::npos && eq > 0 && eq + 2 < first.size()) return true;
    if (eq != std::string::npos) return n >= 2;
    if (n < 2) return false;
    const std::string& second = words_[at + 1];
    if (second == "==") return n >= 3;
    if (second.rfind("==", 0) == 0) return true;
    static const char* const kOps[] = {"equ", "neq", "lss", "leq", "gtr", "geq"};
    for (const char* op : kOps)
      if (second == op) return n >= 3;
    return true;  // not a condition cmd knows; stop reading it as one
  }

  State state_ = State::Start;
  std::string name_;                // lower case
  std::vector<std::string> words_;  // after the name, lower case; 'q' for a quoted or escaped character
  bool in_word_ = false;
  bool quoted_ = false;
  bool caret_ = false;
  bool redirect_ = false;      // the word read is a redirect's file
  bool in_set_ = false;        // for: inside in ( ... )
  char set_first_ = 0;         // for: the set's first character
  bool start_quoted_ = false;  // start: a quoted argument came already
  int depth_ = 0;              // blocks open
  bool usebackq_ = false;      // for: its options say usebackq
  std::string quoted_text_;    // for: the text of the quotes read now, lower case
  bool comment_ = false;       // the rest of the line is a comment (rem, a label)
  bool called_ = false;        // the command follows call
  // A redirect before the command's name: its file is read next, or now.
  enum class StartRedirect { None, Before, File } start_redirect_ = StartRedirect::None;
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
    if (syntax_ == ShellSyntax::Cmd) commands_.item(is_ref(c) ? 'x' : static_cast<char>(c));
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
  // Closes the word a quoted reference opened; `next` is what ends it (0 at
  // the end of the script). A word that is the value alone, between
  // separators, is an argument of its own.
  void close_word(Item next = 0) {
    if (open_word_) {
      out_.text += '"';
      if (alone_ && (next == 0 || one_of(next, " \t\r\n;&|"))) out_.alone.push_back(alone_index_);
    }
    open_word_ = false;
    alone_ = false;
  }

  void reference() {
    size_t index = ref_index(items_[i_]);
    if (open_word_) alone_ = false;  // a second value in the word
    if (!comment_) {
      Context c = context();
      if (c == Context::Single || c == Context::AnsiC) {
        out_.unexpanded.push_back(index);
      } else if (unquoted() && syntax_ != ShellSyntax::Pwsh && !open_word_) {
        if (syntax_ == ShellSyntax::Cmd) {
          if (std::string command = commands_.keeping_quotes(); !command.empty()) out_.kept_quotes.push_back({index, command});
        }
        alone_ = syntax_ == ShellSyntax::Posix && (last_ == 0 || one_of(last_, " \t\r\n;&|")) && an_argument();
        alone_index_ = index;
        out_.text += '"';
        open_word_ = true;
      }
    }
    take(1);
  }

  // Whether a value about to be written is an argument of a command, from
  // the text of its command so far: not in arithmetic ($(( )), (( ))), not
  // a test's or case's word ([ ], [[ ]], test, case), where an empty
  // argument is what the test needs, not after a redirection, nor a line
  // continued onto a word (a\ at a line's end), and not an argument of
  // echo, printf, eval or exit, which an empty one leaves alike.
  bool an_argument() const {
    const std::string& t = out_.text;
    if (t.size() >= 2 && t.compare(t.size() - 2, 2, "\\\n") == 0) return false;
    if (context() == Context::Command && stack_.back().depth > 0) return false;
    const size_t sep = t.find_last_of(";&|(\n");
    if (sep != std::string::npos && t[sep] == '(' && sep > 0 && t[sep - 1] == '(') return false;
    std::vector<std::string> words;
    std::string word;
    for (size_t k = sep == std::string::npos ? 0 : sep + 1; k <= t.size(); ++k) {
      if (k == t.size() || t[k] == ' ' || t[k] == '\t') {
        if (!word.empty()) words.push_back(word);
        word.clear();
      } else {
        word += t[k];
      }
    }
    static const std::set<std::string> kKeywords = {"if", "then", "else", "elif", "do", "while", "until", "!", "{", "time"};
    size_t first = 0;
    while (first < words.size() && kKeywords.count(words[first])) ++first;
    if (first == words.size()) return true;  // the value is the command
    static const std::set<std::string> kNoEmptyArgument = {"[", "[[", "test", "case", "echo", "printf", "eval",
                                                           "exit", "return", ":"};
    if (kNoEmptyArgument.count(words[first])) return false;
    const std::string& before = words.back();
    return before.find_first_of("<>") == std::string::npos;
  }

  // Characters that end the word a quoted reference opened: the shell's
  // separators, quotes, escapes, expansions and globs, which keep their
  // meaning outside the quotes.
  bool ends_word(Item c) const {
    return syntax_ == ShellSyntax::Cmd ? one_of(c, " \t\r\n&|<>()\"^'`=,;") : one_of(c, " \t\r\n;&|<>()'\"\\`$*?[{}~");
  }

  void character() {
    Item c = items_[i_];
    if (open_word_) {
      if (!ends_word(c)) {
        alone_ = false;
        return take(1);
      }
      close_word(c);
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
        if (is_char(c, '\\')) return escape();
        if (is_char(c, '\'')) stack_.pop_back();
        return take(1);
      case Context::Double:
        if (is_char(c, '\\') && syntax_ == ShellSyntax::Posix) return escape();
        if (is_char(c, '`') && syntax_ == ShellSyntax::Pwsh) return escape();
        if (is_char(c, '"')) stack_.pop_back();
        else if (is_char(c, '$') && is_char(peek(1), '(')) return open(Context::Command, 2);
        else if (is_char(c, '`')) return open(Context::Backtick, 1);
        return take(1);
      default:
        return unquoted_character(c);
    }
  }

  // An escape character and what it escapes: a value there would have only
  // its variable's first character escaped.
  void escape() {
    const bool cmd_comment = syntax_ == ShellSyntax::Cmd && commands_.in_comment();
    if (is_ref(peek(1)) && !comment_ && !cmd_comment) out_.escaped.push_back(ref_index(peek(1)));
    take(2);
  }

  void open(Context c, size_t n) {
    stack_.push_back({c, 0});
    take(n);
  }

  void unquoted_character(Item c) {
    bool pwsh = syntax_ == ShellSyntax::Pwsh;
    if (is_char(c, pwsh ? '`' : '\\')) return escape();
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
    if (context() == Context::Double) {
      // cmd ends an open quote with its line.
      if (is_char(c, '"') || is_char(c, '\n')) stack_.pop_back();
      return take(1);
    }
    if (is_char(c, '^')) return escape();
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
      // In a body the shell expands, \ escapes \, $ and ` (a pair), and so a
      // value right after it.
      if (!h.quoted && is_char(c, '\\') &&
          (is_ref(peek(1)) || is_char(peek(1), '\\') || is_char(peek(1), '$') || is_char(peek(1), '`'))) {
        escape();
        continue;
      }
      take(1);
      if (is_char(c, '\n')) break;
    }
  }

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
  // The word open is the value alone so far (alone_index_ is its index).
  bool alone_ = false;
  size_t alone_index_ = 0;
  Item last_ = 0;
  CmdCommands commands_;
};

}  // namespace

bool shell_name(const std::string& name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  return std::all_of(name.begin(), name.end(),
                     [](char c) { return c == '_' || std::isalnum(static_cast<unsigned char>(c)); });
}

std::string shell_name_for(const std::string& name) {
  std::string out = name;
  for (char& c : out) {
    if (c != '_' && !std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  if (!out.empty() && std::isdigit(static_cast<unsigned char>(out[0]))) out = "_" + out;
  return out;
}

std::string shell_program(const std::string& shell) {
  std::string program = shell.substr(0, shell.find_first_of(" \t"));
  program = lower(program.substr(program.find_last_of("/\\") + 1));
  if (program.size() > 4 && program.compare(program.size() - 4, 4, ".exe") == 0) program.resize(program.size() - 4);
  return program;
}

ShellSyntax shell_syntax(const std::string& shell) {
  // A custom shell (pwsh -NoProfile -Command {0}) by its program.
  const std::string program = shell_program(shell);
  if (program == "cmd") return ShellSyntax::Cmd;
  if (program == "pwsh" || program == "powershell") return ShellSyntax::Pwsh;
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
