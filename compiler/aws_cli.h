// Reading the AWS CLI commands of a `run` script, for the checks that hold
// what a script does in AWS to what the program declares: [store] (writes
// into S3, check_undeclared_writes.cpp) and [boundary] (roles it assumes,
// check_boundaries.cpp).
//
// A script is read as commands split at newlines (after joining lines that
// end in `\` or, for cmd, `^`), `;`, `&`, `|` and `#` comments, outside
// quotes and ${{ }}, each as its words with the quotes taken off. That is
// how the commands pipec's users write read; it is no shell: a command
// built in a variable, or run through eval or a function, is not seen.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace pipec {

std::vector<std::vector<std::string>> script_commands(const std::string& script);

// An `aws` command among a command's words (after sudo, env and the like):
// its words that are no option and no option's value (`s3 cp SRC DST`,
// `sts assume-role`), and its options' values by name, `--name value` and
// `--name=value` alike. An option takes the next word as its value unless
// it is one the CLI knows to take none or the next word is an option too.
struct AwsCommand {
  std::vector<std::string> args;
  std::map<std::string, std::string> options;

  // The service and operation (s3 cp, sts assume-role), or "".
  std::string service() const { return args.empty() ? "" : args[0]; }
  std::string operation() const { return args.size() < 2 ? "" : args[1]; }
  std::string option(const std::string& name) const {
    auto it = options.find(name);
    return it == options.end() ? "" : it->second;
  }
};

std::optional<AwsCommand> aws_command(const std::vector<std::string>& words);

}  // namespace pipec
