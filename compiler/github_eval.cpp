#include "github_eval.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <set>

#include "ascii.h"
#include "ordinal_case.h"
#include "render_expr.h"
#include "utf8.h"
#include "value.h"

namespace pipec {
namespace {

using json = nlohmann::json;

// The length of the UTF-8 character at `at` when .NET's char.IsWhiteSpace
// holds for it (tab to CR, space, U+0085, U+00A0, and the space, line and
// paragraph separators), else 0.
size_t white_space_at(const std::string& s, size_t at) {
  auto c = [&](size_t k) { return at + k < s.size() ? static_cast<unsigned char>(s[at + k]) : 0; };
  if (c(0) == ' ' || (c(0) >= '\t' && c(0) <= '\r')) return 1;
  if (c(0) == 0xC2 && (c(1) == 0x85 || c(1) == 0xA0)) return 2;
  if (c(0) == 0xE1 && c(1) == 0x9A && c(2) == 0x80) return 3;                               // U+1680
  if (c(0) == 0xE2 && c(1) == 0x80 && ((c(2) >= 0x80 && c(2) <= 0x8A) || c(2) == 0xA8 ||  // U+2000-200A, 2028,
                                       c(2) == 0xA9 || c(2) == 0xAF))                     // 2029, 202F
    return 3;
  if (c(0) == 0xE2 && c(1) == 0x81 && c(2) == 0x9F) return 3;  // U+205F
  if (c(0) == 0xE3 && c(1) == 0x80 && c(2) == 0x80) return 3;  // U+3000
  return 0;
}

// Text without the white space .NET's String.Trim takes from its ends.
std::string trim_white_space(const std::string& s) {
  size_t from = 0;
  while (size_t n = white_space_at(s, from)) from += n;
  size_t to = from;
  for (size_t i = from; i < s.size();) {
    const size_t n = white_space_at(s, i);
    i += n ? n : 1;
    if (!n) to = i;
  }
  return s.substr(from, to - from);
}

// Text as a number, as the runner's ExpressionUtility.ParseNumber reads
// it: trimmed; empty is 0; a decimal number with an optional sign, point
// and exponent (or Infinity); 0x and hex digits, or 0o and octal digits,
// within 32 bits; anything else NaN.
double parse_number(std::string s) {
  s = trim_white_space(s);
  if (s.empty()) return 0;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  size_t i = s[0] == '+' || s[0] == '-' ? 1 : 0;
  const std::string rest = lower(s.substr(i));
  if (rest == "infinity") return s[0] == '-' ? -HUGE_VAL : HUGE_VAL;
  if (rest == "nan") return nan;
  auto digits = [&](size_t& at) {
    const size_t from = at;
    while (at < s.size() && s[at] >= '0' && s[at] <= '9') ++at;
    return at - from;
  };
  size_t whole = digits(i), fraction = 0;
  if (i < s.size() && s[i] == '.') fraction = digits(++i);
  bool ok = whole + fraction > 0;
  if (ok && i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    if (++i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    ok = digits(i) > 0;
  }
  if (ok && i == s.size()) return std::strtod(s.c_str(), nullptr);
  auto base = [&](int radix, const char* allowed) {
    if (s.size() <= 2 || s.find_first_not_of(allowed, 2) != std::string::npos) return nan;
    errno = 0;
    const unsigned long long n = std::strtoull(s.c_str() + 2, nullptr, radix);
    if (errno || n > 0xFFFFFFFFull) return nan;  // past 32 bits
    return static_cast<double>(static_cast<int32_t>(static_cast<uint32_t>(n)));
  };
  if (s.rfind("0x", 0) == 0) return base(16, "0123456789abcdefABCDEF");
  if (s.rfind("0o", 0) == 0) return base(8, "01234567");
  return nan;
}

// The runner's primitives: null, booleans, numbers and text (not an
// array, an object, or a value not known here).
bool primitive(const json& v) { return v.is_primitive() && !v.is_binary(); }

// A value as the runner's Index passes it on: `filtered` for the array a
// filter (.*) makes, which later reads apply to item by item; `at` for a
// value read from the contexts, where it is (and `value` is not used): the
// runner compares objects and arrays by reference, so two reads of one
// place are equal and two equal copies are not.
struct Read {
  json value;
  bool filtered = false;
  const json* at = nullptr;
  const json& ref() const { return at ? *at : value; }
};

Read read(const Expr& e, const EvalContext& ctx);

double to_number(const json& v) {
  if (v.is_null()) return 0;
  if (v.is_boolean()) return v.get<bool>() ? 1 : 0;
  if (v.is_number()) return v.get<double>();
  if (v.is_string()) return parse_number(v.get<std::string>());
  return std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

double github_to_number(const json& v) { return to_number(v); }

json github_from_json(const std::string& text) {
  // The depth is counted before parsing, without recursion: a value
  // nested deeper is not made at all (copying one is recursive).
  size_t depth = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > 64) return json(json::value_t::discarded);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return json::parse(text, nullptr, false);
}

std::string json_number_overflow(const std::string& text) {
  if (!github_from_json(text).is_discarded()) return "";
  try {
    const json parsed = json::parse(text);
    static_cast<void>(parsed);
  } catch (const json::out_of_range& e) {
    // nlohmann's 406: "number overflow parsing '1e400'".
    const std::string what = e.what();
    const size_t open = what.find('\''), close = what.rfind('\'');
    if (e.id == 406 && open != std::string::npos && close > open) return what.substr(open + 1, close - open - 1);
  } catch (const json::exception&) {
  }
  return "";
}

bool github_equal(const json& a, const json& b) {
  if (a.is_string() && b.is_string()) return ordinal_equal(a.get<std::string>(), b.get<std::string>());
  if (a.type() == b.type() && (a.is_object() || a.is_array())) return &a == &b;
  if (a.is_null() && b.is_null()) return true;
  if ((a.is_object() || a.is_array()) || (b.is_object() || b.is_array())) return false;
  double x = to_number(a), y = to_number(b);
  return !std::isnan(x) && !std::isnan(y) && x == y;
}

const json* github_property(const json& obj, const std::string& key) {
  if (!obj.is_object()) return nullptr;
  if (auto it = obj.find(key); it != obj.end()) return &*it;
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    if (ordinal_equal(it.key(), key)) return &it.value();
  }
  return nullptr;
}

namespace {

json call(const Expr& e, const EvalContext& ctx) {
  const std::string f = lower(e.text);
  auto arg = [&](size_t i) { return i < e.operands.size() ? github_eval(*e.operands[i], ctx) : json(); };
  if (f == "success") return ctx.job_status == "success";
  if (f == "failure") return ctx.job_status == "failure";
  if (f == "cancelled") return ctx.job_status == "cancelled";
  if (f == "always") return true;
  // As the runner's functions: text is compared only between primitives,
  // and is false with anything else.
  if (f == "contains") {
    // Read as they are, so an object or an array is found only in itself.
    const Read h = e.operands.size() > 0 ? read(*e.operands[0], ctx) : Read{};
    const Read n = e.operands.size() > 1 ? read(*e.operands[1], ctx) : Read{};
    const json &hay = h.ref(), &needle = n.ref();
    if (hay.is_array()) {
      for (const auto& x : hay) {
        if (github_equal(x, needle)) return true;
      }
      return false;
    }
    if (!primitive(hay) || !primitive(needle)) return false;
    return ordinal_contains(github_to_string(hay), github_to_string(needle));
  }
  if (f == "startswith" || f == "endswith") {
    if (!primitive(arg(0)) || !primitive(arg(1))) return false;
    const std::string s = github_to_string(arg(0)), p = github_to_string(arg(1));
    return f == "startswith" ? ordinal_starts_with(s, p) : ordinal_ends_with(s, p);
  }
  if (f == "format") {
    FormatText fmt = read_format(github_to_string(arg(0)));
    if (!fmt.error.empty()) return json();  // the run fails
    std::string out;
    for (const auto& p : fmt.pieces) out += p.index < 0 ? p.text : github_to_string(arg(1 + static_cast<size_t>(p.index)));
    return out;
  }
  if (f == "join") {
    // As the runner's Join: a separator that is no primitive is ","; an
    // object joins to "".
    json a = arg(0);
    const json s = e.operands.size() > 1 ? arg(1) : json(",");
    const std::string sep = s.is_array() || s.is_object() ? "," : github_to_string(s);
    if (a.is_object()) return "";
    if (!a.is_array()) return github_to_string(a);
    std::string out;
    for (size_t i = 0; i < a.size(); ++i) out += (i ? sep : "") + github_to_string(a[i]);
    return out;
  }
  if (f == "tojson") return github_to_json(arg(0));
  if (f == "fromjson") {
    const std::string text = github_to_string(arg(0));
    json parsed = github_from_json(text);
    if (parsed.is_discarded()) {
      const std::string shown =
          "fromJSON(\"" + (text.size() > 40 ? text.substr(0, char_start(text, 40)) + "..." : text) + "\")";
      if (trim_white_space(text).empty()) {
        if (ctx.error.empty()) ctx.error = shown + ": no JSON to read";
      } else if (ctx.unknown.empty()) {
        ctx.unknown = shown + ", which pipec reads as no JSON";
      }
    }
    return parsed.is_discarded() ? json() : parsed;
  }
  return json();  // hashFiles and anything unknown
}

}  // namespace

bool gives_boolean_function(const std::string& name) {
  static const std::set<std::string> kBoolean = {"contains", "startswith", "endswith", "success",
                                                 "failure",  "always",     "cancelled"};
  return kBoolean.count(lower(name)) > 0;
}

bool status_function(const std::string& name) {
  const std::string f = lower(name);
  return f == "success" || f == "failure" || f == "always" || f == "cancelled";
}

bool has_status_function(const Expr& e) {
  bool found = false;
  each_expr(e, [&](const Expr& x) { found = found || (x.kind == Expr::Kind::Call && status_function(x.text)); });
  return found;
}

bool github_truthy(const json& v) {
  if (v.is_null()) return false;
  if (v.is_boolean()) return v.get<bool>();
  if (v.is_number()) {
    double d = v.get<double>();
    return d != 0 && !std::isnan(d);
  }
  if (v.is_string()) return !v.get<std::string>().empty();
  return true;
}

std::string github_to_string(const json& v) {
  if (v.is_null()) return "";
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number()) return github_number_text(v.get<double>());
  if (v.is_array()) return "Array";  // the runner writes the kind's name
  if (v.is_object()) return "Object";
  return v.dump();
}

std::string github_to_json(const json& v, size_t level) {
  // The runner's ToJson: two spaces a level, ": " after a key, numbers as
  // in text (3, not 3.0).
  const std::string in = "\n" + std::string(2 * (level + 1), ' ');
  if (v.is_number()) return github_number_text(v.get<double>());
  if (v.is_array() && !v.empty()) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); ++i)
      out += (i ? "," : "") + in + github_to_json(v[i], level + 1);
    return out + "\n" + std::string(2 * level, ' ') + "]";
  }
  if (v.is_object() && !v.empty()) {
    std::string out = "{";
    bool first = true;
    for (const auto& [key, value] : v.items()) {
      out += (first ? "" : ",") + in + github_to_json(json(key), level + 1) + ": " +
             github_to_json(value, level + 1);
      first = false;
    }
    return out + "\n" + std::string(2 * level, ' ') + "}";
  }
  // Text not UTF-8 is written with U+FFFD rather than thrown on.
  return v.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string github_number_text(double d) {
  // .NET's ToString("G15"): 15 significant digits at most, trailing zeros
  // dropped, and E notation for an exponent below -4 or from 15 up
  // (1E+15, 1E-05), which is C's %.15g with a capital E.
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
  if (d == 0) return "0";  // -0 too, as the runner writes it
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.15g", d);
  std::string out = buf;
  for (char& c : out) {
    if (c == 'e') c = 'E';
  }
  return out;
}

