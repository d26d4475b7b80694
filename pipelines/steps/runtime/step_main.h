// What every step executable shares: reading its flags and environment as its
// declaration says, --help, and writing its results where GitHub Actions
// reads them. The generated main() of each step describes its interface with
// an Interface and calls run_main(); only the step's logic is written by hand.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/text.h"  // str2bool

namespace steps::runtime {

enum class Type { String, Boolean, Number, Choice };

struct Param {
  std::string name;  // flag: python-version (spelled as on the command line); env: GITHUB_REF_NAME
  Type type = Type::String;
  bool required = false;
  bool positional = false;
  std::optional<std::string> default_value;
  std::vector<std::string> options;  // Choice
  std::string help;
};

struct Interface {
  std::string name;
  std::string description;
  std::vector<Param> flags;
  std::vector<Param> envs;
};

// The parsed values, by flag spelling or env name. Only declared names are
// asked for; the generated code knows which are optional.
class Values {
 public:
  std::optional<std::string> get(const std::string& name) const;
  std::string string(const std::string& name) const;  // "" when absent
  bool boolean(const std::string& name) const;
  double number(const std::string& name) const;
  std::optional<double> optional_number(const std::string& name) const;
  void set(const std::string& name, std::string value) { values_[name] = std::move(value); }

 private:
  std::map<std::string, std::string> values_;
};

// Where results go: stdout lines, $GITHUB_OUTPUT, $GITHUB_ENV and
// $GITHUB_STEP_SUMMARY. A missing variable is a warning, not an error, as in
// TheRock's scripts (so a step can be run by hand).
class Log {
 public:
  virtual ~Log() = default;
  // One line of the step's log: a line break in text is written \n, so no
  // value in it begins a line the runner reads as a workflow command.
  virtual void line(std::string_view text) = 0;
};

// Outputs, environment and summary are kept until commit(), which run_main
// calls once the step has succeeded: a step that fails writes none of them.
class GitHubSink : public Log {
 public:
  void line(std::string_view text) override;
  void output(const std::string& key, const std::string& value);
  void env(const std::string& key, const std::string& value);
  void summary(const std::string& markdown);
  // Appends what was kept to the files, all or nothing: when one append
  // fails (a full disk), those made before it are cut off again, and it
  // throws InputError.
  void commit();

 private:
  std::vector<std::pair<const char*, std::string>> pending_;  // variable, text, in order
};

// Parses argv and the environment as `iface` says. Throws steps::InputError
// for an unknown flag, a missing required value or a value of the wrong type.
// Returns nullopt when --help was asked for (after printing it).
std::optional<Values> parse(const Interface& iface, const std::vector<std::string>& args,
                            const std::function<std::optional<std::string>(const std::string&)>& getenv,
                            std::string* help_out);

std::string help_text(const Interface& iface);

// How outputs are written: text as it is, booleans as true/false, numbers
// without trailing zeros.
inline std::string text(const std::string& s) { return s; }
inline std::string text(bool b) { return b ? "true" : "false"; }
std::string text(double d);

// The whole main(): parse, run `body`, report errors on one line.
// Exit codes: 0 done, 1 the step failed or its input is bad, 2 usage error.
int run_main(int argc, char** argv, const Interface& iface,
             const std::function<void(const Values&, GitHubSink&)>& body);

}  // namespace steps::runtime
