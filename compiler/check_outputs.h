// Where workflows are written: each `file =` names a plainly spelt .yml file
// inside the repository, outside .git/ and the sources' folder, that every
// checkout can hold; and no two workflows' files take each other's place.
#pragma once

#include <string>

#include "diag.h"
#include "program.h"

namespace pipec {

void check_output_paths(const Program& program, const std::string& sources_dir, Diagnostics& diags);

}  // namespace pipec
