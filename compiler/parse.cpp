// Builds pipec's AST from ANTLR's parse tree. ANTLR's types go no further.
#include "parse.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <map>
#include <regex>
#include <set>
#include <vector>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Woverloaded-virtual"
#pragma GCC diagnostic ignored "-Wattributes"
#include "PipeLexer.h"
#include "PipeParser.h"
#include "antlr4-runtime.h"
#pragma GCC diagnostic pop

#include "on_hint.h"
#include "regex_bound.h"
#include "utf8.h"

namespace pipec {
namespace {

// A number as YAML and GitHub read it back: no leading zeros, no trailing
// zeros after the point, no sign on zero.
std::string number_as_read(const std::string& text) {
  const bool negative = text[0] == '-';
  const size_t point = text.find('.');
  std::string whole =
      text.substr(negative, point == std::string::npos ? std::string::npos : point - negative);
  std::string fraction = point == std::string::npos ? "" : text.substr(point + 1);
  whole.erase(0, std::min(whole.find_first_not_of('0'), whole.size() - 1));
  fraction.erase(fraction.find_last_not_of('0') + 1);
  const bool zero = whole == "0" && fraction.empty();
  return (negative && !zero ? "-" : "") + whole + (fraction.empty() ? "" : "." + fraction);
}

// A number's text as the double it is read as gives it back, shortest and
// without an exponent ("1" for 1.00000000000000000001).
std::string double_as_read(const std::string& text) {
  double d = 0;
  const auto read = std::from_chars(text.data(), text.data() + text.size(), d);
  // Past a double's range: "0", which is what a fraction that small is
  // read as, and which the callers take as no exact reading for one that
  // large (1e999; a whole part past 2^53 is refused before this).
  if (read.ec == std::errc::result_out_of_range) return "0";
  if (read.ec != std::errc()) return text;
  char buf[400];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::fixed);
  return ec == std::errc() ? std::string(buf, end) : text;
}

using P = pipec_antlr::PipeParser;

// Maps positions of a piece of text (an interpolation inside a string) back
// to the file.

// Where text stops being UTF-8 (RFC 3629: no overlong forms, surrogates or
// code points past U+10FFFF), or npos. ANTLR's input stream throws on such
// bytes, so they are reported before it sees them.
size_t first_invalid_utf8(const std::string& text) {
  for (size_t i = 0; i < text.size();) {
    const size_t start = i;
    if (decode_utf8(text, i) == kNotUtf8) return start;
  }
  return std::string::npos;
}

struct Origin {
  std::string file;
  int line = 1;  // where the text starts
  int col = 1;
};

Pos map_pos(const Origin& o, size_t line, size_t char_pos) {
  Pos p{o.file, static_cast<int>(line) + o.line - 1, static_cast<int>(char_pos) + 1};
  if (line == 1) p.col = o.col + static_cast<int>(char_pos);
  return p;
}

std::string describe_token(const antlr4::Token* t) {
  if (!t || t->getType() == antlr4::Token::EOF) return "end of file";
  // A """ string spans lines; quoting it whole would break the message
  // over lines that carry no place.
  std::string text = t->getText();
  size_t end = std::min(text.find_first_of("\r\n"), text.size());
  if (end > 30) end = 27;
  if (end < text.size()) text = text.substr(0, end) + "...";
  return "'" + text + "'";
}

// Turns ANTLR's wording ("mismatched input 'x' expecting {...}", "no viable
// alternative at input ...") into "unexpected 'x'; expected ...".
std::string rewrite_message(const antlr4::Token* offending, const std::string& msg) {
  std::string out = "unexpected " + describe_token(offending);
  auto at = msg.find("expecting ");
  if (at != std::string::npos) {
    std::string expected = msg.substr(at + 10);
    if (!expected.empty() && expected.front() == '{') {
      expected = expected.substr(1, expected.size() - 2);
      if (expected.size() > 60) expected.clear();  // a long set helps nobody
      else expected = "one of " + expected;
    }
    if (!expected.empty()) out += "; expected " + expected;
  }
  return out;
}

// The tokens a parser reads, all lexed before it starts; null for the
// lexer's errors.
antlr4::BufferedTokenStream* token_stream(antlr4::Recognizer* recognizer) {
  auto* parser = dynamic_cast<antlr4::Parser*>(recognizer);
  return parser ? dynamic_cast<antlr4::BufferedTokenStream*>(parser->getTokenStream()) : nullptr;
}

// The brackets of a file up to a token: those still open, and the pairs
// closed, with the indentation of each line (the column of its first
// token).
struct Brackets {
  std::vector<antlr4::Token*> open;
  std::vector<std::pair<antlr4::Token*, antlr4::Token*>> pairs;
  std::map<size_t, size_t> indent;
  // The line each { belongs to: its own, or, after a ( ... ) or [ ... ]
  // over several lines (`steps s(a: string,` NL `b: string) {`), the
  // line that group opens on.
  std::map<const antlr4::Token*, size_t> line_of;

  Brackets(antlr4::BufferedTokenStream& tokens, size_t before) {
    const antlr4::Token* after = nullptr;  // the ( or [ of a group just closed
    for (antlr4::Token* t : tokens.getTokens()) {
      if (t->getTokenIndex() >= before) break;
      if (t->getChannel() != antlr4::Token::DEFAULT_CHANNEL || t->getType() == antlr4::Token::EOF)
        continue;
      indent.emplace(t->getLine(), t->getCharPositionInLine());
      const std::string s = t->getText();
      const antlr4::Token* group = after;
      after = nullptr;
      if (s == "{" || s == "[" || s == "(") {
        if (s == "{") line_of[t] = group ? group->getLine() : t->getLine();
        open.push_back(t);
      } else if ((s == "}" || s == "]" || s == ")") && !open.empty()) {
        pairs.emplace_back(open.back(), t);
        if (s != "}") after = open.back();
        open.pop_back();
      }
    }
  }

