// Normal forms of GitHub expressions, so that conditions written differently
// but read the same by GitHub compare equal: `if: a == b`, `if: ${{ a==b }}`
// and a folded multi-line `${{ ... }}` all become `a == b`.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace wfcompare {

// True when the whole text is one `${{ ... }}` expression.
bool is_whole_expression(std::string_view text);

// The canonical spacing of an expression: no whitespace outside string
// literals except one space around binary operators and after commas.
std::string canonical_expression(std::string_view expr);

// An `if:` value: trimmed, an outer `${{ }}` stripped, canonical spacing.
std::string normalize_condition(std::string_view text);

// A value that may be a whole expression (a matrix from fromJSON): the
// expression re-spaced canonically inside `${{ }}`; other text unchanged.
std::string normalize_expression_value(std::string_view text);

// A typed value with a whole-expression string normalised as above.
nlohmann::json normalize_expression_json(const nlohmann::json& value);

// True when the text calls fromJSON (function names are case-insensitive).
bool uses_from_json(std::string_view text);

}  // namespace wfcompare
