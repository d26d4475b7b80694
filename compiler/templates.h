// The text of the templates in templates/, compiled into pipec.
#pragma once

#include <string>
#include <string_view>

namespace pipec {

// `name` is the path under templates/, e.g. "steps/main.cpp.mustache".
std::string_view template_text(const std::string& name);

}  // namespace pipec
