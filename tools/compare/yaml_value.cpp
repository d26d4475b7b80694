#include "yaml_value.h"

#include <fmt/format.h>
#include <yaml-cpp/depthguard.h>

#include <cctype>
#include <charconv>
#include <fstream>
#include <regex>
#include <sstream>

namespace wfcompare {

namespace {

std::string position(const YAML::Mark& mark) {
  if (mark.is_null() || mark.line < 0) return "";
  return fmt::format(":{}:{}", mark.line + 1, mark.column + 1);
}

bool is_core_null(const std::string& s) {
  return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL";
}

// A float, or the text itself when it does not fit a double (1e999).
nlohmann::json to_float(const std::string& s) {
  try {
    return std::stod(s);
  } catch (const std::exception&) {
    return s;
  }
}

// Resolves a plain scalar by the YAML 1.2 core schema.
nlohmann::json resolve_plain(const std::string& s) {
  if (is_core_null(s)) return nullptr;
  if (s == "true" || s == "True" || s == "TRUE") return true;
  if (s == "false" || s == "False" || s == "FALSE") return false;
  static const std::regex decimal(R"([-+]?[0-9]+)");
  static const std::regex octal(R"(0o[0-7]+)");
  static const std::regex hex(R"(0x[0-9a-fA-F]+)");
  static const std::regex floating(R"([-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?)");
  auto integer = [&](std::string_view digits, int base, bool negative) -> nlohmann::json {
    std::int64_t v = 0;
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v, base);
    if (ec != std::errc() || ptr != digits.data() + digits.size()) return to_float(s);
    return negative ? -v : v;
  };
  if (std::regex_match(s, decimal)) {
    std::string_view d = s;
    bool negative = false;
    if (d.front() == '+' || d.front() == '-') {
      negative = d.front() == '-';
      d.remove_prefix(1);
    }
    return integer(d, 10, negative);
  }
  if (std::regex_match(s, octal)) return integer(std::string_view(s).substr(2), 8, false);
  if (std::regex_match(s, hex)) return integer(std::string_view(s).substr(2), 16, false);
  if (std::regex_match(s, floating)) return to_float(s);
  // .inf and .nan have no JSON form: they stay strings, still unlike "3.10".
  return s;
}

constexpr int kMaxDepth = 256;
constexpr long kMaxNodes = 1'000'000;

// Walks the tree as the loaders will, so that they never meet a recursive
// alias (`&x [*x]`) or an alias bomb: either throws InputError here.
void check_size(const YAML::Node& node, int depth, long& budget, const std::string& file) {
  if (depth > kMaxDepth) {
    throw InputError(file, node.Mark(),
                     fmt::format("nested deeper than {} levels (or a recursive alias)", kMaxDepth));
  }
  if (--budget < 0) {
    throw InputError(file, node.Mark(),
                     fmt::format("more than {} nodes once aliases are expanded", kMaxNodes));
  }
  if (node.IsSequence()) {
    for (const auto& item : node) check_size(item, depth + 1, budget, file);
  } else if (node.IsMap()) {
    for (const auto& kv : node) {
      check_size(kv.first, depth + 1, budget, file);
      check_size(kv.second, depth + 1, budget, file);
    }
  }
}

}  // namespace

InputError::InputError(const std::string& file, const YAML::Mark& mark, const std::string& message)
    : std::runtime_error(fmt::format("{}{}: {}", file, position(mark), message)) {}

InputError::InputError(const std::string& file, const std::string& message)
    : std::runtime_error(fmt::format("{}: {}", file, message)) {}

YAML::Node parse_yaml(const std::string& text, const std::string& file) {
  try {
    YAML::Node root = YAML::Load(text);
    long budget = kMaxNodes;
    check_size(root, 0, budget, file);
    return root;
  } catch (const YAML::DeepRecursion& e) {  // yaml-cpp says only "bad file"
    throw InputError(file, e.mark, "nested deeper than yaml-cpp allows");
  } catch (const YAML::Exception& e) {
    throw InputError(file, e.mark, e.msg);
  }
}

YAML::Node load_yaml_file(const std::string& path, const std::string& shown) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(shown, "cannot read the file");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw InputError(shown, "cannot read the file");
  return parse_yaml(text.str(), shown);
}

nlohmann::json to_json(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Undefined:
    case YAML::NodeType::Null:
      return nullptr;
    case YAML::NodeType::Scalar: {
      const std::string& tag = node.Tag();
      const std::string& s = node.Scalar();
      if (tag == "?") return resolve_plain(s);
      if (tag == "tag:yaml.org,2002:null" || tag == "tag:yaml.org,2002:bool" ||
          tag == "tag:yaml.org,2002:int" || tag == "tag:yaml.org,2002:float") {
        return resolve_plain(s);
      }
      return s;  // quoted, block, !!str or an unknown tag
    }
    case YAML::NodeType::Sequence: {
      nlohmann::json out = nlohmann::json::array();
      for (const auto& item : node) out.push_back(to_json(item));
      return out;
    }
    case YAML::NodeType::Map: {
      nlohmann::json out = nlohmann::json::object();
      for (const auto& kv : node) out[key_text(kv.first)] = to_json(kv.second);
      return out;
    }
  }
  return nullptr;
}

std::string scalar_text(const YAML::Node& node) {
  if (node.IsScalar()) return node.Scalar();
  if (!node.IsDefined() || node.IsNull()) return "";
  return render(to_json(node));
}

std::string key_text(const YAML::Node& key) {
  return key.IsScalar() ? key.Scalar() : render(to_json(key));
}

std::string render(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace wfcompare
