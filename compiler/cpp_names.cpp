#include "cpp_names.h"

#include <algorithm>
#include <set>

#include "ascii.h"

namespace pipec {

std::string cpp_identifier(const std::string& name) {
  static const std::set<std::string> reserved = {
      // C++20's keywords and alternative tokens.
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
      "case", "catch", "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept",
      "const", "consteval", "constexpr", "constinit", "const_cast", "continue", "co_await",
      "co_return", "co_yield", "decltype", "default", "delete", "do", "double", "dynamic_cast",
      "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto",
      "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
      "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register",
      "reinterpret_cast", "requires", "return", "short", "signed", "sizeof", "static",
      "static_assert", "static_cast", "struct", "switch", "template", "this", "thread_local",
      "throw", "true", "try", "typedef", "typeid", "typename", "union", "unsigned", "using",
      "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
      // Object-like macros: GCC's in GNU mode, the C library's.
      "linux", "unix", "errno", "stdin", "stdout", "stderr",
      // The namespaces the generated code names from inside a tool's own
      // steps::cli::NAME, which one of these names would hide.
      "std", "steps"};
  return reserved.count(name) ? name + "_" : name;
}

std::string cpp_field(const std::string& name) {
  std::string out = lower(name);
  std::replace(out.begin(), out.end(), '-', '_');
  return cpp_identifier(out);
}

}  // namespace pipec
