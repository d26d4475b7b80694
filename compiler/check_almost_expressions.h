// Text that reads as a ${{ }} written amiss: `${ inputs.family }`, with
// one brace, or `{{ inputs.family }}`, with no $. GitHub evaluates only
// ${{ }}, so it writes such text as it is: an artifact named
// `packages-${ inputs.family }` is one name for every family. Read from
// the sources' text, where a context's name and a dot follow the
// braces. A script's text (run, and github-script's script) is left to
// the shell or language that reads it, except `${ context.` in a run,
// which no shell reads as a variable (bash: "bad substitution").
#pragma once

#include <map>
#include <string>

#include "ast.h"
#include "diag.h"

namespace pipec {

void check_almost_expressions(const std::map<std::string, File>& files, Diagnostics& diags);

}  // namespace pipec