  // The last block whose "}" starts a line indented otherwise than the line
  // that opened it. A "}" left out makes a block take the "}" of the block
  // around it, and a "{" left out makes it take the "}" of a block inside:
  // either way the slip is at or in that block, when the file is indented
  // as pipec fmt writes it. Null when there is none.
  const std::pair<antlr4::Token*, antlr4::Token*>* misindented() const {
    const std::pair<antlr4::Token*, antlr4::Token*>* last = nullptr;
    for (const auto& p : pairs) {
      const auto& [o, c] = p;
      if (o->getText() != "{" || o->getLine() == c->getLine() ||
          indent.at(c->getLine()) != c->getCharPositionInLine() ||
          indent.at(line_of.at(o)) == indent.at(c->getLine()))
        continue;
      if (!last || o->getTokenIndex() > last->first->getTokenIndex()) last = &p;
    }
    return last;
  }
};

// What to say of an unexpected end of file inside brackets, or of a
// closing bracket that closes none; "" when neither is the case. `at` is
// set to the token the slip is likeliest at, when that is not the
// offending one: the { whose } was taken by another block, the } a block
// was taken to end at, or the { of a block a top-level statement starts
// inside of.
std::string bracket_note(antlr4::Recognizer* recognizer, const antlr4::Token& offending, const Origin& origin,
                         const antlr4::Token*& where) {
  antlr4::BufferedTokenStream* tokens = token_stream(recognizer);
  if (!tokens) return "";
  const Brackets b(*tokens, offending.getTokenIndex());
  auto at = [&](const antlr4::Token* t) {
    return to_string(map_pos(origin, t->getLine(), t->getCharPositionInLine()));
  };
  const auto* slip = b.misindented();
  const std::string s = offending.getText();
  if (offending.getType() == antlr4::Token::EOF && !b.open.empty()) {
    const antlr4::Token* open = b.open.front();
    if (slip) {
      where = slip->first;
      return "this { may be the one that lacks its }: the } taken for it, at " + at(slip->second) +
             ", is indented as another block's, and the file ends with the " + open->getText() + " at " + at(open) +
             " not closed";
    }
    // A statement of a file's top level, at the start of a line inside the
    // block: the block's } is missing before it.
    for (size_t k = open->getTokenIndex() + 1; k < offending.getTokenIndex(); ++k) {
      const antlr4::Token* t = tokens->get(k);
      if (t->getChannel() != antlr4::Token::DEFAULT_CHANNEL || t->getCharPositionInLine() != 0) continue;
      const std::string w = t->getText();
      if (w != "let" && w != "use" && w != "import" && std::find(kTopKinds.begin(), kTopKinds.end(), w) == kTopKinds.end())
        continue;
      where = open;
      return "this " + open->getText() + " is not closed before " + at(t) + ", where `" + w +
             "` starts a statement of the file's top level: a " + (open->getText() == "{" ? "}" : open->getText() == "[" ? "]" : ")") +
             " may be missing before it";
    }
    return "unexpected end of file; the " + open->getText() + " at " + at(open) + " is not closed";
  }
  if ((s == "}" || s == "]" || s == ")") && b.open.empty()) {
    std::string out = "unexpected '" + s + "': it closes no bracket";
    if (slip) {
      where = slip->second;
      return "the { at " + at(slip->first) + " is taken to end at this }, on a line indented as another block's: " +
             "this } may be one too many, or a { missing between them (pipec reads one } too many, at " +
             at(&offending) + ")";
    }
    return out;
  }
  return "";
}

// The token on the default channel before the one at `index`; null at
// the file's start.
antlr4::Token* token_before(antlr4::BufferedTokenStream& tokens, size_t index) {
  for (size_t k = index; k-- > 0;) {
    if (tokens.get(k)->getChannel() == antlr4::Token::DEFAULT_CHANNEL) return tokens.get(k);
  }
  return nullptr;
}

// The name a number runs into with no space between (`timeout-minutes =
// 30m`): "" when none. The parser reads such a name as the next statement
// or a token that does not belong, a follow-on of the one slip.
std::string glued_name(const antlr4::Token& number) {
  antlr4::CharStream* in = number.getInputStream();
  if (!in || number.getType() != pipec_antlr::PipeLexer::NUMBER) return "";
  std::string name;
  for (size_t i = number.getStopIndex() + 1; i < in->size(); ++i) {
    // As IDENT goes: a letter or _, then digits and - too.
    const std::string c = in->getText(antlr4::misc::Interval(i, i));
    const unsigned char b = c.size() == 1 ? static_cast<unsigned char>(c[0]) : 0;
    const bool starts = std::isalpha(b) || b == '_';
    if (!starts && (name.empty() || !(std::isdigit(b) || b == '-'))) break;
    name += c;
  }
  return name;
}
std::string glued_message(const antlr4::Token& number, const std::string& name) {
  return "'" + name + "' after the number " + number.getText() + ": write the number alone (" + number.getText() +
         "), or text in quotes (\"" + number.getText() + name + "\")";
}

// `and`, `or` and `not`, written as words where GitHub's expressions take
// && || !, and what to say of them.
bool is_operator_word(const std::string& w) { return w == "and" || w == "or" || w == "not"; }
const char* const kOperatorWords = "expressions write && for and, || for or, ! for not (as GitHub's do)";

// For the slips that ANTLR's "unexpected X; expected one of ..." explains
// badly, what to write instead; "" for any other. `at` is set to the token
// the hint is about, when that is not the offending one.
std::string slip_hint(antlr4::Recognizer* recognizer, const antlr4::Token& offending, const Origin& origin,
                      const antlr4::Token*& at) {
  antlr4::BufferedTokenStream* tokens = token_stream(recognizer);
  if (!tokens || offending.getType() == antlr4::Token::EOF) return "";
  // The tokens before the offending one on its line, and the one before it.
  std::vector<antlr4::Token*> line;
  antlr4::Token* prev = nullptr;
  const size_t index = offending.getTokenIndex();
  if (index > 0) {
    for (antlr4::Token* t : tokens->getTokens(0, index - 1)) {
      if (t->getChannel() != antlr4::Token::DEFAULT_CHANNEL) continue;
      prev = t;
      if (t->getLine() == offending.getLine()) line.push_back(t);
    }
  }
  const std::string s = offending.getText();
  // The next two tokens after the offending one.
  std::vector<std::string> next;
  for (size_t k = index + 1; k < tokens->size() && next.size() < 2; ++k) {
    antlr4::Token* t = tokens->get(k);
    if (t->getType() == antlr4::Token::EOF) break;
    if (t->getChannel() == antlr4::Token::DEFAULT_CHANNEL) next.push_back(t->getText());
  }
  next.resize(2);
  // Whether the offending token is among statements (at the top of a file
  // or in a block's { }), or else in a value: a list, call or object.
  const Brackets b(*tokens, index);
  bool in_object = false, among_statements = b.open.empty();
  if (!b.open.empty() && b.open.back()->getText() == "{") {
    const antlr4::Token* t = token_before(*tokens, b.open.back()->getTokenIndex());
    const std::string before = t ? t->getText() : "";
    in_object = before == "=" || before == "," || before == "[" || before == "(" || before == ":" || before == "?" ||
                before == "||" || before == "&&";
    among_statements = !in_object;
  }
  auto is_text = [](const antlr4::Token& t) {
    return t.getType() == pipec_antlr::PipeLexer::STRING || t.getType() == pipec_antlr::PipeLexer::RAWSTRING ||
           t.getType() == pipec_antlr::PipeLexer::NUMBER;
  };
  // `needs = [a, b` with no ]: the next line's statement (`if = ...`, or
  // one that starts with its keyword, `let y = 2`) is read as more of the
  // list.
  const bool statement_word = s == "let" || s == "use" || s == "import" || s == "step" ||
                              std::find(kTopKinds.begin(), kTopKinds.end(), s) != kTopKinds.end();
  if (!b.open.empty() && (b.open.back()->getText() == "[" || b.open.back()->getText() == "(") &&
      b.open.back()->getLine() < offending.getLine() &&
      (s == "=" || next[0] == "=" || next[0] == "{" || statement_word)) {
    const antlr4::Token* open = b.open.back();
    return describe_token(&offending) + "; the " + open->getText() + " at " +
           to_string(map_pos(origin, open->getLine(), open->getCharPositionInLine())) + " is not closed before it (a " +
           (open->getText() == "[" ? "]" : ")") + " missing?)";
  }
  // `use rocm_sdk_test` with no ( ): the next token is not its arguments.
  if (prev && prev->getType() == pipec_antlr::PipeLexer::IDENT && s != "(" && s != "." && index >= 2) {
    const antlr4::Token* before = token_before(*tokens, prev->getTokenIndex());
    if (before && before->getText() == "use") {
      at = prev;
      return "'" + prev->getText() + "': a use gives its template's arguments in ( ), none or some: use " +
             prev->getText() + "() (a step runs an action with uses = " + prev->getText() + ")";
    }
  }
  // `set_up_python(version = "3.12")` among statements, where `use` was
  // meant: read as the head of a block that declares parameters (p: type).
  if (s == "=" && !b.open.empty() && b.open.back()->getText() == "(" && b.open.back()->getTokenIndex() >= 1) {
    antlr4::Token* name = token_before(*tokens, b.open.back()->getTokenIndex());
    bool first_on_line = name && name->getType() == pipec_antlr::PipeLexer::IDENT;
    if (const antlr4::Token* t = first_on_line ? token_before(*tokens, name->getTokenIndex()) : nullptr)
      first_on_line = t->getLine() < name->getLine() || t->getText() == "}" || t->getText() == "{";
    // Not in a table, whose rows are blocks: row(...) there is a row { }
    // with ( ) for its braces.
    const antlr4::Token* block = nullptr;
    for (auto it = b.open.rbegin(); it != b.open.rend(); ++it) {
      if ((*it)->getText() == "{") {
        block = *it;
        break;
      }
    }
    bool in_table = false;
    if (block) {
      const size_t line_no = b.line_of.count(block) ? b.line_of.at(block) : block->getLine();
      for (antlr4::Token* t : tokens->getTokens(0, block->getTokenIndex())) {
        if (t->getChannel() == antlr4::Token::DEFAULT_CHANNEL && t->getLine() == line_no) {
          in_table = t->getText() == "table";
          break;
        }
      }
    }
    if (first_on_line && !in_table) {
      at = name;
      return "'" + name->getText() + "(...)': a steps or job template is used with `use " + name->getText() +
             "(...)`; a block written NAME(...) declares parameters (p: type)";
    }
  }
  // `- needs_this`: a YAML list item. (`- name: Build`, a step, below.)
  if (s == "-" && line.empty() && next[1] != ":") {
    std::string key = "key";
    if (prev && (prev->getText() == "=" || prev->getText() == ":")) {
      if (const antlr4::Token* t = token_before(*tokens, prev->getTokenIndex())) key = t->getText();
    }
    return "'-': this looks like a YAML list item; a list is written in brackets, on one line or over several: " +
           key + " = [a, b]";
  }
  // `env:` and then `BASE_REF: "HEAD^"`: a YAML mapping. The first line
  // reads as a typed declaration (env: BASE_REF), and the second ':' is
  // the slip.
  if (s == ":" && line.size() == 1 && prev == line[0] && prev->getType() == pipec_antlr::PipeLexer::IDENT &&
      among_statements) {
    std::string block;
    const antlr4::Token* colon = token_before(*tokens, prev->getTokenIndex());
    const antlr4::Token* word = colon ? token_before(*tokens, colon->getTokenIndex()) : nullptr;
    if (word && colon->getText() == ":" && word->getType() == pipec_antlr::PipeLexer::IDENT &&
        word->getLine() < prev->getLine())
      block = word->getText();
    return "':': write `" + prev->getText() + " = ...`: attributes take '=', not ':'" +
           (block.empty() ? std::string("") : " (and a block is written " + block + " { ... }, not " + block + ":)");
  }
  // `runs-on: ubuntu-24.04`: a YAML key and a bare value that does not
  // parse as an expression (`runs-on: ubuntu-latest` parses, and the
  // parser's ErrorStmt says the same); not on a line that goes on with an
  // expression (a ? b on the line before, then : c here).
  static const std::set<std::string> continues = {"?", "=", "||", "&&", ",", "(", "[", ":", "+", "==", "!=",
                                                  "<", ">", "<=", ">=", "!"};
  const antlr4::Token* before_line = line.empty() ? nullptr : token_before(*tokens, line[0]->getTokenIndex());
  if (among_statements && line.size() >= 2 && line[0]->getType() == pipec_antlr::PipeLexer::IDENT &&
      line[1]->getText() == ":" && !(before_line && continues.count(before_line->getText()))) {
    at = line[1];
    // `python: string = "3.12"`: a typed declaration without its kind.
    static const std::set<std::string> types = {"string", "boolean", "number", "choice", "environment"};
    if (line.size() >= 3 && types.count(line[2]->getText()))
      return "':': `" + line[0]->getText() + ": " + line[2]->getText() +
             "` declares an input with its kind before it: input " + line[0]->getText() + ": " + line[2]->getText() +
             " = ...";
    return "':': write `" + line[0]->getText() + " = ...`: attributes take '=', not ':', and text goes in quotes (\"...\")";
  }
  // `step "Run tests" { ... }`: a name in quotes where an id goes.
  if (prev && (prev->getText() == "step" || prev->getText() == "job") && among_statements &&
      offending.getType() == pipec_antlr::PipeLexer::STRING) {
    const std::string kind = prev->getText();
    // An id made of the name: letters and digits kept, lower case, the
    // rest _ (Run tests: run_tests).
    std::string id;
    for (char ch : offending.getText().substr(1, offending.getText().size() - 2)) {
      const bool keep = std::isalnum(static_cast<unsigned char>(ch));
      if (keep) id += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      else if (!id.empty() && id.back() != '_') id += '_';
    }
    while (!id.empty() && id.back() == '_') id.pop_back();
    if (id.empty() || std::isdigit(static_cast<unsigned char>(id[0]))) id = kind + "_" + id;
    return describe_token(&offending) + ": a " + kind + "'s id is a bare name (" + kind + " " + id +
           " { ... }); its name in quotes goes inside: name = " + offending.getText();
  }
  // A string and a token right after it, with no space between, on the
  // offending token's line: a " meant inside the string ended it. Inside a
  // ${{ }} of the string, text is written in single quotes; elsewhere a "
  // is written \" (`run = "echo "hello world""`).
  std::vector<const antlr4::Token*> seq(line.begin(), line.end());
  seq.push_back(&offending);
  for (size_t k = 0; k + 1 < seq.size(); ++k) {
    const antlr4::Token* t = seq[k];
    const antlr4::Token* u = seq[k + 1];
    if (t->getType() != pipec_antlr::PipeLexer::STRING || u->getStartIndex() != t->getStopIndex() + 1) continue;
    const std::string& text = t->getText();
    const size_t open = text.rfind("${{");
    if (open != std::string::npos && text.find("}}", open) == std::string::npos) {
      at = u;
      return describe_token(u) + " right after a string that ends inside its ${{ }}: " +
             (text[0] == '\''
                  ? std::string("a ' there ends the string; write the string in double quotes (\"...\"), and text "
                                "inside ${{ }} in single quotes")
                  : std::string("a \" there ends the string; write text inside ${{ }} in single quotes ('...')"));
    }
    if (text[0] == '"' &&
        (u->getType() == pipec_antlr::PipeLexer::IDENT || u->getType() == pipec_antlr::PipeLexer::NUMBER)) {
      at = u;
      return describe_token(u) + " right after a string: the \" before it ends the string; write a \" inside a "
                                 "string as \\\" (or the string in triple quotes: \"\"\"...\"\"\")";
    }
  }
  // `elif c {` or `wehn c {`: a word for when, then a condition.
  static const std::set<std::string> condition_ops = {"==", "!=", "&&", "||", "<", "<=", ">", ">="};
  if (condition_ops.count(s) && among_statements && !line.empty()) {
    size_t first = line[0]->getText() == "}" ? 1 : 0;
    if (line.size() == first + 2 && line[first]->getType() == pipec_antlr::PipeLexer::IDENT) {
      const std::string w = line[first]->getText();
      if (w == "elif" || w == "elsif" || w == "elseif") {
        at = line[first];
        return "'" + w + "': a condition's other branch is written `} else when CONDITION {`";
      }
      if (const std::string hint = did_you_mean(w, {"when"}); !hint.empty()) {
        at = line[first];
        return "'" + w + "' before a condition" + hint + "; a block for some instances is `when CONDITION { }`";
      }
    }
  }
  // `timeout-minutes = 30m`, in a value that does not parse.
  if (prev && prev->getType() == pipec_antlr::PipeLexer::NUMBER && prev->getStopIndex() + 1 == offending.getStartIndex()) {
    if (const std::string name = glued_name(*prev); !name.empty()) return glued_message(*prev, name);
  }
  // `import common.pipe`: the path unquoted, its tokens up to a space, a
  // ';' or the line's end.
  if (prev && prev->getText() == "import" && offending.getType() == pipec_antlr::PipeLexer::IDENT &&
      among_statements) {
    std::string path;
    size_t end = offending.getStartIndex();
    for (size_t k = index; prev->getLine() == offending.getLine() && k < tokens->size(); ++k) {
      antlr4::Token* t = tokens->get(k);
      if (t->getType() == antlr4::Token::EOF || t->getChannel() != antlr4::Token::DEFAULT_CHANNEL ||
          t->getStartIndex() != end || t->getText() == ";")
        break;
      path += t->getText();
      end = t->getStopIndex() + 1;
    }
    return describe_token(&offending) + "; an import names its file in quotes: import \"" +
           (path.empty() ? std::string("file.pipe") : path) + "\"";
  }
  // `checkout()` among statements, where `use checkout()` was meant: read
  // as a block named by its kind, whose { } the next line does not open.
  if (prev && prev->getText() == ")" && prev->getLine() < offending.getLine() && among_statements && s != "{") {
    std::vector<antlr4::Token*> call;
    for (antlr4::Token* t : tokens->getTokens(0, prev->getTokenIndex()))
      if (t->getChannel() == antlr4::Token::DEFAULT_CHANNEL && t->getLine() == prev->getLine()) call.push_back(t);
    // ... and that line starts a statement, not the rest of an expression
    // (`a &&` on the line before).
    antlr4::Token* before = token_before(*tokens, call.empty() ? 0 : call[0]->getTokenIndex());
    static const std::set<std::string> continues = {"&&", "||", "==", "!=", "<", "<=", ">", ">=", "=",
                                                    ",", "(", "[", "?", ":", "!", ".", "+"};
    const bool starts_statement = !before || !continues.count(before->getText());
    if (starts_statement && call.size() >= 3 && call[0]->getType() == pipec_antlr::PipeLexer::IDENT &&
        call[1]->getText() == "(") {
      at = call[0];
      return "'" + call[0]->getText() + "(...)': a steps or job template's steps or jobs go in with `use " +
             call[0]->getText() + "(...)`";
    }
  }
  // `- name: Build`, a step as workflow YAML writes it.
  if (s == "-" && line.empty() && among_statements && next[1] == ":")
    return "'-': this looks like a YAML list item; a step is written step { name = \"...\" run = \"...\" }";
  // `name "Build"`; not `step "Build" {`, a block named in quotes.
  if (is_text(offending) && prev && prev->getType() == pipec_antlr::PipeLexer::IDENT && line.size() == 1 &&
      line[0] == prev && among_statements && next[0] != "{")
    return describe_token(&offending) + "; write `" + prev->getText() + " = ...`: an attribute takes '=' before its value";
  // `let x 1`: a value where the = goes.
  const bool starts_value = is_text(offending) || offending.getType() == pipec_antlr::PipeLexer::IDENT || s == "[" ||
                            s == "{" || s == "(" || s == "!";
  if (starts_value && line.size() == 2 && line[0]->getText() == "let" && line[1] == prev &&
      prev->getType() == pipec_antlr::PipeLexer::IDENT && among_statements)
    return describe_token(&offending) + "; write `let " + prev->getText() + " = ...`: a let takes '=' before its value";
  auto has_equals = [](const std::vector<antlr4::Token*>& ts) {
    return std::any_of(ts.begin(), ts.end(), [](antlr4::Token* t) { return t->getText() == "="; });
  };
  if (s == "=" && in_object && prev && prev->getType() == pipec_antlr::PipeLexer::IDENT)
    return "'=': an object value's fields are written key: value (or leave out the = before its { to write a block)";
  if (s == "=" && among_statements && has_equals(line)) return "'='; to compare, write ==";
  // `if = a and not b()`: the words after `=` read as a block (`and not()`),
  // which the next line's token does not open.
  std::vector<antlr4::Token*> words = line;
  words.push_back(const_cast<antlr4::Token*>(&offending));
  if (prev && prev->getLine() != offending.getLine()) {
    words.clear();
    for (antlr4::Token* t : tokens->getTokens(0, prev->getTokenIndex())) {
      if (t->getChannel() == antlr4::Token::DEFAULT_CHANNEL && t->getLine() == prev->getLine()) words.push_back(t);
    }
  }
  bool after = false;
  std::string before;  // the token before t
  for (antlr4::Token* t : words) {
    const std::string w = t->getText();
    if (w == "=") after = true;
    const bool member = before == ".";  // inputs.not is a name
    before = w;
    if (after && !member && t->getType() == pipec_antlr::PipeLexer::IDENT && is_operator_word(w)) {
      at = t;
      return "'" + w + "': " + kOperatorWords;
    }
  }
  return "";
}

// For a slip just after a """ string that holds lines reading as .pipe (a
// block's first line, or an attribute): its closing """ was likely lost,
// so the string ran on to the next """, another string's opening, and
// what is parsed now is that string's text. The note says so, at the
// string's opening; "" for any other slip.
std::string swallowed_note(antlr4::Recognizer* recognizer, const antlr4::Token& offending, const Origin& origin,
                           const antlr4::Token*& at) {
  antlr4::BufferedTokenStream* tokens = token_stream(recognizer);
  if (!tokens || offending.getType() == antlr4::Token::EOF) return "";
  const antlr4::Token* text = nullptr;
  int seen = 0;
  for (size_t k = offending.getTokenIndex(); k-- > 0 && seen < 12;) {
    const antlr4::Token* t = tokens->get(k);
    if (t->getChannel() != antlr4::Token::DEFAULT_CHANNEL) continue;
    ++seen;
    if (t->getType() == pipec_antlr::PipeLexer::RAWSTRING) {
      text = t;
      break;
    }
  }
  if (!text) return "";
  const std::string body = text->getText();
  const size_t end_line = text->getLine() + std::count(body.begin(), body.end(), '\n');
  if (end_line == text->getLine() || offending.getLine() > end_line + 3) return "";
  static const std::regex code(
      R"(\s*((step|job|steps|when|else|strategy|matrix|outputs|container|concurrency|permissions|defaults|env|with|args)\b[^=]*\{|(name|run|uses|if|runs-on|needs|shell|id|file|tool)\s+=\s+["a-z_!(]).*)");
  size_t line_no = text->getLine();
  for (size_t i = 0, nl; i < body.size(); i = nl + 1, ++line_no) {
    nl = body.find('\n', i);
    if (nl == std::string::npos) nl = body.size();
    if (line_no == text->getLine()) continue;  // the opening line
    std::string line = body.substr(i, nl - i);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.size() > kLongestMatched || !std::regex_match(line, code)) continue;  // a longer one is not looked at
    line.erase(0, line.find_first_not_of(" \t"));
    if (line.size() > 40) line = line.substr(0, char_start(line, 37)) + "...";
    at = text;
    return "the \"\"\" string opened here runs to line " + std::to_string(map_pos(origin, end_line, 0).line) +
           " and holds lines that read as .pipe (line " + std::to_string(map_pos(origin, line_no, 0).line) + ": `" + line +
           "`): is its closing \"\"\" missing? What follows it does not parse (" + describe_token(&offending) +
           " at " + to_string(map_pos(origin, offending.getLine(), offending.getCharPositionInLine())) + ")";
  }
  return "";
}

