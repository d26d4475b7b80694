// Rendering diagnostics, drift and fmt --check's report at the edge, in the
// formats the command line offers: text (default), github (workflow-command
// annotations), json and sarif.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "diag.h"
#include "driver.h"
#include "fmt.h"

namespace pipec {

std::string render_diagnostics(const std::string& format, const std::vector<Diagnostic>& diags,
                               const SourceMap& sources);
std::string render_drift(const std::string& format, const std::vector<Drift>& drift, size_t outputs);
std::string drift_kind_name(Drift::Kind k);
// What is wrong with the file: its kind's name, with the other output
// (Shared) or what is in the way (Blocked) named.
std::string drift_text(const Drift& d);
// `pipec fmt --check`'s report: the files not in canonical layout, of `files`.
std::string render_unformatted(const std::string& format, const std::vector<Unformatted>& list, size_t files);

// A JSON document as pipec prints it: indented, and with bytes that are not
// UTF-8 (a file name or a file on disk may hold them) written as U+FFFD.
std::string json_text(const nlohmann::ordered_json& doc);

}  // namespace pipec