FormatText read_format(const std::string& text) {
  FormatText out;
  std::string literal;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '{' && text[i] != '}') {
      literal += text[i];
      continue;
    }
    if (i + 1 < text.size() && text[i + 1] == text[i]) {
      literal += text[i++];
      continue;
    }
    if (text[i] == '}') {
      out.error = "has a } that closes no {N} (a brace is written }}), so the run fails";
      return out;
    }
    size_t j = i + 1;
    while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
    const std::string digits = text.substr(i + 1, j - i - 1);
    // GitHub takes {0:} as {0} and fails on {0:x}; actionlint takes neither.
    if (!digits.empty() && j + 1 < text.size() && text[j] == ':' && text[j + 1] == '}') {
      out.error = "writes {" + digits + ":}, which GitHub reads as {" + digits + "} and actionlint refuses; write {" +
                  digits + "}";
      return out;
    }
    if (!digits.empty() && j < text.size() && text[j] == ':') {
      out.error = "gives {" + digits + "} a format specifier, which GitHub's format() does not take";
      return out;
    }
    if (digits.empty() || j == text.size() || text[j] != '}') {
      out.error = "has a { that opens no {N} (a brace is written {{), so the run fails";
      return out;
    }
    int n = 0;
    for (char d : digits) n = std::min(n * 10 + (d - '0'), 256);
    if (n > 255) {
      out.error = "reads {" + digits + "}, but GitHub's format() reads {0} to {255} only, so the run fails";
      return out;
    }
    if (!literal.empty()) out.pieces.push_back({literal, -1});
    literal.clear();
    out.pieces.push_back({"", n});
    i = j;
  }
  if (!literal.empty()) out.pieces.push_back({literal, -1});
  return out;
}