// For a value written as ${{ EXPR }} (a habit from workflow YAML), the
// statement as .pipe writes it: `KEY = EXPR`, or `EXPR` when the key is
// not known; "" when the token is no such ${{.
std::string bare_expression(antlr4::Recognizer* recognizer, const antlr4::Token& dollar) {
  if (dollar.getText() != "$") return "";
  antlr4::CharStream* in = dollar.getInputStream();
  const size_t start = dollar.getStartIndex();
  const std::string rest = in->getText(antlr4::misc::Interval(start, in->size() - 1));
  const size_t end = rest.find("}}");
  if (rest.rfind("${{", 0) != 0 || end == std::string::npos || rest.find_first_of("\r\n") < end)
    return "";
  std::string expr = rest.substr(3, end - 3);
  expr.erase(0, expr.find_first_not_of(' '));
  expr.erase(expr.find_last_not_of(' ') + 1);
  antlr4::BufferedTokenStream* tokens = token_stream(recognizer);
  const size_t i = dollar.getTokenIndex();
  if (tokens && i >= 2) {
    std::vector<antlr4::Token*> before = tokens->getTokens(0, i - 1);
    std::vector<antlr4::Token*> seen;
    for (auto it = before.rbegin(); it != before.rend() && seen.size() < 2; ++it) {
      if ((*it)->getChannel() == antlr4::Token::DEFAULT_CHANNEL) seen.push_back(*it);
    }
    if (seen.size() == 2 && seen[0]->getText() == "=")
      return "`" + seen[1]->getText() + " = " + expr + "`";
  }
  return "`" + expr + "`";
}

