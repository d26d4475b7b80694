#include "shell_quoting.h"

#include <doctest/doctest.h>

#include <cctype>

namespace pipec {
namespace {

// A script with each @NAME (capitals) a value: the literals around the
// values, their variable references in `syntax`, and their names.
struct Split {
  std::vector<std::string> literals = std::vector<std::string>(1), refs, names;
};
Split split(const std::string& script, ShellSyntax syntax) {
  Split s;
  for (size_t i = 0; i < script.size(); ++i) {
    if (script[i] != '@') {
      s.literals.back() += script[i];
      continue;
    }
    size_t end = i + 1;
    while (end < script.size() && (std::isupper(static_cast<unsigned char>(script[end])) || script[end] == '_')) ++end;
    if (end == i + 1) {  // not a name: an @ of the script
      s.literals.back() += '@';
      continue;
    }
    std::string name = script.substr(i + 1, end - i - 1);
    s.names.push_back(name);
    s.refs.push_back(syntax == ShellSyntax::Cmd ? "%" + name + "%" : syntax == ShellSyntax::Pwsh ? "$env:" + name : "${" + name + "}");
    s.literals.emplace_back();
    i = end - 1;
  }
  return s;
}

// The script with each @NAME replaced by the variable reference of `syntax`,
// through quote_values; "unexpanded: A B" when some would not expand, and
// "kept quotes: A (echo)" when cmd's own command would keep quotes pipec adds.
std::string quote(const std::string& script, ShellSyntax syntax = ShellSyntax::Posix) {
  const Split s = split(script, syntax);
  const std::vector<std::string>& names = s.names;
  QuotedScript q = quote_values(s.literals, s.refs, syntax);
  if (!q.escaped.empty()) {
    std::string out = "escaped:";
    for (size_t k : q.escaped) out += " " + names[k];
    return out;
  }
  if (!q.kept_quotes.empty()) {
    std::string out = "kept quotes:";
    for (const auto& [k, command] : q.kept_quotes) out += " " + names[k] + " (" + command + ")";
    return out;
  }
  if (q.unexpanded.empty()) return q.text;
  std::string out = "unexpanded:";
  for (size_t k : q.unexpanded) out += " " + names[k];
  return out;
}

TEST_CASE("a value outside quotes is quoted with the rest of its word") {
  CHECK(quote("checkout --repo-hashtag @REF") == "checkout --repo-hashtag \"${REF}\"");
  CHECK(quote("--checkout-dir @ROOT/torch --x") == "--checkout-dir \"${ROOT}/torch\" --x");
  CHECK(quote("--flag=@A-@B.whl;next") == "--flag=\"${A}-${B}.whl\";next");
  CHECK(quote("prefix@A") == "prefix\"${A}\"");
  CHECK(quote("echo @A\necho @B") == "echo \"${A}\"\necho \"${B}\"");
}

// The names of the values that are a word of their own (an argument).
std::string alone(const std::string& script) {
  const Split s = split(script, ShellSyntax::Posix);
  std::string out;
  for (size_t k : quote_values(s.literals, s.refs, ShellSyntax::Posix).alone) out += (out.empty() ? "" : " ") + s.names[k];
  return out;
}

TEST_CASE("a value alone between separators is an argument of its own") {
  CHECK(alone("pytest @A") == "A");
  CHECK(alone("@A x; y @B;z @C|w (@D)") == "A B C");
  CHECK(alone("a=@A x@B @C/y @D@E \"@F\" @G/b @H>f") == "");
  CHECK(alone("pytest @A\npytest @B") == "A B");
  // Where an empty argument is what is meant, or changes nothing.
  CHECK(alone("if [[ @A == x ]]; then [ -n @B ]; fi; test -z @C; case @D in a) ;; esac") == "");
  CHECK(alone("echo $(( @A + 1 )); (( @B > 0 )); echo @C; printf '%s' @D; cat <<< @E; cmd > @F") == "");
  CHECK(alone("pytest a\\\n@A") == "");
  CHECK(alone("if pytest @A; then make @B; fi") == "A B");
}

TEST_CASE("an escape character before a value escapes the variable, not the value") {
  CHECK(quote("echo path\\@A") == "escaped: A");
  CHECK(quote("echo \"a\\@A\"") == "escaped: A");
  CHECK(quote("echo $'\\@A'") == "escaped: A");
  CHECK(quote("cat <<EOF\n\\@A\nEOF\n") == "escaped: A");
  CHECK(quote("cat <<EOF\nC:\\\\builds\\\\@A\nEOF\n") == "cat <<EOF\nC:\\\\builds\\\\${A}\nEOF\n");
  CHECK(quote("echo `@A", ShellSyntax::Pwsh) == "escaped: A");
  CHECK(quote("echo \"`@A\"", ShellSyntax::Pwsh) == "escaped: A");
  CHECK(quote("echo ^@A", ShellSyntax::Cmd) == "escaped: A");
  CHECK(quote("rem see ^@A\necho", ShellSyntax::Cmd) == "rem see ^%A%\necho");
  // An escaped backslash, or an escape in a comment, escapes no value.
  CHECK(quote("echo \\\\@A") == "echo \\\\\"${A}\"");
  CHECK(quote("# not \\@A\necho") == "# not \\${A}\necho");
}

TEST_CASE("the word ends where the shell would read a character specially") {
  // Globs, expansions, quotes and escapes keep their meaning outside.
  CHECK(quote("ls @DIR/*.whl") == "ls \"${DIR}/\"*.whl");
  CHECK(quote("cp @A$HOME") == "cp \"${A}\"$HOME");
  CHECK(quote("echo @A'x'") == "echo \"${A}\"'x'");
  CHECK(quote("echo @A\\ b") == "echo \"${A}\"\\ b");
  CHECK(quote("echo @A|tr a b") == "echo \"${A}\"|tr a b");
}

TEST_CASE("a value already in double quotes, a here-document or a comment stays as it is") {
  CHECK(quote("echo \"x @A y\" @B") == "echo \"x ${A} y\" \"${B}\"");
  CHECK(quote("echo \"a \\\" @A\"") == "echo \"a \\\" ${A}\"");
  CHECK(quote("cat <<EOF\nit's @A\nEOF\necho @B") == "cat <<EOF\nit's ${A}\nEOF\necho \"${B}\"");
  CHECK(quote("cat <<-EOF\n\t@A\n\tEOF\n") == "cat <<-EOF\n\t${A}\n\tEOF\n");
  CHECK(quote("# it's @A\necho @B") == "# it's ${A}\necho \"${B}\"");
  CHECK(quote("echo \"${#x[@]}\" @A") == "echo \"${#x[@]}\" \"${A}\"");
}

TEST_CASE("command substitution opens a new quoting context, in quotes or not") {
  CHECK(quote("echo \"L=$(gh pr view @N --json labels)\"") == "echo \"L=$(gh pr view \"${N}\" --json labels)\"");
  CHECK(quote("x=$( (cd @D) ) @E") == "x=$( (cd \"${D}\") ) \"${E}\"");
  CHECK(quote("x=`echo @A`") == "x=`echo \"${A}\"`");
  CHECK(quote("echo $(( 1 << 2 )) @A") == "echo $(( 1 << 2 )) \"${A}\"");
}

TEST_CASE("a value in single quotes or a quoted here-document would not expand") {
  CHECK(quote("echo '@A' @B") == "unexpanded: A");
  CHECK(quote("echo $'\\'@A'") == "unexpanded: A");
  CHECK(quote("cat <<'EOF'\n@A\nEOF\n") == "unexpanded: A");
  CHECK(quote("cat <<\\EOF\n@A\nEOF\n") == "unexpanded: A");
  CHECK(quote("echo \"it's @A\"") == "echo \"it's ${A}\"");
}

TEST_CASE("a shell's syntax is its program's, in a custom shell too") {
  CHECK(shell_syntax("bash") == ShellSyntax::Posix);
  CHECK(shell_syntax("pwsh -NoProfile -Command {0}") == ShellSyntax::Pwsh);
  CHECK(shell_syntax("powershell") == ShellSyntax::Pwsh);
  CHECK(shell_syntax("cmd /D /E:ON /V:OFF /S /C \"CALL \"{0}\"\"") == ShellSyntax::Cmd);
  CHECK(shell_syntax("pwshell") == ShellSyntax::Posix);
  CHECK(shell_syntax("C:\\tools\\PWSH.EXE -Command {0}") == ShellSyntax::Pwsh);
  CHECK(shell_program("C:\\msys64\\usr\\bin\\BASH.EXE -e {0}") == "bash");
  CHECK(shell_program("/usr/bin/sh\t-e {0}") == "sh");
  CHECK(shell_program("") == "");
}

TEST_CASE("cmd has only double quotes, and ^ escapes") {
  CHECK(quote("build --dir @ROOT/torch ^\n  --out \"@OUT\"", ShellSyntax::Cmd) ==
        "build --dir \"%ROOT%/torch\" ^\n  --out \"%OUT%\"");
  CHECK(quote("python x.py @A&python y.py @B", ShellSyntax::Cmd) == "python x.py \"%A%\"&python y.py \"%B%\"");
}

TEST_CASE("cmd's own commands that keep quotes as text refuse the quotes pipec would add") {
  CHECK(quote("echo @A&echo @B", ShellSyntax::Cmd) == "kept quotes: A (echo) B (echo)");
  CHECK(quote("@echo ref=@A>> %GITHUB_OUTPUT%", ShellSyntax::Cmd) == "kept quotes: A (echo)");
  CHECK(quote("echo.@A", ShellSyntax::Cmd) == "kept quotes: A (echo)");
  CHECK(quote("echo(@A)", ShellSyntax::Cmd) == "kept quotes: A (echo)");
  CHECK(quote("echo Building (@A) for @B", ShellSyntax::Cmd) == "kept quotes: A (echo) B (echo)");
  CHECK(quote("SET REF=@A", ShellSyntax::Cmd) == "kept quotes: A (set)");
  CHECK(quote("exit /b @A", ShellSyntax::Cmd) == "kept quotes: A (exit)");
  CHECK(quote("python x.py ^\n  @A\necho @B", ShellSyntax::Cmd) == "kept quotes: B (echo)");
  CHECK(quote("python x.py @A && echo @B || title @C", ShellSyntax::Cmd) == "kept quotes: B (echo) C (title)");
}

TEST_CASE("cmd: the command after an if's condition, in a block, after else and do") {
  CHECK(quote("if @A==true (echo yes)", ShellSyntax::Cmd) == "kept quotes: A (if)");
  CHECK(quote("if /i @A EQU main python x.py", ShellSyntax::Cmd) == "kept quotes: A (if)");
  CHECK(quote("if exist foo echo @A", ShellSyntax::Cmd) == "kept quotes: A (echo)");
  CHECK(quote("if not defined X set X=@A", ShellSyntax::Cmd) == "kept quotes: A (set)");
  CHECK(quote("if errorlevel 1 echo @A", ShellSyntax::Cmd) == "kept quotes: A (echo)");
  CHECK(quote("if /i \"%A%\" == \"b\" echo @A", ShellSyntax::Cmd) == "kept quotes: A (echo)");
  CHECK(quote("if x==y (echo @A) else (python x.py @B)", ShellSyntax::Cmd) == "kept quotes: A (echo)");
  CHECK(quote("if x==y (python a) else echo @A", ShellSyntax::Cmd) == "kept quotes: A (echo)");
  CHECK(quote("if x==y (\n  python @A\n  echo @B\n)", ShellSyntax::Cmd) == "kept quotes: B (echo)");
  CHECK(quote("for %%f in (@A) do python x.py %%f", ShellSyntax::Cmd) == "kept quotes: A (for)");
  CHECK(quote("for /l %%i in (1,1,@A) do python x.py", ShellSyntax::Cmd) == "kept quotes: A (for)");
  CHECK(quote("for %%f in (a b) do echo @A", ShellSyntax::Cmd) == "kept quotes: A (echo)");
}

TEST_CASE("cmd: the command after call or cmd /c, and after a redirect before its name") {
  CHECK(quote("call echo @A", ShellSyntax::Cmd) == "kept quotes: A (echo)");
  CHECK(quote("if x==y call set X=@A", ShellSyntax::Cmd) == "kept quotes: A (set)");
  CHECK(quote("cmd /c echo @A", ShellSyntax::Cmd) == "kept quotes: A (echo)");
  CHECK(quote("cmd.exe /s /k echo @A", ShellSyntax::Cmd) == "kept quotes: A (echo)");
  CHECK(quote(">>out.txt echo @A", ShellSyntax::Cmd) == "kept quotes: A (echo)");
  CHECK(quote("2>nul echo @A", ShellSyntax::Cmd) == "kept quotes: A (echo)");
  CHECK(quote("> \"a b.txt\" echo @A", ShellSyntax::Cmd) == "kept quotes: A (echo)");
  // A program, a subroutine (whose %~1 takes the quotes off), and a
  // redirect's file before the name are not cmd's own commands' values.
  CHECK(quote("call build.bat @A", ShellSyntax::Cmd) == "call build.bat \"%A%\"");
  CHECK(quote("call :sub @A", ShellSyntax::Cmd) == "call :sub \"%A%\"");
  CHECK(quote("cmd /c python x.py @A", ShellSyntax::Cmd) == "cmd /c python x.py \"%A%\"");
  CHECK(quote(">>@F python x.py", ShellSyntax::Cmd) == ">>\"%F%\" python x.py");
}

TEST_CASE("cmd: start's first quoted argument is its window title") {
  CHECK(quote("start @A", ShellSyntax::Cmd) == "kept quotes: A (start)");
  CHECK(quote("start /b @A --x @B", ShellSyntax::Cmd) == "kept quotes: A (start)");
  CHECK(quote("start \"\" @A", ShellSyntax::Cmd) == "start \"\" \"%A%\"");
  // After the program, or as /d's folder, a quoted value is an argument.
  CHECK(quote("start /b python -m http.server @A", ShellSyntax::Cmd) == "start /b python -m http.server \"%A%\"");
  CHECK(quote("start /d @A python server.py", ShellSyntax::Cmd) == "start /d \"%A%\" python server.py");
}

TEST_CASE("cmd: set /a, for with usebackq, comments, and a quote a line leaves open") {
  CHECK(quote("set /a JOBS=@N*2", ShellSyntax::Cmd) == "set /a JOBS=\"%N%*2\"");
  CHECK(quote("for /f \"usebackq tokens=*\" %%a in (@F) do python x.py", ShellSyntax::Cmd) ==
        "for /f \"usebackq tokens=*\" %%a in (\"%F%\") do python x.py");
  CHECK(quote("for /f \"usebackq\" %%a in (`git rev-parse @R`) do set SHA=%%a", ShellSyntax::Cmd) ==
        "for /f \"usebackq\" %%a in (`git rev-parse \"%R%\"`) do set SHA=%%a");
  CHECK(quote("rem build & echo @A\n:: step & echo @B\n:label", ShellSyntax::Cmd) ==
        "rem build & echo \"%A%\"\n:: step & echo \"%B%\"\n:label");
  CHECK(quote("rem a 12\" disk\nset \"X=@A\"", ShellSyntax::Cmd) == "rem a 12\" disk\nset \"X=%A%\"");
  CHECK(quote("python x.py \"open\npython y.py @A", ShellSyntax::Cmd) == "python x.py \"open\npython y.py \"%A%\"");
}

TEST_CASE("cmd: quotes the author wrote, a path, a redirect's file, a program's arguments") {
  CHECK(quote("set \"REF=@A\"\necho \"@B\"", ShellSyntax::Cmd) == "set \"REF=%A%\"\necho \"%B%\"");
  CHECK(quote("if /i not exist @DIR\\x mkdir @DIR", ShellSyntax::Cmd) ==
        "if /i not exist \"%DIR%\\x\" mkdir \"%DIR%\"");
  CHECK(quote("echo done> @F", ShellSyntax::Cmd) == "echo done> \"%F%\"");
  CHECK(quote("for /r @DIR %%f in (*) do python x.py %%f", ShellSyntax::Cmd) ==
        "for /r \"%DIR%\" %%f in (*) do python x.py %%f");
  CHECK(quote("echoes @A\n\"echo\" @B", ShellSyntax::Cmd) == "echoes \"%A%\"\n\"echo\" \"%B%\"");
  CHECK(quote("cd @A & pushd @B & mkdir @C", ShellSyntax::Cmd) == "cd \"%A%\" & pushd \"%B%\" & mkdir \"%C%\"");
  // The word pipec quotes ends where cmd's delimiters, or a quote, do.
  CHECK(quote("for /f %%a in ('python x.py @A') do python y.py", ShellSyntax::Cmd) ==
        "for /f %%a in ('python x.py \"%A%\"') do python y.py");
  CHECK(quote("python x.py --a=@A,@B;c", ShellSyntax::Cmd) == "python x.py --a=\"%A%\",\"%B%\";c");
}

TEST_CASE("PowerShell never splits a variable; single quotes keep it text") {
  CHECK(quote("echo @A \"x @B\"", ShellSyntax::Pwsh) == "echo $env:A \"x $env:B\"");
  CHECK(quote("echo '@A'", ShellSyntax::Pwsh) == "unexpanded: A");
  CHECK(quote("# it's @A\necho @B", ShellSyntax::Pwsh) == "# it's $env:A\necho $env:B");
}

}  // namespace
}  // namespace pipec

namespace pipec {

TEST_CASE("reads_variable: each shell's way of reading a variable, and only whole names") {
  CHECK(reads_variable("echo \"$TITLE\"", "TITLE", ShellSyntax::Posix));
  CHECK(reads_variable("echo ${TITLE}x", "TITLE", ShellSyntax::Posix));
  CHECK(reads_variable("Write-Output $env:TITLE", "TITLE", ShellSyntax::Pwsh));
  CHECK_FALSE(reads_variable("echo $TITLE_2", "TITLE", ShellSyntax::Posix));
  CHECK_FALSE(reads_variable("echo TITLE", "TITLE", ShellSyntax::Posix));
  CHECK(reads_variable("echo %title%", "TITLE", ShellSyntax::Cmd));
  CHECK(reads_variable("echo !Title!", "TITLE", ShellSyntax::Cmd));
  CHECK_FALSE(reads_variable("echo %TITLE_2%", "TITLE", ShellSyntax::Cmd));
}

}  // namespace pipec
