#pragma once
// Finding ratify's own files and the rulesets. Rulesets are found by path,
// or by id in these folders, the first of an id winning (search_order()):
// ./rulesets (the working folder's), the user's
// ($XDG_DATA_HOME/ratify/rulesets, else ~/.local/share/ratify/rulesets),
// ratify's own (an installed ratify's <exe>/../share/ratify/rulesets; a
// build's, its source tree's), then the folders of RATIFY_PATH. The user's
// come before ratify's own as ~/bin before /usr/bin in PATH: a user's files
// are theirs to change, an installed ruleset is not.
//
// A user's variant of any ruleset, wherever that ruleset is installed, is
// one file: <user_data_dir()>/variants/<ruleset id>/<name>.lua.
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
  std::vector<fs::path> shadowed;  // folders of the same id in later search folders
  // The user's variants of this id (user_variants_dir(id)/*.lua), sorted;
  // one of the name of a ruleset's own variant is used instead of it.
  std::vector<fs::path> user_variants;
};

struct Located {
  fs::path dir;      // the ruleset folder
  fs::path variant;  // empty: none
};

class InputError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

// An installed ratify's files: <exe>/../share/ratify when that folder holds
// scripts/ (so a package unpacked under any prefix works); empty for a
// ratify run from its build folder.
fs::path installed_data_dir();
// installed_data_dir(), else the source tree the build came from: an
// installed ratify never looks in a source tree.
fs::path data_dir();
// The user's own files: $XDG_DATA_HOME/ratify, else ~/.local/share/ratify;
// empty when neither is known.
fs::path user_data_dir();
// Where the user's variants of the ruleset `id` are: user_data_dir()/variants/id.
fs::path user_variants_dir(const std::string& id);
fs::path scripts_dir();  // RATIFY_SCRIPTS, or data_dir()/scripts (a build: ./scripts first)
fs::path assets_dir();   // data_dir()/assets (a build: ./assets first)

struct SearchRoot {
  std::string what;  // "working folder", "ratify's own", "user's", "RATIFY_PATH"
  fs::path dir;      // may not exist
};
// Every folder searched for ruleset ids, in order, existing or not.
std::vector<SearchRoot> search_order();
// The folders of search_order() that exist, canonical, without repeats.
std::vector<fs::path> search_roots();
std::vector<RulesetEntry> list_rulesets();
// spec: an id, "id/variant", a ruleset folder, or a variant file.
// variant (optional): a name of the ruleset's variants or a file.
Located locate(const std::string& spec, const std::string& variant = {});
// The folder of the ruleset `id` among those found by id, never a path (a
// replay or save from a stranger names its rules this way). Throws InputError.
fs::path catalog_dir(const std::string& id);

}  // namespace ratify::engine