// For a slip inside a value written bare after `=` (`runs-on =
// ubuntu-24.04`, `uses = actions/checkout@v4`), as YAML writes text: a
// hint to write it in quotes; "" otherwise.
std::string bare_text_hint(const antlr4::Token& offending) {
  if (offending.getType() == antlr4::Token::EOF) return "";
  antlr4::CharStream* in = offending.getInputStream();
  const size_t index = offending.getStartIndex();  // in code points
  if (!in || index == 0 || index >= in->size()) return "";
  // As UTF-8, split where the token starts.
  const std::string before = in->getText(antlr4::misc::Interval(size_t{0}, index - 1));
  const std::string text = before + in->getText(antlr4::misc::Interval(index, in->size() - 1));
  const size_t at = before.size();
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  size_t start = at;
  while (start > 0 && !space(text[start - 1])) --start;
  size_t end = at;
  while (end < text.size() && !space(text[end])) ++end;
  size_t eq = start;
  while (eq > 0 && (text[eq - 1] == ' ' || text[eq - 1] == '\t')) --eq;
  if (eq < 2 || text[eq - 1] != '=' || std::string("=!<>").find(text[eq - 2]) != std::string::npos)
    return "";
  const std::string run = text.substr(start, end - start);
  if (run.find_first_of("\"'()[]{},") != std::string::npos) return "";
  return "; if it is text, write it in quotes: \"" + run + "\"";
}

// For a character that looks like one the language has but is not (what
// word processors and chat clients put in for it): what it is and what to
// write; "" for any other text.
std::string lookalike_note(const std::string& t) {
  static const std::vector<std::pair<std::string, std::string>> lookalikes = {
      {"\u201C", "a typographic quote (U+201C): write \""},
      {"\u201D", "a typographic quote (U+201D): write \""},
      {"\u201E", "a typographic quote (U+201E): write \""},
      {"\u2018", "a typographic quote (U+2018): write ' or \""},
      {"\u2019", "a typographic quote (U+2019): write ' or \""},
      {"\u00A0", "a no-break space (U+00A0): write a plain space"},
      {"\u2007", "a figure space (U+2007): write a plain space"},
      {"\u202F", "a narrow no-break space (U+202F): write a plain space"},
      {"\u200B", "a zero-width space (U+200B), which shows as nothing: delete it"},
      {"\uFEFF", "a zero-width no-break space (U+FEFF), which shows as nothing: delete it"},
      {"\u2013", "an en dash (U+2013): write -"},
      {"\u2014", "an em dash (U+2014): write -"},
      {"\u2212", "a minus sign (U+2212): write -"},
  };
  for (const auto& [c, note] : lookalikes) {
    if (t == c) return note;
  }
  return "";
}

// For a quote that opens no string on its line, where the line reads
// `KEY = words"` (the text's opening quote left out): a hint to put it
// in; "" for any other.
std::string opening_quote_hint(antlr4::CharStream* in, size_t line, size_t col) {
  if (!in || in->size() == 0 || line == 0) return "";
  const std::string text = in->getText(antlr4::misc::Interval(size_t{0}, in->size() - 1));
  size_t start = 0;
  for (size_t n = 1; n < line && start != std::string::npos; ++n) {
    start = text.find('\n', start);
    if (start != std::string::npos) ++start;
  }
  if (start == std::string::npos) return "";
  const size_t end = text.find('\n', start);
  const std::string this_line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
  const std::vector<size_t> at = code_point_offsets(this_line);
  if (col >= at.size()) return "";
  const std::string before = this_line.substr(0, at[col]);
  const size_t eq = before.find(" = ");
  if (eq == std::string::npos || before.find('"') != std::string::npos) return "";
  // The quote ends the line's value (a comment may follow): words before
  // it, nothing after it.
  std::string after = this_line.substr(at[col] + 1);
  after.erase(0, after.find_first_not_of(" \t\r"));
  if (!after.empty() && after[0] != '#') return "";
  std::string value = before.substr(eq + 3);
  value.erase(0, value.find_first_not_of(' '));
  const bool words = !value.empty() && std::all_of(value.begin(), value.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == ' ' || c == '.' || c == '-' || c == '_' || c == '/' ||
           c == ':' || c == ',' || static_cast<unsigned char>(c) >= 0x80;
  });
  if (!words) return "";
  std::string key = before.substr(0, eq);
  key.erase(0, key.find_first_not_of(" \t"));
  if (key.size() > 40 || value.size() > 60) return "";
  return "; if this quote ends text, its opening quote is missing: " + key + " = \"" + value + "\"";
}

class Listener : public antlr4::BaseErrorListener {
 public:
  Listener(Diagnostics& diags, Origin origin) : diags_(diags), origin_(std::move(origin)) {}
  void syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* offending, size_t line,
                   size_t col, const std::string& msg, std::exception_ptr) override {
    ++count;
    // ANTLR reads on past a slip, and what it reports after the first
    // error is mostly that slip again ('unexpected {' down to the end of
    // the file): the first error is the one to fix.
    if (count > 1) return;
    if (!offending && msg.rfind("token recognition error", 0) == 0) {
      auto q = msg.find('\'');
      std::string what = q == std::string::npos ? msg : msg.substr(q);
      if (what.rfind("'\"", 0) == 0 || what.rfind("''", 0) == 0) {
        diags_.error(map_pos(origin_, line, col), "syntax",
                     "unterminated string; a string ends on its line (use \"\"\" for text over several lines)" +
                         opening_quote_hint(dynamic_cast<antlr4::Lexer*>(recognizer)
                                                ? dynamic_cast<antlr4::Lexer*>(recognizer)->getInputStream()
                                                : nullptr,
                                            line, col));
        return;
      }
      diags_.error(map_pos(origin_, line, col), "syntax", "unexpected character " + what);
      return;
    }
    if (offending && offending->getType() == pipec_antlr::PipeLexer::UNTERMINATED) {
      // An unclosed """ lexes as an empty string "" and then an unclosed ".
      // After a third quote, though, those two closed a """ string (""""
      // is its close and then a quote).
      size_t at = offending->getStartIndex();
      auto before = [&](size_t n) {
        return at >= n ? offending->getInputStream()->getText(antlr4::misc::Interval(at - n, at - 1)) : "";
      };
      if (offending->getText().front() == '"' && before(3) == "\"\"\"") {
        diags_.error(map_pos(origin_, line, col), "syntax",
                     "a \"\"\" string ends at its first \"\"\", so this quote opens another string, which is not "
                     "closed; to end the text with a quote, put the closing \"\"\" on a line of its own");
        return;
      }
      if (offending->getText().front() == '"' && before(2) == "\"\"") {
        diags_.error(map_pos(origin_, line, col - 2), "syntax",
                     "unterminated \"\"\" string: no closing \"\"\" before the end of the file");
        return;
      }
      diags_.error(map_pos(origin_, line, col), "syntax",
                   "unterminated string; a string ends on its line (use \"\"\" for text over several lines)" +
                       opening_quote_hint(offending->getInputStream(), line, col));
      return;
    }
    if (const std::string note = offending ? lookalike_note(offending->getText()) : ""; !note.empty()) {
      diags_.error(map_pos(origin_, line, col), "syntax", "unexpected '" + offending->getText() + "', " + note);
      return;
    }
    // Another letter from beyond ASCII may look just like one within it
    // (Cyrillic а and Latin a): its code point tells them apart.
    if (offending && offending->getType() == pipec_antlr::PipeLexer::ANY &&
        static_cast<unsigned char>(offending->getText()[0]) >= 0x80) {
      size_t i = 0;
      const char32_t c = decode_utf8(offending->getText(), i);
      diags_.error(map_pos(origin_, line, col), "syntax",
                   "unexpected '" + offending->getText() + "' (" + code_point_name(c) +
                       "): outside strings and comments a .pipe file is ASCII, and names are ASCII letters, "
                       "digits, _ and -");
      return;
    }
    if (const antlr4::Token* text = nullptr; offending) {
      if (const std::string note = swallowed_note(recognizer, *offending, origin_, text); !note.empty()) {
        diags_.error(map_pos(origin_, text->getLine(), text->getCharPositionInLine()), "syntax", note);
        return;
      }
    }
    if (const std::string bare = offending ? bare_expression(recognizer, *offending) : "";
        !bare.empty()) {
      diags_.error(map_pos(origin_, line, col), "syntax",
                   "${{ }} belongs in text (\"v${{ x }}\"); a value that is all one "
                   "expression is written bare: " +
                       bare);
      return;
    }
    if (const antlr4::Token* where = offending; offending) {
      if (const std::string note = bracket_note(recognizer, *offending, origin_, where); !note.empty()) {
        diags_.error(map_pos(origin_, where->getLine(), where->getCharPositionInLine()), "syntax", note);
        return;
      }
    }
    const antlr4::Token* about = offending;
    if (const std::string hint = offending ? slip_hint(recognizer, *offending, origin_, about) : ""; !hint.empty()) {
      diags_.error(map_pos(origin_, about->getLine(), about->getCharPositionInLine()), "syntax", "unexpected " + hint);
      return;
    }
    diags_.error(map_pos(origin_, line, col), "syntax",
                 rewrite_message(offending, msg) + (offending ? bare_text_hint(*offending) : ""));
  }
  int count = 0;

 private:
  Diagnostics& diags_;
  Origin origin_;
};

