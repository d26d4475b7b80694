// Evaluates GitHub expressions (pipec's runtime Expr trees) the way the
// Actions runner does: loose equality with number coercion, strings compared
// ignoring case, && and || returning operands, and the built-in functions.
// `pipec explain` uses it to decide which jobs of a workflow would run.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ast.h"

namespace pipec {

struct EvalContext {
  nlohmann::json contexts = nlohmann::json::object();  // github, inputs, needs, matrix, env, ...
  std::string job_status = "success";                   // for success()/failure()/cancelled()
  // Why the evaluation fails on GitHub (fromJSON of blank text), the first
  // such; "" while none has.
  mutable std::string error;
  // The first value read that only a run gives (is_placeholder), as
  // written, or fromJSON of text pipec reads as no JSON (GitHub's Json.NET
  // takes more); "" while none.
  mutable std::string unknown;
};

// What pipec explain holds for a value only a run gives, "<name>" (an
// output, a result, a schedule's cron), and whether a value is one.
nlohmann::json placeholder(const std::string& name);
bool is_placeholder(const nlohmann::json& v);

struct Value;

// The value of `e`. Unknown names read as null, as in GitHub.
nlohmann::json github_eval(const Expr& e, const EvalContext& ctx);
bool github_truthy(const nlohmann::json& v);
// Whether e calls a status function (success(), failure(), always(),
// cancelled()): GitHub reads an if without one as success() && (...).
bool has_status_function(const Expr& e);

// Whether a function of this name (any case, as GitHub reads it) is one of
// the status functions: success, failure, always, cancelled.
bool status_function(const std::string& name);
// Whether GitHub's function of this name (any case) gives a boolean
// whatever its arguments: contains, startsWith, endsWith and the status
// functions.
bool gives_boolean_function(const std::string& name);
// A value written in a .pipe file as GitHub would see it: each ${{ }} part
// evaluated in ctx, or, without one, unknown (is_unknown), so that a
// compile-time check can tell what it cannot know.
nlohmann::json value_json(const Value& v, const EvalContext* ctx);
bool is_unknown(const nlohmann::json& v);
// The type GitHub gives a JSON value ("object", "array", "boolean",
// "number", "string"); "" for null or one not known here.
std::string json_type(const nlohmann::json& v);
// a == b as the runner compares: strings ignoring case, numbers coerced,
// an object or an array equal only to itself (the runner compares them by
// reference: two reads of one place in the contexts are equal, two equal
// values made apart, as by fromJSON, are not).
bool github_equal(const nlohmann::json& a, const nlohmann::json& b);
// A value as a number, as the runner turns one into a number: null and
// false 0, true 1, text as ExpressionUtility.ParseNumber reads it, an
// object or an array NaN.
double github_to_number(const nlohmann::json& v);
// obj.key as the runner reads it (the key's case ignored); null for none.
const nlohmann::json* github_property(const nlohmann::json& obj, const std::string& key);
// GitHub's string form of a value (for ${{ }} inside text): a number as
// github_number_text writes it, an array or object as "Array" or "Object".
std::string github_to_string(const nlohmann::json& v);
// A number as the runner writes it in text: 3.1, 1E+15, 0.3 for 0.1 + 0.2.
std::string github_number_text(double d);
// fromJSON's value of text, as the runner reads it; discarded
// (is_discarded) when the text is no JSON, or nests arrays and objects
// deeper than Json.NET's MaxDepth of 64, which the runner refuses.
nlohmann::json github_from_json(const std::string& text);
// The number in JSON text that is beyond a double's range (1e400), for
// which github_from_json gives discarded; "" when there is none.
std::string json_number_overflow(const std::string& text);
// toJSON's text of a value, as the runner writes it (nested `level` deep).
std::string github_to_json(const nlohmann::json& v, size_t level = 0);
// What a called workflow's input of GitHub's `type` holds when its caller
// leaves it out and it has no default: false for a boolean, 0 for a
// number, "" for text.
nlohmann::json github_unset_input(const std::string& type);

// format()'s text as the runner reads it: text, and {N} placeholders that
// read value N (N at most 255); {{ and }} are braces. Any other brace, or a
// format specifier ({0:x}), fails the run: `error` says how, else is empty.
struct FormatPiece {
  std::string text;  // when index < 0
  int index = -1;
};
struct FormatText {
  std::vector<FormatPiece> pieces;
  std::string error;  // "has a } that closes no {N} ...", for "format's text \"...\" " before it
};
FormatText read_format(const std::string& text);

}  // namespace pipec