json value_json(const Value& v, const EvalContext* ctx) {
  switch (v.kind) {
    case Value::Kind::Null:
      return json();
    case Value::Kind::Bool:
      return v.boolean;
    case Value::Kind::Number:
      return std::strtod(v.text.c_str(), nullptr);  // 1e999: infinity, no exception
    case Value::Kind::String: {
      if (v.parts.empty()) return v.text;
      if (!ctx) return json::binary({});
      std::string out;
      for (const auto& p : v.parts)
        out += p.expr ? github_to_string(github_eval(*p.expr, *ctx)) : p.text;
      return out;
    }
    case Value::Kind::Runtime:
      return ctx ? github_eval(*v.expr, *ctx) : json::binary({});
    case Value::Kind::List: {
      json out = json::array();
      for (const auto& i : v.items) out.push_back(value_json(*i, ctx));
      return out;
    }
    case Value::Kind::Object: {
      if (v.tag == "action") return v.get("uses")->text;
      if (v.tag == "image") return v.get("ref")->text;
      if (v.tag == "workflow_ref") return v.get("file")->text;
      json out = json::object();
      for (const auto& f : v.fields) out[f.key] = value_json(*f.value, ctx);
      return out;
    }
    case Value::Kind::Template:
      return ctx ? json() : json::binary({});
  }
  return json();
}