// Checks, on the token stream before parsing, that no expression tree can be
// deep enough to exhaust the stack in the parser or in any later pass:
// brackets nest at most kMaxNesting deep, and at most kMaxOperators operators
// stand between two brackets (a && b && ... builds a tree as deep as it is long).
bool nesting_ok(antlr4::CommonTokenStream& tokens, const Origin& origin, Diagnostics& diags) {
  static const std::set<std::string> operators = {"!",  "&&", "||", "==", "!=", "<", "<=",
                                                  ">=", ">",  "?",  ".",  ":",  "+"};
  // A name, literal or closing bracket ends an operand; a name or literal
  // starts one.
  auto starts_operand = [](const std::string& s) {
    unsigned char c = s.empty() ? 0 : static_cast<unsigned char>(s[0]);
    return std::isalnum(c) || c == '_' || c == '"' || c == '\'' || (c == '-' && s.size() > 1);
  };
  auto ends_operand = [&](const std::string& s) { return s == ")" || s == "]" || s == "}" || starts_operand(s); };
  // Operators counted per open bracket; their sum bounds the depth of the
  // tree under the current position.
  std::vector<int> ops = {0};
  // The `else`s of the chain a `when` starts, in each open block: a chain
  // `when a {} else when b {} ...` nests one level per link in the parser
  // and in expansion, without a bracket; and a chain inside one of its
  // branches nests on from there, so they are counted along the path.
  std::vector<int> elses = {0};
  int else_total = 0;
  int total = 0;
  std::string prev;
  for (auto* t : tokens.getTokens()) {
    std::string s = t->getText();
    if (t->getChannel() != antlr4::Token::DEFAULT_CHANNEL) continue;
    if (s == "else") {
      ++elses.back();
      if (++else_total > kMaxElses) {
        diags.error(map_pos(origin, t->getLine(), t->getCharPositionInLine()), "nesting",
                    "more than " + std::to_string(kMaxElses) +
                        " else branches on one path (a chain, and the chains inside its branches); use a table or a let");
        return false;
      }
    } else if (prev == "}" && elses.back() > 0) {  // the chain has ended
      else_total -= elses.back();
      elses.back() = 0;
    }
    // No expression has two operands side by side (`x y`, `"a" b`, `} c`)
    // or a `;`: there a new statement starts, and its operators a new
    // count, so that a block of many `input x: string` or `a = b.c` lines
    // is not taken for one long expression.
    if (s == ";" || (ends_operand(prev) && starts_operand(s))) {
      total -= ops.back();
      ops.back() = 0;
    }
    // A chain of indexes or calls (x[0][1], f(a)[0]) nests one level per
    // link although its brackets close: each link counts as an operator.
    bool link = (s == "(" || s == "[") && (prev == ")" || prev == "]");
    prev = s;
    if (link || operators.count(s)) {
      ++ops.back();
      if (++total > kMaxOperators) {
        diags.error(map_pos(origin, t->getLine(), t->getCharPositionInLine()), "nesting",
                    "expression too deep: more than " + std::to_string(kMaxOperators) +
                        " operators on one path; split it with let");
        return false;
      }
    }
    if (s == "(" || s == "[" || s == "{") {
      ops.push_back(0);
      elses.push_back(0);
      if (static_cast<int>(ops.size()) - 1 > kMaxNesting) {
        diags.error(map_pos(origin, t->getLine(), t->getCharPositionInLine()), "nesting",
                    "nesting deeper than " + std::to_string(kMaxNesting) + " levels");
        return false;
      }
    } else if (s == ")" || s == "]" || s == "}") {
      if (ops.size() > 1) {
        total -= ops.back();
        ops.pop_back();
        else_total -= elses.back();
        elses.pop_back();
      }
    } else if (s == "=" || s == "," || s == ";") {
      total -= ops.back();
      ops.back() = 0;
    }
  }
  return true;
}

class Builder {
 public:
  Builder(Diagnostics& diags, Origin origin, int depth)
      : diags_(diags), origin_(std::move(origin)), depth_(depth) {}

  // The file's tokens so far, which each ${{ }} parsed adds its own to.
  void set_token_count(size_t* count) { tokens_ = count; }

  // For statements of a file: its tokens, comments among them.
  void set_stream(antlr4::CommonTokenStream* stream) { stream_ = stream; }

  // The comments right above a statement's first token: each alone on its
  // line (not the end of the line before), the last on the line above the
  // statement, none with a blank line after it. `//` becomes `#`.
  std::vector<std::string> lead(antlr4::Token* first) const {
    if (!stream_) return {};
    const std::vector<antlr4::Token*> hidden = stream_->getHiddenTokensToLeft(first->getTokenIndex());
    if (hidden.empty()) return {};
    // The line the token before the comments ends on (a """ string spans
    // lines), where a comment ends that line.
    const size_t before_at = hidden.front()->getTokenIndex();
    size_t before_line = 0;
    if (before_at > 0) {
      const antlr4::Token* before = stream_->get(before_at - 1);
      const std::string text = before->getText();
      before_line = before->getLine() + static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
    }
    std::vector<std::string> out;
    size_t line = first->getLine();
    for (auto it = hidden.rbegin(); it != hidden.rend(); ++it) {
      const antlr4::Token* c = *it;
      if (c->getLine() + 1 != line || c->getLine() == before_line) break;
      line = c->getLine();
      std::string text = c->getText();
      text.erase(0, text[0] == '#' ? 1 : 2);
      text.erase(text.find_last_not_of(" \t") + 1);
      out.insert(out.begin(), "#" + text);
    }
    return out;
  }

  // For statements of a file: code point index -> byte offset.
  void set_offsets(const std::vector<size_t>* offsets) { offsets_ = offsets; }
  size_t byte(size_t cp) const {
    return offsets_ && cp < offsets_->size() ? (*offsets_)[cp] : 0;
  }
  Span span(antlr4::Token* first, antlr4::Token* last) const {
    if (!offsets_ || !first || !last) return {};
    return {byte(first->getStartIndex()), byte(last->getStopIndex() + 1)};
  }
  Span span(antlr4::ParserRuleContext* c) const { return span(c->getStart(), c->getStop()); }
  // From the statement's start to just before `{`.
  Span head_until(antlr4::ParserRuleContext* s, P::BodyContext* b) const {
    if (!offsets_) return {};
    return {byte(s->getStart()->getStartIndex()), byte(b->getStart()->getStartIndex())};
  }

  Pos pos(antlr4::Token* t) const {
    return map_pos(origin_, t->getLine(), t->getCharPositionInLine());
  }
  Pos pos(antlr4::ParserRuleContext* c) const { return pos(c->getStart()); }

  Body body(P::BodyContext* b) {
    Body out;
    size_t operator_line = 0;  // of an `and`, `or` or `not` reported
    for (auto* s : b->stmt()) {
      const size_t line = s->getStart()->getLine();
      // `if = a or force`: the words after a value parse as statements of
      // their own (`or`, then `force ...`). The first is the slip; the rest
      // of its line is the same slip read on.
      if (line == operator_line) continue;
      // `timeout-minutes = 30m`: the name after the number, reported with
      // it, parses as the next statement.
      if (glued_.count(s->getStart()->getStartIndex())) continue;
      auto* flag = dynamic_cast<P::FlagStmtContext*>(s);
      if (flag && is_operator_word(flag->kind->getText()) && !out.empty() &&
          out.back()->pos.line == map_pos(origin_, line, 0).line) {
        // The same slip as in a value that does not parse (slip_hint):
        // one message, one id.
        diags_.error(pos(s), "syntax", "unexpected '" + flag->kind->getText() + "': " + kOperatorWords);
        operator_line = line;
        continue;
      }
      if (auto st = stmt(s)) out.push_back(st);
    }
    return out;
  }

