#include "tool_command.h"

#include <algorithm>

#include "ascii.h"
#include "shell_quoting.h"
#include "tool_lookup.h"

namespace pipec {
namespace {

bool plain_word(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_./:=+,@-").find(c) != std::string_view::npos;
  });
}

// Why cmd cannot be given s as one argument, or "".
std::string cmd_cannot_quote(const std::string& s) {
  if (s.find('"') != std::string::npos)
    return "holds a double quote, which cmd and the program's C runtime read differently";
  if (s.find_first_of("\r\n") != std::string::npos) return "holds a line break, which ends a cmd command";
  return "";
}

std::string quote(const std::string& s, ShellSyntax shell) {
  if (plain_word(s)) return s;
  std::string out;
  if (shell == ShellSyntax::Cmd) {
    // Inside quotes a program's C runtime reads backslashes literally, but
    // for those before the closing quote, which it halves: double them.
    // A batch script reads %% as %.
    out = "\"";
    for (char c : s) out += c == '%' ? std::string("%%") : std::string(1, c);
    const size_t last = s.find_last_not_of('\\');
    const size_t trailing = last == std::string::npos ? s.size() : s.size() - 1 - last;
    return out + std::string(trailing, '\\') + "\"";
  }
  // bash, sh and PowerShell all take single quotes literally; only the
  // quote itself needs care.
  bool pwsh = shell == ShellSyntax::Pwsh;
  out = "'";
  for (char c : s) out += c == '\'' ? (pwsh ? "''" : "'\\''") : std::string(1, c);
  return out + "'";
}

// PowerShell passes a variable as one argument; the others need quotes.
std::string env_ref(const std::string& name, ShellSyntax shell) {
  std::string ref = variable_ref(name, shell);
  return shell == ShellSyntax::Pwsh ? ref : "\"" + ref + "\"";
}

// For `env.NAME`, NAME: the value is in the step's environment already.
const std::string* env_name(const Value& v) {
  const Expr* e = v.kind == Value::Kind::Runtime ? v.expr.get() : nullptr;
  if (e && e->kind == Expr::Kind::Member && e->operands[0]->kind == Expr::Kind::Name && e->operands[0]->text == "env")
    return &e->text;
  return nullptr;
}


}  // namespace

