#include "aws_cli.h"

#include <doctest/doctest.h>

namespace pipec {
namespace {

using Commands = std::vector<std::vector<std::string>>;

TEST_CASE("a script's commands: separators, quotes, continued lines, comments") {
  CHECK(script_commands("a b; c && d | e\nf") == Commands{{"a", "b"}, {"c"}, {"d"}, {"e"}, {"f"}});
  CHECK(script_commands("cp 'a b' \"c;d\" e#f # g h") == Commands{{"cp", "a b", "c;d", "e#f"}});
  CHECK(script_commands("aws s3 cp \\\n  a b") == Commands{{"aws", "s3", "cp", "a", "b"}});
  CHECK(script_commands("copy a ^\n  b") == Commands{{"copy", "a", "b"}});
  CHECK(script_commands("echo ${{ a && b }} c") == Commands{{"echo", "${{ a && b }}", "c"}});
  CHECK(script_commands("(cd x && make)") == Commands{{"cd", "x"}, {"make"}});
  CHECK(script_commands("").empty());
}

TEST_CASE("a command substitution is a command of its own, in quotes or not") {
  CHECK(script_commands("x=$(aws sts get-caller-identity)") ==
        Commands{{"x="}, {"aws", "sts", "get-caller-identity"}});
  CHECK(script_commands("x=\"$(aws sts assume-role --role-arn \"a b\")\" y") ==
        Commands{{"x="}, {"aws", "sts", "assume-role", "--role-arn", "a b"}, {"y"}});
  CHECK(script_commands("x=`aws s3 ls` y") == Commands{{"x="}, {"aws", "s3", "ls"}, {"y"}});
  CHECK(script_commands("echo \"v=`date`\"") == Commands{{"echo", "v="}, {"date"}});
  CHECK(script_commands("echo '$(not run)'") == Commands{{"echo", "$(not run)"}});
  CHECK(script_commands("a \"$(b \"$(c)\")\" d") == Commands{{"a"}, {"b"}, {"c"}, {"d"}});
}

TEST_CASE("an aws command: its arguments and options, after global options") {
  const auto c =
      aws_command({"sudo", "aws", "--region", "us-east-2", "--no-cli-pager", "s3", "cp",
                   "--recursive", "dist", "s3://b/k/", "--exclude=*", "--include", "*.whl"});
  REQUIRE(c);
  CHECK(c->args == std::vector<std::string>{"s3", "cp", "dist", "s3://b/k/"});
  CHECK(c->service() == "s3");
  CHECK(c->operation() == "cp");
  CHECK(c->option("--region") == "us-east-2");
  CHECK(c->option("--exclude") == "*");
  CHECK(c->option("--include") == "*.whl");
  CHECK(c->option("--bucket").empty());
  // An option the CLI does not know takes no option as its value.
  const auto d = aws_command(
      {"aws", "s3api", "delete-object", "--bypass-governance-retention", "--bucket", "b"});
  REQUIRE(d);
  CHECK(d->option("--bucket") == "b");
  CHECK(d->args == std::vector<std::string>{"s3api", "delete-object"});
  CHECK_FALSE(aws_command({"echo", "aws-cli"}));
  CHECK(aws_command({"aws"})->service().empty());
}

}  // namespace
}  // namespace pipec
