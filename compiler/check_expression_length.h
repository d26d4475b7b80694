// Expressions longer than GitHub parses. GitHub reads a value with ${{ }}
// in it as one expression: the ${{ }} alone, or, with text around it,
// format('text {0} text', expr, ...), and its parser refuses one longer
// than 21000 characters (UTF-16 code units). The whole workflow file is
// then invalid ("Exceeded max expression length 21000"), no trigger of it
// runs, and actionlint does not count (rhysd/actionlint#356). pipec keeps
// ${{ }} out of run scripts, but a long `with` value, condition or
// concurrency group built from many parts can still cross the limit.
#pragma once

#include "diag.h"
#include "value.h"

namespace pipec {

void check_expression_length(const Value& lowered_workflow, const std::string& file,
                             Diagnostics& diags);

}  // namespace pipec
