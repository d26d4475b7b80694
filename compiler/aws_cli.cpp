#include "aws_cli.h"

#include <set>
#include <utility>

namespace pipec {
namespace {

// The options of the AWS CLI (global, and of aws s3 cp, mv, sync and rm)
// that take no value.
const std::set<std::string> kFlags = {"--recursive",
                                      "--dryrun",
                                      "--quiet",
                                      "--no-progress",
                                      "--only-show-errors",
                                      "--follow-symlinks",
                                      "--no-follow-symlinks",
                                      "--delete",
                                      "--exact-timestamps",
                                      "--size-only",
                                      "--no-guess-mime-type",
                                      "--ignore-glacier-warnings",
                                      "--force-glacier-transfer",
                                      "--no-verify-ssl",
                                      "--debug",
                                      "--no-paginate",
                                      "--no-sign-request",
                                      "--no-cli-pager",
                                      "--cli-auto-prompt",
                                      "--no-cli-auto-prompt",
                                      "--copy-props-metadata-directive"};

}  // namespace

std::vector<std::vector<std::string>> script_commands(const std::string& script) {
  std::vector<std::vector<std::string>> out(1);
  std::string word;
  bool in_word = false;
  char quote = 0;
  // The command substitutions ($( ) or ` `) the reading is in, each with
  // the quote it was opened in, which reading goes back to at its end.
  std::vector<std::pair<char, char>> substitutions;  // opener, quote
  auto end_word = [&] {
    if (in_word) out.back().push_back(word);
    word.clear();
    in_word = false;
  };
  auto end_command = [&] {
    end_word();
    if (!out.back().empty()) out.emplace_back();
  };
  // A substitution is a command of its own, inside the one around it.
  auto open_substitution = [&](char opener) {
    if (word.empty()) in_word = false;  // "$(...)": no word before it
    end_command();
    substitutions.push_back({opener, quote});
    quote = 0;
  };
  auto close_substitution = [&] {
    end_command();
    quote = substitutions.back().second;
    substitutions.pop_back();
  };
  for (size_t i = 0; i < script.size(); ++i) {
    const char c = script[i];
    if (quote == '"' && (script.compare(i, 2, "$(") == 0 || c == '`')) {
      open_substitution(c);
      if (c == '$') ++i;
      continue;
    }
    if (quote) {
      if (c == quote)
        quote = 0;
      else
        word += c;
      continue;
    }
    if (script.compare(i, 3, "${{") == 0) {
      // An expression is one piece of a word, spaces and all.
      const size_t end = script.find("}}", i + 3);
      const size_t stop = end == std::string::npos ? script.size() : end + 2;
      word += script.substr(i, stop - i);
      in_word = true;
      i = stop - 1;
      continue;
    }
    const bool continued =
        (c == '\\' || c == '^') && i + 1 < script.size() && script[i + 1] == '\n';
    if (continued) {
      ++i;  // the line goes on
      end_word();
    } else if (script.compare(i, 2, "$(") == 0) {
      open_substitution('(');
      ++i;
    } else if (c == '`' && !substitutions.empty() && substitutions.back().first == '`') {
      close_substitution();
    } else if (c == '`') {
      open_substitution('`');
    } else if (c == ')' && !substitutions.empty() && substitutions.back().first != '`') {
      close_substitution();
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == '#' && !in_word) {
      while (i + 1 < script.size() && script[i + 1] != '\n') ++i;
    } else if (c == '\n' || c == ';' || c == '&' || c == '|' || c == '(' || c == ')') {
      end_command();
    } else if (c == ' ' || c == '\t' || c == '\r') {
      end_word();
    } else {
      word += c;
      in_word = true;
    }
  }
  end_command();
  out.pop_back();  // the empty command end_command leaves last
  return out;
}

std::optional<AwsCommand> aws_command(const std::vector<std::string>& words) {
  for (size_t i = 0; i < words.size(); ++i) {
    if (words[i] != "aws") continue;
    AwsCommand c;
    for (size_t k = i + 1; k < words.size(); ++k) {
      const std::string& w = words[k];
      if (w.rfind("--", 0) != 0) {
        c.args.push_back(w);
      } else if (const size_t eq = w.find('='); eq != std::string::npos) {
        c.options[w.substr(0, eq)] = w.substr(eq + 1);
      } else if (!kFlags.count(w) && k + 1 < words.size() && words[k + 1].rfind("--", 0) != 0) {
        c.options[w] = words[++k];
      } else {
        c.options[w] = "";
      }
    }
    return c;
  }
  return std::nullopt;
}

}  // namespace pipec
