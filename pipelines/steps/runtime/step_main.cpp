#include "step_main.h"

#include <algorithm>
#include <cctype>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "runtime/append_file.h"
#include "runtime/step_error.h"
#include "runtime/text.h"

namespace steps::runtime {
namespace {

std::string describe(const Param& p, bool is_env) { return is_env ? "environment variable " + p.name : "--" + p.name; }

// A bad value on the command line is a usage error (exit 2, as argparse);
// in the environment, input the step cannot use (exit 1).
void check_value(const Param& p, const std::string& v, bool is_env) {
  auto refuse = [&](const std::string& message) {
    if (is_env) throw InputError(message);
    throw UsageError(message);
  };
  if (p.type == Type::Boolean) {
    try {
      str2bool(v, describe(p, is_env));
    } catch (const InputError& e) {
      refuse(e.what());
    }
  } else if (p.type == Type::Number) {
    char* end = nullptr;
    std::strtod(v.c_str(), &end);
    if (v.empty() || *end != '\0') refuse(describe(p, is_env) + " must be a number, not \"" + v + "\"");
  } else if (p.type == Type::Choice && std::find(p.options.begin(), p.options.end(), v) == p.options.end()) {
    std::string opts;
    for (const auto& o : p.options) opts += (opts.empty() ? "" : ", ") + o;
    refuse(describe(p, is_env) + " must be one of " + opts + ", not \"" + v + "\"");
  }
}

// key=value, or GitHub's heredoc form when the value has a line break.
std::string key_value(const std::string& key, const std::string& value) {
  if (value.find_first_of("\r\n") == std::string::npos) return key + "=" + value + "\n";
  std::string delim = "PIPEC_EOF";
  for (int n = 1; value.find(delim) != std::string::npos; ++n) delim = "PIPEC_EOF_" + std::to_string(n);
  return key + "<<" + delim + "\n" + value + "\n" + delim + "\n";
}

}  // namespace

std::optional<std::string> Values::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

std::string Values::string(const std::string& name) const { return get(name).value_or(""); }

bool Values::boolean(const std::string& name) const {
  auto v = get(name);
  return v && str2bool(*v, name);
}

double Values::number(const std::string& name) const {
  auto v = get(name);
  return v ? std::strtod(v->c_str(), nullptr) : 0.0;
}

std::optional<double> Values::optional_number(const std::string& name) const {
  auto v = get(name);
  if (!v) return std::nullopt;
  return std::strtod(v->c_str(), nullptr);
}

std::string text(double d) {
  std::ostringstream out;
  out.precision(15);
  out << d;
  return out.str();
}

// Flushed line by line: a step killed by a timeout keeps its log, and the
// lines keep their order beside stderr's.
void GitHubSink::line(std::string_view text) { std::cout << log_line(text) << "\n" << std::flush; }
void GitHubSink::output(const std::string& key, const std::string& value) {
  pending_.push_back({"GITHUB_OUTPUT", key_value(key, value)});
}
void GitHubSink::env(const std::string& key, const std::string& value) {
  pending_.push_back({"GITHUB_ENV", key_value(key, value)});
}
void GitHubSink::summary(const std::string& markdown) { pending_.push_back({"GITHUB_STEP_SUMMARY", markdown + "\n\n"}); }

void GitHubSink::commit() {
  std::vector<Append> appended;  // every append that opened its file, in order
  for (const auto& [variable, text] : pending_) {
    const char* path = std::getenv(variable);
    if (!path || !*path) {
      std::cerr << "warning: " << variable << " is not set; not writing:\n" << text;
      continue;
    }
    Append append = append_file(path, text);
    if (append.opened) appended.push_back(append);
    if (!append.error.empty()) {
      // Taken back last append first, so that a file two variables name
      // (through two paths) ends at its first size.
      for (auto a = appended.rbegin(); a != appended.rend(); ++a) take_back(*a);
      pending_.clear();
      throw InputError(std::string("cannot append to ") + variable + " (" + path + "): " + append.error);
    }
  }
  pending_.clear();
}

std::string help_text(const Interface& iface) {
  std::ostringstream out;
  out << "usage: " << iface.name;
  for (const auto& p : iface.flags) {
    std::string word = p.positional ? p.name : "--" + p.name + (p.type == Type::Boolean ? "" : " VALUE");
    out << " " << (p.required ? word : "[" + word + "]");
  }
  out << "\n\n" << iface.description << "\n";
  auto section = [&](const char* title, const std::vector<Param>& list, bool is_env) {
    if (list.empty()) return;
    out << "\n" << title << ":\n";
    for (const auto& p : list) {
      std::string head = is_env || p.positional ? p.name : "--" + p.name;
      if (!is_env && p.type == Type::Boolean) head += ", --no-" + p.name;
      out << "  " << head << "\n      " << p.help;
      if (p.type == Type::Choice) {
        std::string opts;
        for (const auto& o : p.options) opts += (opts.empty() ? "" : ", ") + o;
        out << " One of: " << opts << ".";
      }
      if (p.required) out << " Required.";
      if (p.default_value) out << " Default: " << (p.default_value->empty() ? "\"\"" : *p.default_value) << ".";
      out << "\n";
    }
  };
  section("flags", iface.flags, false);
  section("environment", iface.envs, true);
  return out.str();
}

std::optional<Values> parse(const Interface& iface, const std::vector<std::string>& args,
                            const std::function<std::optional<std::string>(const std::string&)>& getenv,
                            std::string* help_out) {
  Values values;
  const Param* positional = nullptr;
  for (const auto& p : iface.flags) {
    if (p.positional) positional = &p;
  }
  bool positional_seen = false, options_ended = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    // After --, every argument is the positional one, as argparse reads
    // them: a value that starts with - (or is --help) is a value there.
    if (a == "--" && !options_ended) {
      options_ended = true;
      continue;
    }
    if (!options_ended && (a == "--help" || a == "-h")) {
      if (help_out) *help_out = help_text(iface);
      return std::nullopt;
    }
    if (options_ended || a.rfind("--", 0) != 0) {
      if (!positional || positional_seen) throw UsageError("unexpected argument \"" + a + "\"");
      values.set(positional->name, a);
      positional_seen = true;
      continue;
    }
    std::string name = a.substr(2), value;
    bool has_value = false;
    if (auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      has_value = true;
    }
    auto it = std::find_if(iface.flags.begin(), iface.flags.end(),
                           [&](const Param& p) { return !p.positional && p.name == name; });
    bool negated = false;
    if (it == iface.flags.end() && name.rfind("no-", 0) == 0 && !has_value) {
      it = std::find_if(iface.flags.begin(), iface.flags.end(), [&](const Param& p) {
        return p.type == Type::Boolean && p.name == name.substr(3);
      });
      negated = it != iface.flags.end();
    }
    if (it == iface.flags.end()) throw UsageError("unknown flag --" + name + " (see --help)");
    if (values.get(it->name)) throw UsageError("--" + it->name + " is given twice");
    if (it->type == Type::Boolean && !has_value) {
      value = negated ? "false" : "true";
    } else if (!has_value) {
      // A flag after it is no value (argparse: "expected one argument");
      // --name=--text gives one that starts with --.
      if (i + 1 >= args.size() || args[i + 1].rfind("--", 0) == 0) throw UsageError("--" + name + " needs a value");
      value = args[++i];
    }
    check_value(*it, value, false);
    values.set(it->name, value);
  }
  for (const auto& p : iface.flags) {
    if (values.get(p.name)) continue;
    if (p.required) throw UsageError((p.positional ? p.name : "--" + p.name) + " is required (see --help)");
    if (p.default_value) values.set(p.name, *p.default_value);
  }
  for (const auto& p : iface.envs) {
    auto v = getenv(p.name);
    if (!v || v->empty()) {
      if (p.required) throw InputError("environment variable " + p.name + " is not set");
      if (p.default_value) values.set(p.name, *p.default_value);
      continue;
    }
    check_value(p, *v, true);
    values.set(p.name, *v);
  }
  return values;
}

