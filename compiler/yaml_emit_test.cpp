#include "yaml_emit.h"

#include <doctest/doctest.h>
#include <yaml-cpp/yaml.h>

#include "render_expr.h"

namespace pipec {
namespace {

TEST_CASE("strings YAML 1.1/1.2 or GitHub would read as something else are quoted") {
  for (const char* s : {"",
                        "on",
                        "ON",
                        "yes",
                        "No",
                        "true",
                        "False",
                        "null",
                        "~",
                        "y",
                        "3.10",
                        "012",
                        "1e3",
                        "0x1f",
                        ".inf",
                        "-1",
                        " lead",
                        "trail ",
                        "a: b",
                        "x #y",
                        "*.whl",
                        "{a}",
                        "[a]",
                        "!x",
                        "&a",
                        "'q'",
                        "\"q\"",
                        "%x",
                        "@x",
                        "`x`",
                        "key:",
                        "a\nb",
                        "1:30",
                        "=",
                        "<<",
                        "2001-12-14",
                        "2026-1-2T10:00",
                        "a\xE2\x80\xA8"
                        "b",
                        "\xEF\xBB\xBF"
                        "x",
                        ".",
                        "+.",
                        "._",
                        "e5",
                        "-.e5"}) {
    CHECK_MESSAGE(needs_quotes(s), s);
  }
  for (const char* s :
       {"main", "release/therock-*", "gfx94X-dcgpu", "${{ inputs.x }}", "ubuntu-24.04", "3.12.1a",
        "a:b", "x#y", "build_tools/x.py --flag", "e", ".x", "1.2.3"}) {
    CHECK_MESSAGE(!needs_quotes(s), s);
  }
}

TEST_CASE("emission: block literals, empty collections, trailing comments, list of objects") {
  Value root;
  root.kind = Value::Kind::Object;
  auto script = make_string("echo one\n  echo two\n", {});
  auto no_newline = make_string("a\nb", {});
  auto leading = make_string("  indented\nnext\n", {});
  auto uses = std::make_shared<Value>(*make_string("actions/checkout@abc", {}));
  uses->comment = "v6";
  auto empty = std::make_shared<Value>();
  empty->kind = Value::Kind::List;
  auto step = std::make_shared<Value>();
  step->kind = Value::Kind::Object;
  step->fields = {{"uses", {}, uses}, {"with", {}, make_null({})}};
  auto steps = std::make_shared<Value>();
  steps->kind = Value::Kind::List;
  steps->items = {step};
  root.fields = {{"run", {}, script}, {"x", {}, no_newline}, {"y", {}, leading}, {"on", {}, empty}, {"steps", {}, steps}};
  CHECK(emit_yaml(root) ==
        "run: |\n  echo one\n    echo two\nx: |-\n  a\n  b\n\"y\": |2\n    indented\n  next\n\"on\": []\n"
        "steps:\n  - uses: actions/checkout@abc # v6\n    with:\n");
}

Value text_field(const std::string& text) {
  Value root;
  root.kind = Value::Kind::Object;
  root.fields = {{"k", {}, make_string(text, {})}};
  return root;
}

TEST_CASE("text that starts with blank lines, or is only line breaks, keeps its indentation and breaks") {
  CHECK(emit_yaml(text_field("\n  indented")) == "k: |2-\n\n    indented\n");
  CHECK(emit_yaml(text_field("  \n x")) == "k: |2-\n    \n   x\n");
  CHECK(emit_yaml(text_field("\n")) == "k: \"\\n\"\n");
  CHECK(emit_yaml(text_field(" \n\n")) == "k: \" \\n\\n\"\n");
}

TEST_CASE("line breaks YAML 1.1 readers know besides \\n are escaped in a quoted scalar") {
  CHECK(emit_yaml(text_field("a\xE2\x80\xA8" "b\nc")) == "k: \"a\\Lb\\nc\"\n");
  CHECK(emit_yaml(text_field("x\xE2\x80\xA9")) == "k: \"x\\P\"\n");
  CHECK(emit_yaml(text_field("\xEF\xBB\xBF" "x")) == "k: \"\\uFEFFx\"\n");
}

TEST_CASE("every string reads back as itself") {
  for (const char* s : {"\n  indented", "\n\n  x\n", "x\n \n  y", "  \n x", "a\n\n\n", "\n", "x \ny  ", "\tt\nu",
                        "a: b\n- c", "#x\n", "=", "<<", "2001-12-14", "\"q\"\n'r'", "a\xE2\x80\xA8" "b",
                        "a\xE2\x80\xA9\nb", "\xEF\xBB\xBF", "\\ and \\n"}) {
    YAML::Node read = YAML::Load(emit_yaml(text_field(s)));
    CHECK_MESSAGE(read["k"].as<std::string>() == s, emit_yaml(text_field(s)));
  }
}

ExprPtr name_expr(const std::string& text) {
  auto e = std::make_shared<Expr>();
  e->kind = Expr::Kind::Name;
  e->text = text;
  return e;
}
ExprPtr binary_expr(const std::string& op, ExprPtr a, ExprPtr b) {
  auto e = std::make_shared<Expr>();
  e->kind = Expr::Kind::Binary;
  e->text = op;
  e->operands = {std::move(a), std::move(b)};
  return e;
}

TEST_CASE("a long condition is a folded block, an operand a line, and reads back as its text") {
  const std::string a(30, 'a'), b(30, 'b'), c(30, 'c'), d(30, 'd');
  // a && (b || c || d) && d: the chain in parentheses is longer than a line.
  auto cond = binary_expr("&&", binary_expr("&&", name_expr(a),
                                            binary_expr("||", binary_expr("||", name_expr(b), name_expr(c)), name_expr(d))),
                          name_expr(d));
  const std::string lines = render_condition_lines(*cond);
  CHECK(lines == "${{\n  " + a + " &&\n  (\n    " + b + " ||\n    " + c + " ||\n    " + d + "\n  ) &&\n  " + d + "\n}}");
  auto folded = std::make_shared<Value>(*make_string(lines, {}));
  folded->one_line = "${{ " + render_expr(*cond) + " }}";
  Value root;
  root.kind = Value::Kind::Object;
  root.fields = {{"if", {}, folded}};
  const std::string yaml = emit_yaml(root);
  CHECK(yaml == "if: >-\n  ${{\n    " + a + " &&\n    (\n      " + b + " ||\n      " + c + " ||\n      " + d +
                    "\n    ) &&\n    " + d + "\n  }}\n");
  CHECK(YAML::Load(yaml)["if"].as<std::string>() == lines);
  // A short chain inside stays on its operand's line; a short condition,
  // or one that is no chain, is not laid out.
  CHECK(render_condition_lines(*binary_expr("&&", binary_expr("||", name_expr("x"), name_expr("y")), name_expr(a + b + c))) ==
        "${{\n  (x || y) &&\n  " + a + b + c + "\n}}");
  CHECK(render_condition_lines(*binary_expr("&&", name_expr(a), name_expr(b))) == "");
  CHECK(render_condition_lines(*binary_expr("==", name_expr(a + b), name_expr(c + d))) == "");
}

TEST_CASE("a chain grouped on the right is one chain: && and || are associative") {
  auto x = name_expr("x"), y = name_expr("y"), z = name_expr("z");
  CHECK(render_expr(*binary_expr("&&", x, binary_expr("&&", y, z))) == "x && y && z");
  CHECK(render_expr(*binary_expr("||", x, binary_expr("||", y, z))) == "x || y || z");
  // Another operator inside keeps the parentheses it needs, on either side.
  CHECK(render_expr(*binary_expr("&&", x, binary_expr("||", y, z))) == "x && (y || z)");
  CHECK(render_expr(*binary_expr("||", binary_expr("&&", x, y), z)) == "x && y || z");
  CHECK(render_expr(*binary_expr("&&", binary_expr("||", x, y), z)) == "(x || y) && z");
  // Laid out over lines, each operand of the whole chain is a line.
  const std::string a(30, 'a'), b(30, 'b'), c(30, 'c');
  CHECK(render_condition_lines(*binary_expr("&&", name_expr(a), binary_expr("&&", name_expr(b), name_expr(c)))) ==
        "${{\n  " + a + " &&\n  " + b + " &&\n  " + c + "\n}}");
}

TEST_CASE("github_string doubles single quotes") {
  CHECK(github_string("it's") == "'it''s'");
  CHECK(github_string("") == "''");
}

}  // namespace
}  // namespace pipec
