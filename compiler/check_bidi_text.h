// Bidirectional control characters in a source ("Trojan Source",
// CVE-2021-42574). They show as nothing, but reorder the text around them
// on screen, so a review reads a line otherwise than pipec compiles it, and
// the generated workflows would carry them into scripts and names. GitHub
// warns of them in a file; pipec refuses them anywhere in a .pipe file
// (names, strings, comments), as rustc does in literals and comments.
#pragma once

#include <string>

#include "diag.h"

namespace pipec {

void check_bidi_text(const std::string& path, const std::string& text, Diagnostics& diags);

}  // namespace pipec