int run_main(int argc, char** argv, const Interface& iface,
             const std::function<void(const Values&, GitHubSink&)>& body) {
  std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
#ifndef _WIN32
  // A write to a closed pipe, or past the file size limit, fails and is
  // reported (stdout's below) instead of killing the step without a word.
  std::signal(SIGPIPE, SIG_IGN);
  std::signal(SIGXFSZ, SIG_IGN);
#endif
  try {
    std::string help;
    auto values = parse(iface, args, [](const std::string& name) -> std::optional<std::string> {
      const char* v = std::getenv(name.c_str());
      if (!v) return std::nullopt;
      return std::string(v);
    }, &help);
    if (!values) {
      std::cout << help;
      return 0;
    }
    GitHubSink sink;
    body(*values, sink);
    // A log the runner did not get (stdout on a full disk) is a failure,
    // found before the outputs are written.
    std::cout.flush();
    if (!std::cout) throw InputError("cannot write the step's log (stdout)");
    sink.commit();
    return 0;
  } catch (const StepFailed&) {
    return 1;
  } catch (const UsageError& e) {
    std::cerr << iface.name << ": error: " << one_line(e.what()) << "\n";
    return 2;
  } catch (const InputError& e) {
    std::cerr << iface.name << ": error: " << one_line(e.what()) << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << iface.name << ": error: " << one_line(e.what()) << "\n";
    return 1;
  }
}

}  // namespace steps::runtime