std::string env_var_name(const std::string& name) {
  std::string out;
  for (char c : name) out += (c == '-' || c == '.') ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

bool system_variable(const std::string& name) {
  // clang-format off
  static const std::vector<std::string> kNames = {
      // POSIX, bash and the locale
      "PATH", "HOME", "USER", "LOGNAME", "SHELL", "PWD", "OLDPWD", "TERM", "TMPDIR", "LANG", "LANGUAGE",
      "LC_ALL", "LC_CTYPE", "IFS", "PS1", "PS2", "PS4", "CDPATH", "ENV", "BASH_ENV", "SHELLOPTS",
      "BASHOPTS", "GLOBIGNORE", "HOSTNAME", "HOSTTYPE", "MACHTYPE", "OSTYPE", "UID", "EUID", "PPID",
      "RANDOM", "SECONDS", "LINENO", "PROMPT_COMMAND", "LD_LIBRARY_PATH", "LD_PRELOAD", "MAIL",
      // Windows
      "OS", "TEMP", "TMP", "SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "COMSPEC", "PATHEXT", "USERNAME",
      "USERPROFILE", "USERDOMAIN", "APPDATA", "LOCALAPPDATA", "PROGRAMDATA", "PROGRAMFILES",
      "COMPUTERNAME", "HOMEDRIVE", "HOMEPATH", "PROCESSOR_ARCHITECTURE", "NUMBER_OF_PROCESSORS",
      "PSMODULEPATH",
      // what every runner sets
      "CI",
      // what makes a program run code or load it, or send its traffic elsewhere
      "NODE_OPTIONS", "NODE_PATH", "PYTHONPATH", "PYTHONSTARTUP", "PYTHONHOME", "PERL5OPT", "PERL5LIB",
      "RUBYOPT", "RUBYLIB", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "GCONV_PATH", "HTTP_PROXY",
      "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY", "DOTNET_STARTUP_HOOKS",
      // what a build runs: compilers, their flags, wrappers
      "CC", "CXX", "CPP", "LD", "AR", "CFLAGS", "CXXFLAGS", "CPPFLAGS", "LDFLAGS", "MAKEFLAGS", "RUSTC_WRAPPER",
      "RUSTFLAGS", "GOFLAGS"};
  // And every name of these families: the runner's and GitHub's own
  // (GitHub drops an env entry that sets one), git's, the loader's, and
  // CMake's, pip's, npm's and cargo's settings (a compiler launcher, a
  // package index).
  static const std::vector<std::string> kPrefixes = {"GITHUB_", "RUNNER_", "ACTIONS_", "GIT_", "LD_", "DYLD_",
                                                     "BASH_FUNC_", "CMAKE_", "PIP_", "NPM_CONFIG_", "CARGO_"};
  // git's author and committer are data, which runs nothing.
  static const std::vector<std::string> kData = {"GIT_AUTHOR_", "GIT_COMMITTER_"};
  // clang-format on
  const std::string upper_name = upper(name);
  auto starts = [&](const std::string& p) { return upper_name.rfind(p, 0) == 0; };
  return std::find(kNames.begin(), kNames.end(), upper_name) != kNames.end() ||
         (std::any_of(kPrefixes.begin(), kPrefixes.end(), starts) && std::none_of(kData.begin(), kData.end(), starts));
}

ToolCommand tool_command(const ToolDecl& tool, const Value* args, const std::string& shell_name) {
  ShellSyntax shell = shell_syntax(shell_name);
  ToolCommand cmd;
  std::vector<std::string> words;
  if (shell == ShellSyntax::Cmd) words.push_back(std::string("\"%") + kStepToolsBinEnv + "%\\" + tool.name + "\"");
  else if (shell == ShellSyntax::Pwsh) words.push_back(std::string("& \"$env:") + kStepToolsBinEnv + "/" + tool.name + "\"");
  else words.push_back(std::string("\"${") + kStepToolsBinEnv + "}/" + tool.name + "\"");

  auto runtime = [](const Value& v) { return v.kind == Value::Kind::Runtime || v.is_runtime_string(); };
  std::string positional;
  for (const auto& p : tool.flags) {
    const Value* v = args ? args->get(p.name) : nullptr;
    if (!v) continue;
    std::string word;
    if (runtime(*v)) {
      std::string name = env_var_name(p.name);
      if (system_variable(name)) name = "ARG_" + name;  // a flag named path is not PATH
      if (const std::string* e = env_name(*v)) name = *e;  // already in the environment
      else cmd.env.push_back({name, std::make_shared<Value>(*v)});
      if (p.positional) word = env_ref(name, shell);
      else if (p.type == "boolean") word = flag_spelling(p.name) + "=" + env_ref(name, shell);
      else word = flag_spelling(p.name) + " " + env_ref(name, shell);
    } else if (p.type == "boolean") {
      bool dflt = p.default_value && p.default_value->kind == Value::Kind::Bool && p.default_value->boolean;
      if (v->boolean == dflt) continue;  // the tool's default: nothing to say
      word = v->boolean ? flag_spelling(p.name) : "--no-" + flag_spelling(p.name).substr(2);
    } else {
      const std::string text = scalar_text(*v);
      if (shell == ShellSyntax::Cmd) {
        if (std::string why = cmd_cannot_quote(text); !why.empty())
          cmd.refused.push_back({v->pos, "the value of " + p.name + " " + why + "; run this step in bash or pwsh (shell = ...)"});
      }
      // --name=-x: the value is not taken for a flag.
      word = p.positional ? quote(text, shell)
             : flag_spelling(p.name) + (text.rfind('-', 0) == 0 ? "=" : " ") + quote(text, shell);
    }
    if (p.positional) positional = word;
    else words.push_back(word);
  }
  // After --, which ends the flags: a value that starts with - (or is
  // --help) is the value, as argparse reads it.
  // (pwsh takes a bare -- as its own end of parameters.)
  if (!positional.empty()) words.push_back((shell == ShellSyntax::Pwsh ? "'--' " : "-- ") + positional);
  for (const auto& p : tool.envs) {
    if (const Value* v = args ? args->get(p.name) : nullptr) {
      // GitHub's env values are strings; a literal is written as one.
      bool literal = !runtime(*v) && v->kind != Value::Kind::String;
      cmd.env.push_back({p.name, literal ? make_string(scalar_text(*v), v->pos) : std::make_shared<Value>(*v)});
    }
  }
  // One argument per line once the command is long, as people write them.
  size_t width = 0;
  for (const auto& w : words) width += w.size() + 1;
  std::string cont = shell == ShellSyntax::Cmd ? " ^\n  " : shell == ShellSyntax::Pwsh ? " `\n  " : " \\\n  ";
  for (size_t i = 0; i < words.size(); ++i) {
    if (i) cmd.run += width > 100 ? cont : " ";
    cmd.run += words[i];
  }
  return cmd;
}

}  // namespace pipec