bool is_unknown(const json& v) { return v.is_binary(); }

json placeholder(const std::string& name) { return "<" + name + ">"; }

bool is_placeholder(const json& v) {
  if (!v.is_string()) return false;
  const std::string& s = v.get_ref<const std::string&>();
  return s.size() > 2 && s.front() == '<' && s.back() == '>' &&
         std::all_of(s.begin() + 1, s.end() - 1,
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; });
}

json github_unset_input(const std::string& type) {
  return type == "boolean" ? json(false) : type == "number" ? json(0) : json("");
}

std::string json_type(const json& v) {
  if (v.is_object()) return "object";
  if (v.is_array()) return "array";
  if (v.is_boolean()) return "boolean";
  if (v.is_number()) return "number";
  if (v.is_string()) return "string";
  return "";
}

namespace {

// base[index] (or base.name, base.*) as the runner's Index reads it. An
// array is read by the index as a number, rounded down ('1' and 1.5 read
// item 1); an object by a primitive's text, its case ignored; anything
// else gives null, or for .* an empty filtered array. A filtered array
// passes the read to each item that is an object or an array, and holds
// what they give.
Read index(const Read& base, const json& idx, bool wildcard) {
  auto integer = [&](size_t size, size_t& at) {
    const double d = std::floor(to_number(idx));
    if (std::isnan(d) || d < 0 || d > static_cast<double>(INT32_MAX) ||
        d >= static_cast<double>(size))
      return false;
    at = static_cast<size_t>(d);
    return true;
  };
  auto collection = [](const json& v) { return v.is_object() || v.is_array(); };
  Read out;
  const json& b = base.ref();
  if (!collection(b)) {
    if (wildcard) out = {json::array(), true, nullptr};
    return out;
  }
  // A read from the contexts stays one; a value made apart is copied.
  auto keep = [&](const json& v) {
    if (base.at)
      out.at = &v;
    else
      out.value = v;
  };
  if (base.filtered || wildcard) {
    out = {json::array(), true, nullptr};
    auto add = [&](const json& item) {
      if (!collection(item)) return;
      if (wildcard) {
        for (const auto& v : item) out.value.push_back(v);
      } else if (item.is_object()) {
        if (!primitive(idx)) return;
        if (const json* v = github_property(item, github_to_string(idx))) out.value.push_back(*v);
      } else if (size_t i = 0; integer(item.size(), i)) {
        out.value.push_back(item[i]);
      }
    };
    if (base.filtered) {
      for (const auto& item : b) add(item);
    } else {
      add(b);  // .* of an object or an array: its values, or its items
    }
    return out;
  }
  if (b.is_array()) {
    if (size_t i = 0; integer(b.size(), i)) keep(b[i]);
    return out;
  }
  if (!primitive(idx)) return out;
  if (const json* v = github_property(b, github_to_string(idx))) keep(*v);
  return out;
}

Read read(const Expr& e, const EvalContext& ctx) {
  using K = Expr::Kind;
  switch (e.kind) {
    case K::Name: {
      Read out;
      out.at = github_property(ctx.contexts, e.text);
      return out;
    }
    case K::Member:
    case K::Index: {
      const Read base = read(*e.operands[0], ctx);
      Read out = e.kind == K::Member ? index(base, json(e.text), e.text == "*")
                                     : index(base, github_eval(*e.operands[1], ctx), false);
      if (ctx.unknown.empty() && is_placeholder(out.ref())) ctx.unknown = render_expr(e);
      return out;
    }
    case K::Binary: {
      // && and || give one of their operands, as it is.
      if (e.text != "&&" && e.text != "||") break;
      Read l = read(*e.operands[0], ctx);
      if (github_truthy(l.ref()) == (e.text == "&&")) return read(*e.operands[1], ctx);
      return l;
    }
    case K::Cond: {
      Read c = read(*e.operands[0], ctx);
      Read a = github_truthy(c.ref()) ? read(*e.operands[1], ctx) : c;
      return github_truthy(a.ref()) ? a : read(*e.operands[2], ctx);
    }
    default:
      break;
  }
  return {github_eval(e, ctx)};
}

}  // namespace

