// YAML as GitHub reads it: parsing with positions for errors, and scalars
// resolved to typed values (YAML 1.2 core schema) so that "3.10" (a string)
// and 3.10 (a number), or "true" and true, stay different.
#pragma once

#include <yaml-cpp/yaml.h>

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

namespace wfcompare {

// An error in an input file, printed as `file:line:col: message` (1-based;
// without a position, `file: message`). Every malformed input ends as one.
class InputError : public std::runtime_error {
 public:
  InputError(const std::string& file, const YAML::Mark& mark, const std::string& message);
  InputError(const std::string& file, const std::string& message);
};

// Parses YAML text; a syntax error becomes an InputError at yaml-cpp's mark.
YAML::Node parse_yaml(const std::string& text, const std::string& file);

// Reads and parses a file; `shown` is the name used in errors.
YAML::Node load_yaml_file(const std::string& path, const std::string& shown);

// A node as a typed JSON value: plain scalars are resolved (null, bool, int,
// float, else string), quoted and block scalars are strings.
nlohmann::json to_json(const YAML::Node& node);

// A scalar's text as written (no type resolution); "" for null.
std::string scalar_text(const YAML::Node& node);

// A mapping key as text (a non-scalar key is rendered compactly).
std::string key_text(const YAML::Node& key);

// Compact JSON-ish rendering; never throws on invalid UTF-8.
std::string render(const nlohmann::json& value);

}  // namespace wfcompare
