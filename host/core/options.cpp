#include "core/options.hpp"

#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/utf8.hpp"

namespace ratify::core {

const char* OptionDecl::type_name() const {
  switch (def.index()) {
    case 0:
      return "boolean";
    case 1:
      return "integer";
    case 2:
      return "number";
    default:
      return "string";
  }
}

std::string to_string(const OptionValue& v) {
  if (auto b = std::get_if<bool>(&v)) return *b ? "true" : "false";
  if (auto i = std::get_if<int64_t>(&v)) return std::to_string(*i);
  if (auto d = std::get_if<double>(&v)) {
    std::ostringstream s;
    s << *d;
    return s.str();
  }
  return std::get<std::string>(v);
}

nlohmann::json to_json(const OptionValues& values) {
  nlohmann::json j = nlohmann::json::object();
  // Not a structured binding: clang before 16 cannot capture one (the fuzz build).
  for (const auto& kv : values) std::visit([&](const auto& x) { j[kv.first] = x; }, kv.second);
  return j;
}

std::string describe_options(const std::vector<OptionDecl>& decls) {
  if (decls.empty()) return "  (this ruleset has no options)\n";
  std::ostringstream s;
  for (const auto& d : decls) {
    s << "  " << d.name << " (" << d.type_name() << ", default " << to_string(d.def) << ")";
    if (!d.choices.empty()) {
      s << " one of:";
      for (const auto& c : d.choices) s << ' ' << c;
    }
    if (!d.doc.empty()) s << ": " << d.doc;
    s << '\n';
  }
  return s.str();
}

static const OptionDecl& find_decl(const std::string& name, const std::vector<OptionDecl>& decls) {
  for (const auto& d : decls)
    if (d.name == name) return d;
  throw OptionError("unknown option '" + name + "'; the options are:\n" + describe_options(decls));
}

static OptionValue check_range(const OptionDecl& d, OptionValue v) {
  auto bad = [&](const std::string& why) {
    return OptionError("option '" + d.name + "': " + why + "\n" + describe_options({d}));
  };
  if (auto s = std::get_if<std::string>(&v)) {
    // Checked where it enters: a value goes into JSON (replays, results),
    // which holds UTF-8 only, and the run was lost at the end.
    if (!valid_utf8(*s)) throw bad("a value must be UTF-8 text");
    if (!d.choices.empty() && std::find(d.choices.begin(), d.choices.end(), *s) == d.choices.end())
      throw bad("'" + *s + "' is not one of the choices");
  } else if (!std::holds_alternative<bool>(v)) {
    double x = std::holds_alternative<int64_t>(v) ? static_cast<double>(std::get<int64_t>(v))
                                                  : std::get<double>(v);
    if ((d.min && x < *d.min) || (d.max && x > *d.max))
      throw bad(to_string(v) + " is out of range");
  }
  return v;
}

OptionValue check_value(const std::string& name, const OptionValue& v,
                        const std::vector<OptionDecl>& decls) {
  const OptionDecl& d = find_decl(name, decls);
  if (v.index() == d.def.index()) return check_range(d, v);
  // An integer is a fine value for a number option.
  if (std::holds_alternative<double>(d.def) && std::holds_alternative<int64_t>(v))
    return check_range(d, static_cast<double>(std::get<int64_t>(v)));
  throw OptionError("option '" + name + "' is " + d.type_name() + ", not " +
                    OptionDecl{"", "", v, {}, {}, {}}.type_name());
}

std::pair<std::string, OptionValue> parse_setting(std::string_view setting,
                                                  const std::vector<OptionDecl>& decls) {
  auto eq = setting.find('=');
  if (eq == std::string_view::npos)
    throw OptionError("'" + std::string(setting) + "' is not name=value; the options are:\n" +
                      describe_options(decls));
  std::string name(setting.substr(0, eq)), text(setting.substr(eq + 1));
  const OptionDecl& d = find_decl(name, decls);
  auto wrong = [&]() {
    return OptionError("option '" + name + "' wants a " + d.type_name() + ", got '" + text + "'\n" +
                       describe_options({d}));
  };
  OptionValue v;
  switch (d.def.index()) {
    case 0:
      if (text == "true" || text == "1" || text == "yes" || text == "on")
        v = true;
      else if (text == "false" || text == "0" || text == "no" || text == "off")
        v = false;
      else
        throw wrong();
      break;
    case 1: {
      int64_t i = 0;
      auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), i);
      if (ec != std::errc() || p != text.data() + text.size()) throw wrong();
      v = i;
      break;
    }
    case 2: {
      try {
        size_t used = 0;
        double x = std::stod(text, &used);
        if (used != text.size() || !std::isfinite(x)) throw wrong();
        v = x;
      } catch (const std::logic_error&) {
        throw wrong();
      }
      break;
    }
    default:
      v = text;
  }
  return {name, check_range(d, v)};
}

OptionValues resolve(const std::vector<OptionDecl>& decls, const OptionValues& overrides) {
  OptionValues out;
  for (const auto& d : decls) out[d.name] = d.def;
  for (const auto& [k, v] : overrides) out[k] = check_value(k, v, decls);
  return out;
}

OptionValues from_json(const nlohmann::json& j, const std::vector<OptionDecl>& decls) {
  OptionValues out;
  if (!j.is_object()) throw OptionError("options must be an object");
  for (auto& [k, v] : j.items()) {
    OptionValue x;
    if (v.is_boolean())
      x = v.get<bool>();
    else if (v.is_number_integer())
      x = v.get<int64_t>();
    else if (v.is_number())
      x = v.get<double>();
    else if (v.is_string())
      x = v.get<std::string>();
    else
      throw OptionError("option '" + k + "' has a value of no option type");
    out[k] = check_value(k, x, decls);
  }
  return out;
}

}  // namespace ratify::core