  StmtPtr stmt(P::StmtContext* s) {
    auto st = std::make_shared<Stmt>();
    st->pos = pos(s);
    st->span = span(s);
    st->lead = lead(s->getStart());
    if (auto* c = dynamic_cast<P::ImportStmtContext*>(s)) {
      st->kind = Stmt::Kind::Import;
      st->import_path = unquote_plain(c->STRING()->getSymbol());
      st->head = span(c->STRING()->getSymbol(), c->STRING()->getSymbol());
    } else if (auto* c = dynamic_cast<P::LetStmtContext*>(s)) {
      st->kind = Stmt::Kind::Let;
      st->name = c->name->getText();
      st->name_pos = pos(c->name);
      st->value = expr(c->expr());
      st->head = span(c->expr());
    } else if (auto* c = dynamic_cast<P::UseStmtContext*>(s)) {
      st->kind = Stmt::Kind::Use;
      st->name = c->name->getText();
      st->name_pos = pos(c->name);
      st->args = args(c->args());
      st->head = span(c->args());
    } else if (auto* c = dynamic_cast<P::WhenStmtContext*>(s)) {
      st->kind = Stmt::Kind::When;
      st->value = expr(c->expr());
      st->body = body(c->body());
      st->head = head_until(c, c->body());
      st->body_braces = span(c->body());
      if (c->elseClause()) {
        st->else_body = else_body(c->elseClause());
        if (c->elseClause()->body()) st->else_braces = span(c->elseClause()->body());
      }
    } else if (auto* c = dynamic_cast<P::AttrStmtContext*>(s)) {
      st->kind = Stmt::Kind::Attr;
      st->name = c->key->getText();
      st->name_pos = pos(c->key);
      st->value = expr(c->expr());
      st->head = span(c->expr());
    } else if (auto* c = dynamic_cast<P::TypedStmtContext*>(s)) {
      st->kind = Stmt::Kind::Typed;
      st->kind_word = c->kind->getText();
      st->name = c->name->getText();
      st->name_pos = pos(c->name);
      st->type = type_ref(c->typeRef());
      if (c->expr()) st->value = expr(c->expr());
      if (c->body()) {
        st->body = body(c->body());
        st->head = head_until(c, c->body());
        st->body_braces = span(c->body());
      } else {
        st->head = span(c);
      }
    } else if (auto* c = dynamic_cast<P::BlockStmtContext*>(s)) {
      st->kind = Stmt::Kind::Block;
      st->kind_word = c->kind->getText();
      if (c->name) {
        st->name = c->name->getText();
        st->name_pos = pos(c->name);
        st->name_lead = lead(c->name);
      }
      if (c->params()) {
        st->has_params = true;
        for (auto* p : c->params()->param()) {
          Param param;
          param.name = p->name->getText();
          param.pos = pos(p->name);
          param.type = type_ref(p->typeRef());
          if (p->expr()) param.default_value = expr(p->expr());
          st->params.push_back(std::move(param));
        }
      }
      st->body = body(c->body());
      st->head = head_until(c, c->body());
      st->body_braces = span(c->body());
    } else if (auto* c = dynamic_cast<P::FlagStmtContext*>(s)) {
      st->kind = Stmt::Kind::Flag;
      st->kind_word = c->kind->getText();
    } else if (auto* c = dynamic_cast<P::ErrorStmtContext*>(s)) {
      auto* bad = c->badStmt();
      if (bad->key->getText() == "on") {
        diags_.error(pos(bad->getStart()), "syntax",
                     "on is a block of triggers, not a value: write " + on_block_hint(*expr(bad->expr())));
        return nullptr;
      }
      // A job's steps and a workflow's jobs are blocks, one each.
      const std::string key = bad->key->getText();
      if (key == "steps" || key == "jobs")
        diags_.error(pos(bad->getStart()), "syntax",
                     key == "steps" ? "a job's steps are blocks, one each: write step { run = \"...\" }"
                                    : "a workflow's jobs are blocks, one each: write job NAME { ... }");
      else
        diags_.error(pos(bad->getStart()), "syntax", "write `" + key + " = ...`: attributes take '=', not ':'");
      return nullptr;
    }
    return st;
  }

  Body else_body(P::ElseClauseContext* e) {
    if (e->body()) return body(e->body());
    // `else when c { } ...` is a When statement inside the else branch.
    auto* w = e->whenTail;
    auto st = std::make_shared<Stmt>();
    st->kind = Stmt::Kind::When;
    st->pos = pos(w);
    st->span = span(w);
    st->value = expr(w->expr());
    st->body = body(w->body());
    st->head = head_until(w, w->body());
    st->body_braces = span(w->body());
    if (w->elseClause()) {
      st->else_body = else_body(w->elseClause());
      if (w->elseClause()->body()) st->else_braces = span(w->elseClause()->body());
    }
    return Body{st};
  }

  std::vector<Arg> args(P::ArgsContext* a) { return arg_list(a->arg()); }

  // Arguments by position (an empty name), then by name; one by position
  // after one by name is an error, as it is in Python: which parameter it
  // stands for would depend on the names before it.
  std::vector<Arg> arg_list(const std::vector<P::ArgContext*>& given) {
    std::vector<Arg> out;
    bool named = false;
    for (auto* x : given) {
      if (x->name) {
        named = true;
        out.push_back({x->name->getText(), pos(x->name), expr(x->expr())});
      } else if (named) {
        diags_.error(pos(x->getStart()), "syntax",
                     "an argument by position after one by name: write it as name = value too");
      } else {
        out.push_back({"", pos(x->getStart()), expr(x->expr())});
      }
    }
    return out;
  }

  TypeRef type_ref(P::TypeRefContext* t) {
    TypeRef out;
    out.name = t->name->getText();
    out.pos = pos(t->name);
    for (auto* e : t->expr()) out.args.push_back(expr(e));
    if (t->item) {
      out.item = std::make_shared<TypeRef>(type_ref(t->item));
      if (out.name != "list")
        diags_.error(out.item->pos, "unknown-type",
                     "only list[...] takes a type in [ ], as list[choice[\"a\", \"b\"]]");
    }
    return out;
  }

  ExprPtr make(Expr::Kind kind, antlr4::ParserRuleContext* c) {
    auto e = std::make_shared<Expr>();
    e->kind = kind;
    e->pos = pos(c);
    return e;
  }

  ExprPtr expr(P::ExprContext* c) {
    using K = Expr::Kind;
    if (auto* x = dynamic_cast<P::PrimaryExprContext*>(c)) return primary(x->primary());
    if (auto* x = dynamic_cast<P::MemberExprContext*>(c)) {
      auto e = std::make_shared<Expr>();
      e->kind = K::Member;
      // x.* is GitHub's object filter: every value of x (needs.*.result).
      e->pos = pos(x->name ? x->name : x->star);
      e->text = x->name ? x->name->getText() : "*";
      e->operands = {expr(x->expr())};
      return e;
    }
    if (auto* x = dynamic_cast<P::IndexExprContext*>(c)) {
      auto e = std::make_shared<Expr>(*make(K::Index, x));
      e->operands = {expr(x->expr(0)), expr(x->expr(1))};
      return e;
    }
    if (auto* x = dynamic_cast<P::NotExprContext*>(c)) {
      auto e = std::make_shared<Expr>(*make(K::Not, x));
      e->operands = {expr(x->expr())};
      return e;
    }
    if (auto* x = dynamic_cast<P::CondExprContext*>(c)) {
      auto e = std::make_shared<Expr>(*make(K::Cond, x));
      e->operands = {expr(x->expr(0)), expr(x->expr(1)), expr(x->expr(2))};
      return e;
    }
    auto binary = [&](antlr4::ParserRuleContext* x, std::string op, P::ExprContext* l,
                      P::ExprContext* r) {
      auto e = std::make_shared<Expr>(*make(K::Binary, x));
      e->text = std::move(op);
      e->operands = {expr(l), expr(r)};
      return e;
    };
    if (auto* x = dynamic_cast<P::ConcatExprContext*>(c)) return binary(x, "+", x->expr(0), x->expr(1));
    if (auto* x = dynamic_cast<P::CompareExprContext*>(c))
      return binary(x, x->op->getText(), x->expr(0), x->expr(1));
    if (auto* x = dynamic_cast<P::EqualExprContext*>(c))
      return binary(x, x->op->getText(), x->expr(0), x->expr(1));
    if (auto* x = dynamic_cast<P::AndExprContext*>(c))
      return binary(x, "&&", x->expr(0), x->expr(1));
    if (auto* x = dynamic_cast<P::OrExprContext*>(c))
      return binary(x, "||", x->expr(0), x->expr(1));
    return make(K::Null, c);
  }

  ExprPtr primary(P::PrimaryContext* c) {
    using K = Expr::Kind;
    if (auto* x = dynamic_cast<P::StringLitContext*>(c)) return string_lit(x->STRING()->getSymbol(), false);
    if (auto* x = dynamic_cast<P::RawStringLitContext*>(c))
      return string_lit(x->RAWSTRING()->getSymbol(), true);
    if (auto* x = dynamic_cast<P::NumberLitContext*>(c)) {
      auto e = std::make_shared<Expr>(*make(K::Number, x));
      e->text = x->getText();
      if (const std::string name = glued_name(*x->getStart()); !name.empty()) {
        const Pos at = map_pos(origin_, x->getStart()->getLine(),
                               x->getStart()->getCharPositionInLine() + x->getStart()->getText().size());
        diags_.error(at, "syntax", "unexpected " + glued_message(*x->getStart(), name));
        glued_.insert(x->getStart()->getStopIndex() + 1);
        return e;
      }
      if (e->text.find_first_of("eE") != std::string::npos) {
        const std::string plain = double_as_read(e->text);
        // Written out, if that is short and below 2^53 (the checks below).
        const size_t whole_digits = std::min(plain.find('.'), plain.size()) - (plain[0] == '-');
        const bool exact = whole_digits <= 15 && plain.size() <= 20 && plain != "0" && plain != "-0";
        diags_.error(e->pos, "syntax",
                     "number " + e->text + " has an exponent; numbers in .pipe are written out" +
                         (exact ? " (" + plain + ")" : "") + ", or as text in quotes");
        return e;
      }
      // GitHub's numbers are doubles: past 2^53 a whole number is no longer
      // read as written (and the schema's validators refuse it).
      std::string whole = e->text.substr(e->text[0] == '-', e->text.find('.') - (e->text[0] == '-'));
      whole.erase(0, std::min(whole.find_first_not_of('0'), whole.size() - 1));
      if (whole.size() > 16 || (whole.size() == 16 && whole > "9007199254740992"))
        diags_.error(e->pos, "syntax", "number " + e->text + " is past 2^53, which GitHub cannot read exactly; write it as text");
      else if (const std::string read = number_as_read(e->text); read != e->text)
        diags_.error(e->pos, "syntax",
                     "number " + e->text +
                         " is not read as written: GitHub reads a number without leading zeros, "
                         "zeros that end its fraction or a sign on zero (a python-version of 3.10 "
                         "is 3.1); write \"" +
                         e->text + "\" for the text, or " + read);
      else if (const std::string as_double = double_as_read(read); as_double != read)
        diags_.error(e->pos, "syntax",
                     "number " + e->text + " is not read as written: GitHub's numbers are doubles, which hold "
                     "about 16 digits, and it reads this one as " + as_double + "; write \"" + e->text +
                         "\" for the text, or " + as_double);
      return e;
    }
    if (auto* x = dynamic_cast<P::BoolLitContext*>(c)) {
      auto e = std::make_shared<Expr>(*make(K::Bool, x));
      e->boolean = x->getText() == "true";
      return e;
    }
    if (auto* x = dynamic_cast<P::NullLitContext*>(c)) return make(K::Null, x);
    if (auto* x = dynamic_cast<P::CallExprContext*>(c)) {
      auto e = std::make_shared<Expr>(*make(K::Call, x));
      e->text = x->IDENT()->getText();
      for (Arg& a : arg_list(x->arg())) {
        if (a.name.empty()) e->operands.push_back(std::move(a.value));
        else e->fields.push_back({std::move(a.name), a.pos, std::move(a.value)});
      }
      return e;
    }
    if (auto* x = dynamic_cast<P::NameExprContext*>(c)) {
      auto e = std::make_shared<Expr>(*make(K::Name, x));
      e->text = x->IDENT()->getText();
      return e;
    }
    if (auto* x = dynamic_cast<P::ListLitContext*>(c)) {
      auto e = std::make_shared<Expr>(*make(K::List, x));
      for (auto* a : x->expr()) e->operands.push_back(expr(a));
      return e;
    }
    if (auto* x = dynamic_cast<P::ObjectLitContext*>(c)) {
      auto e = std::make_shared<Expr>(*make(K::Object, x));
      for (auto* f : x->objField()) {
        ObjField field;
        field.pos = pos(f);
        field.key = f->IDENT() ? f->IDENT()->getText() : unquote_plain(f->STRING()->getSymbol());
        field.value = expr(f->expr());
        e->fields.push_back(std::move(field));
      }
      return e;
    }
    if (auto* x = dynamic_cast<P::ParenExprContext*>(c)) return expr(x->expr());
    return make(K::Null, c);
  }

