// Where the values a run script reads from env sit in the shell's quoting,
// so that each one stays exactly one word: what lowering writes for each
// ${{ }} it moves into env.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace pipec {

enum class ShellSyntax { Posix, Cmd, Pwsh };

// The shell syntax of a step's `shell` value, by its program (bash and sh
// are Posix; so is what pipec does not know).
ShellSyntax shell_syntax(const std::string& shell);

// The program a step's `shell` names, in lower case, without its folder or
// .exe: bash for bash -l {0}, /usr/bin/bash -e {0} and
// C:\\msys64\\usr\\bin\\BASH.EXE -e {0}; pwsh for
// pwsh -NoProfile -Command {0}; "" for none.
std::string shell_program(const std::string& shell);

// Whether a shell reads `name` as a variable: letters, digits and _, not
// first a digit (ASCII).
bool shell_name(const std::string& name);

// The name a shell variable for `name` would have: each character a
// variable cannot hold made a _ (PR_NUMBER for PR-NUMBER), and a _ before
// a first digit.
std::string shell_name_for(const std::string& name);

// How a script reads environment variable `name`: ${NAME}, %NAME% or
// $env:NAME (unquoted).
std::string variable_ref(const std::string& name, ShellSyntax syntax);

// Whether a line of a script reads environment variable `name`: $NAME,
// ${NAME} or $env:NAME in bash, sh and pwsh; %NAME% or !NAME! in cmd, which
// reads names without case.
bool reads_variable(const std::string& line, const std::string& name, ShellSyntax syntax);

struct QuotedScript {
  std::string text;
  // The values the shell would not expand where they are (in single quotes,
  // in a here-document with a quoted delimiter).
  std::vector<size_t> unexpanded;
  // cmd: the values pipec would put in double quotes in a command of cmd's
  // own that keeps them as text (echo, set, if, for, title, prompt, goto),
  // each with the command's name. Quotes pipec adds elsewhere reach a
  // program, whose C runtime takes them off.
  std::vector<std::pair<size_t, std::string>> kept_quotes;
  // The values right after an escape character (\, pwsh's `, cmd's ^),
  // which would escape the variable's first character, not the value's.
  std::vector<size_t> escaped;
  // bash and sh: the values pipec put in double quotes that are a word of
  // their own (an argument): empty, one is an empty argument, not none.
  std::vector<size_t> alone;
};

// The script made of literals[0] refs[0] literals[1] ... refs[n-1]
// literals[n] (refs are variable references: ${NAME}, %NAME%, $env:NAME).
// A reference outside any quotes is put in double quotes, with the rest of
// its word up to the next character the shell would treat specially, so
// the value is never split into words, globbed or read as code. A reference
// already in double quotes, in an unquoted here-document or in a comment is
// left as it is; PowerShell never splits a variable, so there only the
// unexpanded ones are found.
QuotedScript quote_values(const std::vector<std::string>& literals, const std::vector<std::string>& refs,
                          ShellSyntax syntax);

}  // namespace pipec