json github_eval(const Expr& e, const EvalContext& ctx) {
  using K = Expr::Kind;
  switch (e.kind) {
    case K::String: {
      if (e.parts.size() == 1 && !e.parts[0].expr) return e.parts[0].text;
      std::string out;
      for (const auto& p : e.parts) out += p.expr ? github_to_string(github_eval(*p.expr, ctx)) : p.text;
      return out;
    }
    case K::Number: return to_number(json(e.text));
    case K::Bool: return e.boolean;
    case K::Null: return json();
    case K::Name:
    case K::Member:
    case K::Index:
    case K::Cond:
      return read(e, ctx).ref();
    case K::Call: return call(e, ctx);
    case K::List: {
      json out = json::array();
      for (const auto& o : e.operands) out.push_back(github_eval(*o, ctx));
      return out;
    }
    case K::Object: return json::object();
    case K::Not: return !github_truthy(github_eval(*e.operands[0], ctx));
    case K::Binary: {
      if (e.text == "&&" || e.text == "||") return read(e, ctx).ref();
      const Read lr = read(*e.operands[0], ctx), rr = read(*e.operands[1], ctx);
      const json &l = lr.ref(), &r = rr.ref();
      if (e.text == "==") return github_equal(l, r);
      if (e.text == "!=") return !github_equal(l, r);
      if (l.is_string() && r.is_string()) {
        const int order = ordinal_compare(l.get<std::string>(), r.get<std::string>());
        if (e.text == "<") return order < 0;
        if (e.text == "<=") return order <= 0;
        if (e.text == ">") return order > 0;
        return order >= 0;
      }
      double a = to_number(l), b = to_number(r);
      if (std::isnan(a) || std::isnan(b)) return false;
      if (e.text == "<") return a < b;
      if (e.text == "<=") return a <= b;
      if (e.text == ">") return a > b;
      return a >= b;
    }
  }
  return json();
}

}  // namespace pipec
