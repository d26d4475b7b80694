// Member chains: github.event.inputs.x as its names, and what they name.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "ast.h"
#include "value.h"

namespace pipec {

// Each name of a chain with where it is written.
using Chain = std::vector<std::pair<std::string, Pos>>;

// Flattens a member chain a.b.c (or a['b'].c) into {"a","b","c"}; empty
// when the chain has a call or a computed index in it (those are not
// checked further).
Chain chain(const Expr& e);

// The first secret a value reads, other than GITHUB_TOKEN (whose token
// every run has): "secrets.NAME", or "secrets" for the whole object
// (toJSON(secrets), secrets[computed]); "" for none.
std::string secret_read(const Value& v);

// Calls f on each member chain in e, the longest (a.b.c, not a.b inside
// it), through the operands, string parts and fields of the expressions
// that are none.
void each_chain(const Expr& e, const std::function<void(const Chain&, const Expr&)>& f);

// The input a chain reads, in lower case as GitHub compares names: X of
// inputs.X or github.event.inputs.X (or of a longer chain through them);
// "*" for the whole object (toJSON(inputs), inputs[computed]); "" for a
// chain that reads no input.
std::string input_read(const Chain& c);

// The operands of a run of && (a && b && c, however it is grouped), left to
// right; the expression itself when it is no &&.
std::vector<const Expr*> and_operands(const Expr& e);

// The conditions a step's or job's if joins with &&, as GitHub writes them,
// leaving out the status functions (success(), always(), !cancelled(), ...),
// which say when it runs after a failure, not what it has. Empty for one
// that always runs.
std::vector<std::string> conjuncts(const Value* cond);

// Where a member or index chain starts (github in github.event.x[0].y),
// which reports point at; e itself when it is no chain.
const Expr& chain_head(const Expr& e);

// A chain's names joined with dots: github.event.inputs.x.
std::string dotted(const Chain& c);

// How many names of a chain reach a value (text, a number or a boolean), or
// 0 if that is not known: a field of inputs, env, vars, secrets, runner,
// strategy or github (but its event), job.status, and a job's or step's
// outputs and results.
size_t value_depth(const Chain& c);

// The text of a plain string literal (no ${{ }} in it); false for any
// other expression.
bool plain_text(const Expr& e, std::string& text);

// `CHAIN == 'text'` or `CHAIN != 'text'`, either way round.
struct TextComparison {
  Chain chain;
  std::string text;
  bool equal = false;  // == rather than !=
};
bool text_comparison(const Expr& e, TextComparison& out);

// `contains(needs.*.result, 'text')`: whether some needed job's result is
// text; false for any other expression.
bool result_contains(const Expr& e, std::string& text);

}  // namespace pipec
