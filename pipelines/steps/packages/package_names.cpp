#include "packages/package_names.h"

namespace steps::packages {

namespace {

bool is_separator(char c) { return c == '-' || c == '_' || c == '.'; }

char ascii_lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

std::string normalize_with(std::string_view name, char separator) {
  std::string out;
  out.reserve(name.size());
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (is_separator(name[i])) {
      while (i + 1 < name.size() && is_separator(name[i + 1])) ++i;
      out.push_back(separator);
    } else {
      out.push_back(ascii_lower(name[i]));
    }
  }
  return out;
}

}  // namespace

std::string pep503_normalize(std::string_view name) { return normalize_with(name, '-'); }

std::string wheel_name_normalize(std::string_view name) { return normalize_with(name, '_'); }

std::string percent_encode(std::string_view text) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  std::string out;
  for (char c : text) {
    const auto b = static_cast<unsigned char>(c);
    const bool plain = (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') || (b >= '0' && b <= '9') ||
                       b == '-' || b == '.' || b == '_' || b == '~' || b == '/';
    if (plain) {
      out.push_back(c);
    } else {
      out.push_back('%');
      out.push_back(kDigits[b >> 4]);
      out.push_back(kDigits[b & 0xf]);
    }
  }
  return out;
}

std::string html_escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#x27;";
        break;
      default:
        out.push_back(c);
    }
  }
  return out;
}

}  // namespace steps::packages