  // A string literal without interpolation (import paths, object keys).
  std::string unquote_plain(antlr4::Token* t) {
    auto e = string_lit(t, false);
    std::string out;
    for (const auto& p : e->parts) {
      if (p.expr) {
        diags_.error(e->pos, "syntax", "no ${{ }} allowed in this string");
        return out;
      }
      out += p.text;
    }
    return out;
  }

  ExprPtr string_lit(antlr4::Token* t, bool raw);

 private:
  ExprPtr parse_interpolation(const std::string& text, Origin at);

  Diagnostics& diags_;
  Origin origin_;
  const std::vector<size_t>* offsets_ = nullptr;
  int depth_;
  // Where a name starts that runs on from a number, reported (glued_name).
  std::set<size_t> glued_;
  size_t* tokens_ = nullptr;
  antlr4::CommonTokenStream* stream_ = nullptr;
};

// Moves a source position past byte `c` of UTF-8 text. Columns count
// characters, as ANTLR's do: a continuation byte adds none.
void step_past(char c, int& line, int& col) {
  if (c == '\n') {
    ++line;
    col = 1;
  } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
    ++col;
  }
}

// `pos` is where `s` starts in the source.
std::string unescape(const std::string& s, const Pos& pos, Diagnostics& diags) {
  std::string out;
  Pos at = pos;  // past what is read
  for (size_t i = 0; i < s.size(); ++i) {
    const Pos here = at;
    step_past(s[i], at.line, at.col);
    if (s[i] != '\\' || i + 1 == s.size()) {
      out += s[i];
      continue;
    }
    char c = s[++i];
    step_past(c, at.line, at.col);
    switch (c) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case '\\': out += '\\'; break;
      case '"': out += '"'; break;
      case '\'': out += '\''; break;
      default:
        diags.error(here, "syntax",
                    std::string("unknown escape \\") + c +
                        " in string; write \\\\ for a backslash, or use a \"\"\" string, which keeps backslashes as written");
        out += c;
    }
  }
  return out;
}

// Removes the indentation common to all non-blank lines of a triple-quoted
// string, the newline right after the opening quotes (and blanks before
// it), and the last line when
// it holds only the indentation of the closing quotes. Text right after the
// opening quotes starts its line there, with no indentation to remove, and
// is kept as written, its own blanks too: the common indentation is that
// of the lines after it (as Python's inspect.cleandoc reads a docstring,
// which also drops the first line's blanks), so a heredoc's end word below
// it still starts its line. Indentation is
// common when it is the same characters: a line indented with a tab where
// the others have spaces is an error, since no width of a tab makes the
// script what it looks like.
void dedent(std::vector<StringPart>& parts, const Pos& at, Diagnostics& diags) {
  // The text, with \x01 for each ${{ }}, followed by \x02 for each line
  // break in its source (which count for where a line is, and for nothing
  // else).
  std::string all;
  for (const auto& p : parts) all += p.expr ? "\x01" + std::string(p.line_breaks, '\x02') : p.text;
  int line = at.line;  // of the line being read
  // The line break after the opening quotes, with the blanks an editor may
  // leave before it (unseen, and so no line of the text).
  const size_t first = all.find_first_not_of(" \t");
  const bool text_on_quotes = first != std::string::npos && all[first] != '\n';
  if (first != std::string::npos && all[first] == '\n') {
    parts.front().text.erase(0, first + 1);
    all.erase(0, first + 1);
    ++line;
  }
  struct Line {
    int number;
    size_t start, indent;
  };
  std::vector<Line> lines;  // those with more than whitespace
  size_t indent = std::string::npos;
  for (size_t i = 0; i <= all.size();) {
    size_t end = all.find('\n', i);
    if (end == std::string::npos) end = all.size();
    size_t n = 0;
    while (i + n < end && (all[i + n] == ' ' || all[i + n] == '\t')) ++n;
    if (i + n < end && !(text_on_quotes && i == 0)) {
      lines.push_back({line, i, n});
      indent = std::min(indent, n);
    }
    line += 1 + static_cast<int>(std::count(all.begin() + i, all.begin() + end, '\x02'));
    i = end + 1;
  }
  // What is stripped must be the same characters on every line: a tab
  // where another line has a space has no one width.
  for (const Line& l : lines) {
    const size_t k = std::mismatch(all.begin() + l.start, all.begin() + l.start + indent,
                                   all.begin() + lines.front().start).first -
                     (all.begin() + l.start);
    if (k == indent) continue;
    const bool tab = all[l.start + k] == '\t';
    diags.error(Pos{at.file, l.number, static_cast<int>(k) + 1}, "syntax",
                std::string("this line is indented with a ") + (tab ? "tab" : "space") +
                    " where line " + std::to_string(lines.front().number) +
                    ", the first the \"\"\" string's indentation is taken from, has a " + (tab ? "space" : "tab") +
                    ": indent its lines alike");
    return;
  }
  if (indent == std::string::npos) indent = 0;
  bool at_start = !text_on_quotes;
  size_t strip = indent;
  for (auto& p : parts) {
    if (p.expr) {
      at_start = false;
      continue;
    }
    std::string out;
    for (char c : p.text) {
      if (at_start && strip > 0 && (c == ' ' || c == '\t')) {
        --strip;
        continue;
      }
      at_start = false;
      out += c;
      if (c == '\n') {
        at_start = true;
        strip = indent;
      }
    }
    p.text = out;
  }
  // Drop the trailing whitespace-only line (the closing quotes' indentation).
  auto& last = parts.back();
  if (!last.expr) {
    size_t nl = last.text.find_last_of('\n');
    if (nl != std::string::npos &&
        last.text.find_first_not_of(" \t", nl + 1) == std::string::npos) {
      last.text.erase(nl + 1);
    }
  }
}

ExprPtr Builder::string_lit(antlr4::Token* t, bool raw) {
  auto e = std::make_shared<Expr>();
  e->kind = Expr::Kind::String;
  e->raw = raw;
  e->pos = pos(t);
  const std::string tok = t->getText();
  const size_t q = raw ? 3 : 1;
  const std::string body = tok.substr(q, tok.size() - 2 * q);
  // Line and column of each offset in body, for interpolation positions.
  int line = e->pos.line, col = e->pos.col + static_cast<int>(q);
  size_t i = 0;
  std::string text;
  auto advance = [&](size_t to) {
    for (; i < to; ++i) step_past(body[i], line, col);
  };
  Pos text_at = e->pos;  // where `text` starts
  while (i < body.size()) {
    size_t start = body.find("${{", i);
    if (start == std::string::npos) start = body.size();
    if (text.empty()) text_at = Pos{e->pos.file, line, col};
    text += body.substr(i, start - i);
    advance(start);
    if (start == body.size()) break;
    // Find the closing }} at brace depth 0, outside quotes.
    size_t j = start + 3;
    int depth = 0;
    char quote = 0;
    size_t end = std::string::npos;
    for (; j < body.size(); ++j) {
      char c = body[j];
      if (quote) {
        if (c == '\\') ++j;
        else if (c == quote) quote = 0;
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '{') {
        ++depth;
      } else if (c == '}') {
        if (depth > 0) --depth;
        else if (j + 1 < body.size() && body[j + 1] == '}') {
          end = j;
          break;
        }
      }
    }
    if (end == std::string::npos) {
      // Left inside text in double quotes, which in a "..." string can only
      // have been opened by `\"`: the string's escapes are read after.
      const bool escaped_quote = !raw && quote == '"';
      diags_.error(Pos{origin_.file, line, col}, "syntax",
                   escaped_quote ? "unterminated ${{ in string: inside ${{ }} in a \"...\" string, write text "
                                   "in single quotes ('text'), not \\\"text\\\""
                                 : "unterminated ${{ in string");
      return e;
    }
    if (body.find_first_not_of(" \t\r\n", start + 3) == end) {
      diags_.error(Pos{origin_.file, line, col}, "syntax", "empty ${{ }}: write an expression in it");
      return e;
    }
    if (!text.empty()) e->parts.push_back({raw ? text : unescape(text, text_at, diags_), nullptr});
    text.clear();
    Origin inner{origin_.file, line, col + 3};
    const std::string source = body.substr(start + 3, end - start - 3);
    e->parts.push_back({"", parse_interpolation(source, inner), static_cast<int>(std::count(source.begin(), source.end(), '\n'))});
    advance(end + 2);
  }
  if (!text.empty() || e->parts.empty()) {
    e->parts.push_back({raw ? text : unescape(text, text_at, diags_), nullptr});
  }
  if (raw) dedent(e->parts, e->pos, diags_);
  return e;
}

