#pragma once
// House-rule options: declared by a ruleset (name, type, default, doc,
// choices, bounds), set by variants and `--set name=value`, checked here.
#include <cstdint>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace ratify::core {

using OptionValue = std::variant<bool, int64_t, double, std::string>;

struct OptionDecl {
  std::string name, doc;
  OptionValue def;
  std::vector<std::string> choices;  // strings only; empty = any
  std::optional<double> min, max;    // numbers only
  const char* type_name() const;
};

using OptionValues = std::map<std::string, OptionValue>;

class OptionError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string to_string(const OptionValue& v);
nlohmann::json to_json(const OptionValues& v);
// Converts JSON values (replays, saves) back, checked against the decls.
OptionValues from_json(const nlohmann::json& j, const std::vector<OptionDecl>& decls);

// Parses "name=value" text for a declared option; throws OptionError that
// lists the valid options (or the valid values) when it is wrong.
std::pair<std::string, OptionValue> parse_setting(std::string_view setting,
                                                  const std::vector<OptionDecl>& decls);
// Checks a typed value (from a variant file) against its declaration.
OptionValue check_value(const std::string& name, const OptionValue& v,
                        const std::vector<OptionDecl>& decls);
// Defaults, then `overrides` in order.
OptionValues resolve(const std::vector<OptionDecl>& decls, const OptionValues& overrides);
std::string describe_options(const std::vector<OptionDecl>& decls);

}  // namespace ratify::core
