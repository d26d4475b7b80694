// Text that reads as a ${{ }} written amiss: `${ inputs.family }`, with
// one brace, or `{{ inputs.family }}`, with no $. GitHub evaluates only
// ${{ }}, so it writes such text as it is: an artifact named
// `packages-${ inputs.family }` is one name for every family. Read from
// the text of attributes (a name, a with or env entry), where a context's
// name and a dot follow the braces. A script's text (run, and
// github-script's script) is its language's, whose ${ } may be its own
// (JavaScript's, a shell's in a comment), and so may a let's or a
// template argument's, which may become a script.
#pragma once

#include <map>
#include <string>

#include "ast.h"
#include "diag.h"

namespace pipec {

void check_almost_expressions(const std::map<std::string, File>& files, Diagnostics& diags);

}  // namespace pipec
