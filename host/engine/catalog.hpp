#pragma once
// Finding rulesets and variants: by id in rulesets/ (the working folder's,
// then the source tree's), then in the folders of RATIFY_PATH; or by path.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace ratify::engine {

namespace fs = std::filesystem;

struct RulesetEntry {
  std::string id;
  fs::path dir;
  std::vector<fs::path> variants;  // variants/*.lua, sorted
};

struct Located {
  fs::path dir;      // the ruleset folder
  fs::path variant;  // empty: none
};

class InputError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

fs::path scripts_dir();
std::vector<fs::path> search_roots();
std::vector<RulesetEntry> list_rulesets();
// spec: an id, "id/variant", a ruleset folder, or a variant file.
// variant (optional): a name of the ruleset's variants or a file.
Located locate(const std::string& spec, const std::string& variant = {});

}  // namespace ratify::engine
