// Names declared in two files. A workflow, step tool, table, profile or
// boundary has one name in all the sources: workflow instances, generated
// files, step tools and `pipec diff` are named by it, so two of one name
// would take each other's place (gen would remove one's output). Steps and
// job templates, actions, images, lets and runner labels are each file's
// own; a file that imports two of one name is an error where it imports.
#pragma once

#include <map>
#include <string>

#include "ast.h"
#include "diag.h"

namespace pipec {

void check_declared_names(const std::map<std::string, File>& files, Diagnostics& diags);

}  // namespace pipec