struct Parsed {
  std::unique_ptr<antlr4::ANTLRInputStream> input;
  std::unique_ptr<pipec_antlr::PipeLexer> lexer;
  std::unique_ptr<antlr4::CommonTokenStream> tokens;
  std::unique_ptr<P> parser;
  std::unique_ptr<Listener> listener;
};

std::unique_ptr<Parsed> start(const std::string& text, const Origin& origin, Diagnostics& diags) {
  auto p = std::make_unique<Parsed>();
  p->input = std::make_unique<antlr4::ANTLRInputStream>(text);
  p->lexer = std::make_unique<pipec_antlr::PipeLexer>(p->input.get());
  p->listener = std::make_unique<Listener>(diags, origin);
  p->lexer->removeErrorListeners();
  p->lexer->addErrorListener(p->listener.get());
  p->tokens = std::make_unique<antlr4::CommonTokenStream>(p->lexer.get());
  p->tokens->fill();
  p->parser = std::make_unique<P>(p->tokens.get());
  p->parser->removeErrorListeners();
  p->parser->addErrorListener(p->listener.get());
  return p;
}

// The tokens of `text`, as the token stream of start() would hold them
// (EOF too), none kept; what the lexer cannot read is reported by start().
size_t count_tokens(const std::string& text) {
  antlr4::ANTLRInputStream input(text);
  pipec_antlr::PipeLexer lexer(&input);
  lexer.removeErrorListeners();
  size_t n = 0;
  for (;;) {
    ++n;
    if (lexer.nextToken()->getType() == antlr4::Token::EOF) return n;
  }
}

ExprPtr Builder::parse_interpolation(const std::string& text, Origin at) {
  // A guard on the recursion: today a string in ${{ }} must use a quote
  // kind its string does not (', ", """), which stops nesting at 3.
  if (depth_ > 4) {
    diags_.error(Pos{at.file, at.line, at.col}, "nesting", "${{ }} nested too deeply");
    return nullptr;
  }
  // A ${{ }} of a million tokens would take gigabytes as one file of them
  // does: they are counted with the file's before any is kept.
  if (tokens_) {
    const bool over = *tokens_ > kMaxTokens;
    *tokens_ += count_tokens(text);
    if (over) return nullptr;  // reported at the first ${{ }} past the bound
    if (*tokens_ > kMaxTokens) {
      diags_.error(Pos{at.file, at.line, at.col}, "too-large",
                   "with this ${{ }} the file has more than " + std::to_string(kMaxTokens) +
                       " tokens, counting those in ${{ }}; a .pipe file may have at most " + std::to_string(kMaxTokens));
      return nullptr;
    }
  }
  int before = static_cast<int>(diags_.items().size());
  auto p = start(text, at, diags_);
  if (!nesting_ok(*p->tokens, at, diags_)) return nullptr;
  auto* tree = p->parser->expr();
  if (p->listener->count == 0 && p->tokens->LA(1) != antlr4::Token::EOF) {
    auto* t = p->tokens->LT(1);
    auto* prev = p->tokens->LT(-1);
    const std::string name = prev && prev->getStopIndex() + 1 == t->getStartIndex() ? glued_name(*prev) : "";
    diags_.error(map_pos(at, t->getLine(), t->getCharPositionInLine()), "syntax",
                 "unexpected " + (name.empty() ? describe_token(t) + " in ${{ }}" : glued_message(*prev, name)));
  }
  // (A blank ${{ }} is reported by string_lit before it comes here.)
  if (static_cast<int>(diags_.items().size()) != before) return nullptr;
  Builder inner(diags_, at, depth_ + 1);
  inner.set_token_count(tokens_);
  return inner.expr(tree);
}

}  // namespace

std::string normalize_source(const std::string& raw) {
  std::string out;
  out.reserve(raw.size());
  size_t from = raw.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0;  // a UTF-8 byte order mark
  for (size_t i = from; i < raw.size(); ++i) {
    if (!(raw[i] == '\r' && i + 1 < raw.size() && raw[i + 1] == '\n')) out += raw[i];
  }
  return out;
}

// The first control character (C0 but tab and newline, DEL, C1) in UTF-8
// `text`, or npos: YAML cannot carry them in a workflow, and in a source
// they only hide what the text says. Sets `cp` to the code point.
static size_t first_control_char(const std::string& text, char32_t& cp) {
  for (size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7F) {
      cp = c;
      return i;
    }
    // U+0080..U+009F are 0xC2 0x80..0x9F in UTF-8.
    if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
      cp = static_cast<unsigned char>(text[i + 1]);
      return i;
    }
  }
  return std::string::npos;
}

File parse_file(const std::string& path, const std::string& text, Diagnostics& diags) {
  File file;
  file.path = path;
  Origin origin{path, 1, 1};
  auto pos_of = [&](size_t at) { return position_of(path, text, at); };
  if (size_t bad = first_invalid_utf8(text); bad != std::string::npos) {
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(text[bad]));
    // ED A0..BF: a UTF-16 surrogate (as CESU-8 or Java write one), which
    // UTF-8 does not encode.
    const bool surrogate = static_cast<unsigned char>(text[bad]) == 0xED && bad + 1 < text.size() &&
                           (static_cast<unsigned char>(text[bad + 1]) & 0xE0) == 0xA0;
    diags.error(pos_of(bad), "encoding",
                std::string("not UTF-8: byte ") + byte +
                    (surrogate ? " starts a UTF-16 surrogate (U+D800 to U+DFFF), which UTF-8 does not encode"
                               : " does not start a valid character"));
    return file;
  }
  char32_t cp = 0;
  if (size_t bad = first_control_char(text, cp); bad != std::string::npos) {
    diags.error(pos_of(bad), "encoding",
                cp == '\r' ? std::string("carriage return without a line feed (line ends are LF or CRLF)")
                            : "control character " + code_point_name(cp) + " (only tab and newline may appear in a .pipe file)");
    return file;
  }
  // A file of a few MiB of one-character tokens would take gigabytes: the
  // tokens are counted first, each let go once counted, before any is kept.
  size_t tokens = count_tokens(text);
  if (tokens > kMaxTokens) {
    diags.error(Pos{origin.file, 1, 1}, "too-large",
                "the file has " + std::to_string(tokens) + " tokens; a .pipe file may have at most " +
                    std::to_string(kMaxTokens));
    return file;
  }
  auto p = start(text, origin, diags);
  if (!nesting_ok(*p->tokens, origin, diags)) return file;
  auto* tree = p->parser->file();
  if (p->listener->count > 0) return file;  // ANTLR's repaired tree is not trusted
  Builder b(diags, origin, 0);
  b.set_token_count(&tokens);  // the tokens of its ${{ }} count too
  b.set_stream(p->tokens.get());
  std::vector<size_t> offsets = code_point_offsets(text);
  b.set_offsets(&offsets);
  for (auto* s : tree->stmt()) {
    if (auto st = b.stmt(s)) file.stmts.push_back(st);
  }
  return file;
}

Pos position_of(const std::string& path, const std::string& text, size_t at) {
  size_t from = line_start(text, at);
  int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(from), '\n'));
  int col = static_cast<int>(code_point_offsets(text.substr(from, at - from)).size());
  return Pos{path, line, col};
}

size_t line_start(const std::string& text, size_t at) {
  size_t nl = at == 0 ? std::string::npos : text.rfind('\n', at - 1);
  return nl == std::string::npos ? 0 : nl + 1;
}

std::vector<Token> tokens_of(const std::string& text) {
  std::vector<size_t> offsets = code_point_offsets(text);
  auto byte = [&](size_t cp) { return cp < offsets.size() ? offsets[cp] : text.size(); };
  antlr4::ANTLRInputStream input(text);
  pipec_antlr::PipeLexer lexer(&input);
  lexer.removeErrorListeners();
  std::vector<Token> out;
  for (auto& t : lexer.getAllTokens()) {
    using L = pipec_antlr::PipeLexer;
    std::string s = t->getText();
    Token::Kind kind = Token::Kind::Punct;
    switch (t->getType()) {
      case L::COMMENT:
        kind = Token::Kind::Comment;
        s.erase(s.find_last_not_of(" \t") + 1);  // the spaces that end it are no part of it: fmt drops them
        break;
      case L::STRING: kind = Token::Kind::String; break;
      case L::RAWSTRING: kind = Token::Kind::RawString; break;
      default:
        // Names, numbers and keywords (which the grammar lists as literals).
        if (!s.empty() && (std::isalnum(static_cast<unsigned char>(s[0])) || s[0] == '_' ||
                           (s[0] == '-' && s.size() > 1)))
          kind = Token::Kind::Word;
    }
    out.push_back({kind, s, byte(t->getStartIndex()), byte(t->getStopIndex() + 1)});
  }
  return out;
}

std::vector<Comment> comments_of(const std::string& text) {
  std::vector<Comment> out;
  int line = 1;
  size_t line_start = 0, scanned = 0;
  for (const auto& t : tokens_of(text)) {
    if (t.kind != Token::Kind::Comment) continue;
    for (; scanned < t.begin; ++scanned) {
      if (text[scanned] == '\n') ++line, line_start = scanned + 1;
    }
    // Columns count code points, as in every other position.
    int col = 1;
    for (size_t i = line_start; i < t.begin; ++i) col += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
    out.push_back({line, col, t.text, t.begin, t.end});
  }
  return out;
}

}  // namespace pipec
