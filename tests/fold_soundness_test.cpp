// pipec folds what it knows at compile time and leaves the rest to GitHub:
// the value GitHub then computes from what pipec wrote must be the value it
// would compute from the expression as written, with the lets' values in
// place. Random expressions (a fixed seed, so a failure repeats) of known
// lets and literals, run-time inputs, !, &&, ||, comparisons, GitHub's
// text functions, join, toJSON and ${{ }} inside text, are folded by the
// expander, and both forms are evaluated with github_eval (GitHub's
// semantics: && and || give an operand, comparisons coerce) for every
// combination of the inputs' values, a push run's nulls among them.
// (github_eval is the oracle on both sides: github_eval_test holds it to
// GitHub's documented semantics.) Compared: the value's type and its text,
// which a condition, a with value and a ${{ }} inside text each show. An
// expression pipec refuses (a comparison of a known text with a known
// number, say) is left out. This once found `x || false` folded to x.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "expand.h"
#include "github_eval.h"
#include "parse.h"
#include "render_expr.h"

namespace pipec {
namespace {

using nlohmann::json;

struct Known {
  const char* name;
  const char* source;  // as a literal
  json value;
};
const std::vector<Known> kKnown = {
    {"kt", "true", true}, {"kf", "false", false}, {"ke", "\"\"", ""},  {"ks", "\"a\"", "a"},
    {"kz", "0", 0.0},     {"ko", "1", 1.0},       {"kn", "null", nullptr},
    {"kl", "[\"a\", \"B\"]", json::array({"a", "B"})},
};
const std::vector<std::string> kRuntime = {"inputs.s", "inputs.b", "inputs.n"};

class Generator {
 public:
  explicit Generator(unsigned seed) : rng_(seed) {}

  // Inside ${{ }} in text, string literals are written in single quotes,
  // and no text holds another ${{ }}.
  std::string expr(int depth, bool in_text = false) {
    if (depth == 0 || pick(4) == 0) return leaf(in_text);
    auto sub = [&] { return expr(depth - 1, in_text); };
    const std::string q = in_text ? "'" : "\"";
    switch (pick(in_text ? 8 : 9)) {
      case 0: return "!" + wrap(sub());
      case 1: return wrap(sub()) + " && " + wrap(sub());
      case 2: return wrap(sub()) + " || " + wrap(sub());
      case 3: {
        static const char* kOps[] = {" == ", " != ", " < ", " > ", " <= ", " >= "};
        return wrap(sub()) + kOps[pick(5)] + wrap(sub());
      }
      case 4: return "contains(" + sub() + ", " + sub() + ")";
      case 5: return (pick(1) ? "startsWith(" : "endsWith(") + sub() + ", " + sub() + ")";
      case 6: return "format(" + q + "{0}-{1}" + q + ", " + sub() + ", " + sub() + ")";
      case 7: return "join(" + sub() + ", " + q + "-" + q + ")";
      case 8: return "toJSON(" + sub() + ")";
      // Text with the value inside, as a name or a with value writes it.
      default: return "\"p${{ " + expr(depth - 1, true) + " }}q\"";
    }
  }

 private:
  size_t pick(size_t n) { return std::uniform_int_distribution<size_t>(0, n)(rng_); }
  static std::string wrap(const std::string& e) { return "(" + e + ")"; }
  std::string leaf(bool in_text) {
    switch (pick(2)) {
      case 0: return kKnown[pick(kKnown.size() - 1)].name;
      case 1: {
        std::string literal = kKnown[pick(kKnown.size() - 1)].source;
        if (in_text) std::replace(literal.begin(), literal.end(), '"', '\'');
        return literal;
      }
      default: return kRuntime[pick(kRuntime.size() - 1)];
    }
  }
  std::mt19937 rng_;
};

// The inputs' values a run may give: a push run's null (no inputs) among them.
std::vector<json> input_contexts() {
  std::vector<json> out;
  for (const json& s : {json(nullptr), json(""), json("a"), json("A"), json("0")})
    for (const json& b : {json(nullptr), json(true), json(false)})
      for (const json& n : {json(nullptr), json(0.0), json(1.0)}) out.push_back({{"s", s}, {"b", b}, {"n", n}});
  return out;
}

std::string shown(const json& v) { return json_type(v) + ":" + github_to_string(v); }

TEST_CASE("what pipec folds, GitHub computes alike") {
  // PIPEC_FOLD_SEED and PIPEC_FOLD_RUNS choose another campaign, for a
  // search by hand; ctest runs this one.
  const char* seed = std::getenv("PIPEC_FOLD_SEED");
  const char* runs = std::getenv("PIPEC_FOLD_RUNS");
  Generator gen(seed ? static_cast<unsigned>(std::strtoul(seed, nullptr, 10)) : 20261128u);
  const int count = runs ? std::atoi(runs) : 3000;
  const std::vector<json> contexts = input_contexts();
  int folded = 0, refused = 0;
  for (int run = 0; run < count; ++run) {
    const std::string text = gen.expr(3);
    Diagnostics diags;
    File f = parse_file("t.pipe", "let x = " + text + "\n", diags);
    REQUIRE_MESSAGE(!diags.has_errors(), text);
    Program program;
    Expander expander(diags, program);
    auto scope = std::make_shared<Scope>();
    for (const auto& k : kKnown) {
      const Pos at{"t.pipe", 1, 1};
      const json& v = k.value;
      if (v.is_array()) {
        auto list = std::make_shared<Value>();
        list->kind = Value::Kind::List;
        list->pos = at;
        for (const auto& item : v) list->items.push_back(make_string(item.get<std::string>(), at));
        scope->bind(k.name, list);
        continue;
      }
      scope->bind(k.name, v.is_null()      ? make_null(at)
                          : v.is_boolean() ? make_bool(v.get<bool>(), at)
                          : v.is_string()  ? make_string(v.get<std::string>(), at)
                                           : make_number(k.source, at));
    }
    const ValuePtr value = expander.eval(f.stmts.at(0)->value, scope);
    if (diags.has_errors()) {
      ++refused;
      continue;
    }
    ++folded;
    for (const json& inputs : contexts) {
      EvalContext as_written, as_folded;
      as_written.contexts = {{"inputs", inputs}};
      for (const auto& k : kKnown) as_written.contexts[k.name] = k.value;
      as_folded.contexts = {{"inputs", inputs}};
      const json want = github_eval(*f.stmts.at(0)->value, as_written);
      const json got = value_json(*value, &as_folded);
      CHECK_MESSAGE(shown(got) == shown(want), text << "  folded: "
                                                    << (value->expr ? render_expr(*value->expr) : shown(got))
                                                    << "  inputs: " << inputs.dump());
    }
  }
  // Most are folded, not refused: the campaign tests something.
  CHECK(folded > count / 3);
  MESSAGE(folded << " folded, " << refused << " refused");
}

}  // namespace
}  // namespace pipec
