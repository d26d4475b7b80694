// Reads from values whose shape pipec knows (fromJSON of a literal, a
// matrix's values, and the boolean a comparison or ! gives), as actionlint types them (expr_sema.go's
// checkObjectDeref, checkArrayDeref and checkIndexAccess), so that no
// generated file is one actionlint refuses:
//  - a filter (.*) of a value that is no array or object, or of an object
//    none of whose fields is an object;
//  - a field read through a filter of an array whose items are no objects,
//    or which none of them has;
//  - a field an object does not have. actionlint reads a name after a dot
//    in lower case, and compares it with a JSON literal's keys as written,
//    so fromJSON('{"Ab": 1}').Ab is refused; ['Ab'] is read as written.
//    It has a matrix's keys in lower case, so matrix['OS'] is refused;
//  - join() of an array whose items are not text or numbers.
// An array read by name, and an index of the wrong type, are
// check_types' to report.
#pragma once

#include "diag.h"
#include "program.h"

namespace pipec {

void check_literal_shapes(const WorkflowModel& wf, Diagnostics& diags);

}  // namespace pipec
