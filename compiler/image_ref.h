// The name part of a container image reference, as Docker reads it:
// [DOMAIN/]PATH[:TAG][@DIGEST], where the first component is a domain when
// it has a "." or ":" or is "localhost", and each component of PATH is
// lower-case letters and digits, joined by ".", "_", "__" or dashes. An
// image named otherwise (ghcr.io/ROCm/x) cannot be pulled ("invalid
// reference format: repository name must be lowercase"), and the job
// fails as it starts.
#pragma once

#include <regex>
#include <string>

#include "ascii.h"

namespace pipec {

// What a report of an image that is not pinned asks for.
inline constexpr const char* kPinImage =
    "name the image by digest (NAME@sha256:<64 hex digits>), or declare it once with `image NAME { ref = \"...\" }`";

// Why Docker refuses the repository name of image reference ref; "" when
// it takes it. The domain, tag and digest are not judged here.
inline std::string image_name_problem(const std::string& ref) {
  static const std::regex component("[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*");
  std::string name = ref.substr(0, ref.find('@'));
  const size_t slash = name.rfind('/');
  const size_t colon = name.rfind(':');
  if (colon != std::string::npos && (slash == std::string::npos || colon > slash))
    name.erase(colon);  // the tag
  const size_t first = name.find('/');
  if (first != std::string::npos) {
    const std::string domain = name.substr(0, first);
    if (domain.find_first_of(".:") != std::string::npos || domain == "localhost")
      name.erase(0, first + 1);
  }
  // Docker's own limit, and one std::regex can read (regex_bound.h).
  if (name.size() > 255) return "its repository name is longer than the 255 characters Docker reads";
  bool upper = false;
  size_t at = 0;
  while (true) {
    const size_t end = std::min(name.find('/', at), name.size());
    const std::string c = name.substr(at, end - at);
    if (!std::regex_match(lower(c), component))
      return c.empty() ? "its repository name has an empty part"
                       : "\"" + c + "\" is not a repository name part Docker reads";
    upper = upper || lower(c) != c;
    if (end == name.size()) break;
    at = end + 1;
  }
  return upper ? "Docker reads repository names in lower case only" : "";
}

}  // namespace pipec
