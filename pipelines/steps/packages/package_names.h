// Project-name normalisation and the escaping used in index pages and URLs.
#pragma once

#include <string>
#include <string_view>

namespace steps::packages {

// PEP 503: re.sub(r"[-_.]+", "-", name).lower()
std::string pep503_normalize(std::string_view name);

// The form of a distribution name inside a wheel file name (binary
// distribution format): re.sub(r"[-_.]+", "_", name).lower()
std::string wheel_name_normalize(std::string_view name);

// Percent-encodes every byte except A-Z a-z 0-9 - . _ ~ and '/', like
// Python's urllib.parse.quote(text): '+' becomes %2B, ' ' becomes %20.
std::string percent_encode(std::string_view text);

// Escapes & < > " ' for HTML text and attribute values.
std::string html_escape(std::string_view text);

}  // namespace steps::packages
