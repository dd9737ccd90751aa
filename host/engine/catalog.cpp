#include "engine/catalog.hpp"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <mutex>
#include <set>

namespace ratify::engine {

#ifndef RATIFY_SOURCE_DIR
#define RATIFY_SOURCE_DIR "."
#endif
// The data folder relative to the executable's folder (from GNUInstallDirs).
#ifndef RATIFY_INSTALL_DATA_REL
#define RATIFY_INSTALL_DATA_REL "../share/ratify"
#endif

fs::path installed_data_dir() {
  // Computed once: the executable does not move while it runs.
  static const fs::path dir = [] {
    std::error_code ec;
    fs::path exe = fs::canonical("/proc/self/exe", ec);
    if (ec) return fs::path();
    fs::path data = (exe.parent_path() / RATIFY_INSTALL_DATA_REL).lexically_normal();
    return fs::is_directory(data / "scripts", ec) ? data : fs::path();
  }();
  return dir;
}

fs::path data_dir() {
  fs::path installed = installed_data_dir();
  return installed.empty() ? fs::path(RATIFY_SOURCE_DIR) : installed;
}

fs::path user_data_dir() {
  // The XDG base directory spec: a relative $XDG_DATA_HOME is invalid.
  const char* xdg = std::getenv("XDG_DATA_HOME");
  if (xdg && *xdg && fs::path(xdg).is_absolute()) return fs::path(xdg) / "ratify";
  const char* home = std::getenv("HOME");
  if (home && *home) return fs::path(home) / ".local" / "share" / "ratify";
  return {};
}

fs::path user_variants_dir(const std::string& id) {
  fs::path user = user_data_dir();
  return user.empty() ? fs::path() : user / "variants" / id;
}

fs::path scripts_dir() {
  if (const char* env = std::getenv("RATIFY_SCRIPTS")) return env;
  std::error_code ec;
  // A build run in a checkout uses that checkout's scripts; an installed
  // ratify uses the scripts it was installed with.
  if (installed_data_dir().empty() && fs::is_directory("scripts/ratify", ec))
    return fs::absolute("scripts");
  return data_dir() / "scripts";
}

fs::path assets_dir() {
  std::error_code ec;
  if (installed_data_dir().empty() && fs::exists("assets/icon.png", ec))
    return fs::absolute("assets", ec);
  return data_dir() / "assets";
}

std::vector<SearchRoot> search_order() {
  std::vector<SearchRoot> order{{"working folder", fs::path("rulesets")}};
  if (fs::path user = user_data_dir(); !user.empty())
    order.push_back({"user's", user / "rulesets"});
  order.push_back({"ratify's own", data_dir() / "rulesets"});
  if (const char* env = std::getenv("RATIFY_PATH")) {
    std::string s = env;
    size_t start = 0;
    while (start <= s.size()) {
      size_t colon = s.find(':', start);
      std::string part =
          s.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
      if (!part.empty()) order.push_back({"RATIFY_PATH", part});
      if (colon == std::string::npos) break;
      start = colon + 1;
    }
  }
  return order;
}

std::vector<fs::path> search_roots() {
  std::vector<fs::path> roots;
  std::error_code ec;
  for (const auto& r : search_order()) {
    if (!fs::is_directory(r.dir, ec)) continue;
    auto canon = fs::weakly_canonical(r.dir, ec);
    if (std::find(roots.begin(), roots.end(), canon) == roots.end()) roots.push_back(canon);
  }
  return roots;
}

static std::vector<fs::path> lua_files_in(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  if (dir.empty()) return out;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".lua") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

static std::vector<fs::path> variants_of(const fs::path& dir) {
  return lua_files_in(dir / "variants");
}

// A folder's id: its name ("." and ".." resolved).
static std::string id_of(const fs::path& dir) {
  std::error_code ec;
  fs::path canon = fs::weakly_canonical(dir, ec);
  return (ec ? dir : canon).filename().string();
}

// A notice on stderr, once per process: sim opens the rules once a thread.
static void notice_once(const std::string& text) {
  static std::mutex m;
  static std::set<std::string> said;
  std::lock_guard lock(m);
  if (said.insert(text).second) std::cerr << "notice: " << text << "\n";
}

std::vector<RulesetEntry> list_rulesets() {
  std::vector<RulesetEntry> out;
  std::set<std::string> seen;
  std::error_code ec;
  for (const auto& root : search_roots()) {
    std::vector<fs::path> dirs;
    for (const auto& e : fs::directory_iterator(root, ec))
      if (fs::is_regular_file(e.path() / "ruleset.lua", ec)) dirs.push_back(e.path());
    std::sort(dirs.begin(), dirs.end());
    for (const auto& d : dirs) {
      std::string id = d.filename().string();
      if (!seen.insert(id).second) {  // an earlier root wins: `ratify list` warns
        for (auto& e : out)
          if (e.id == id) e.shadowed.push_back(d);
        continue;
      }
      out.push_back({id, d, variants_of(d), {}, lua_files_in(user_variants_dir(id))});
    }
  }
  return out;
}

// A variant by name: the user's of this id first (their files are theirs
// to change, as a user's ruleset), then the ruleset's own.
static fs::path find_variant(const fs::path& dir, const std::string& name) {
  std::error_code ec;
  fs::path as_file = name;
  if (as_file.extension() == ".lua" && fs::is_regular_file(as_file, ec)) return as_file;
  fs::path in_dir = dir / "variants" / (name + ".lua");
  fs::path user_dir = user_variants_dir(id_of(dir));
  if (!user_dir.empty() && name.find('/') == std::string::npos) {
    fs::path user = user_dir / (name + ".lua");
    if (fs::is_regular_file(user, ec)) {
      if (fs::is_regular_file(in_dir, ec))
        notice_once("your variant " + user.string() + " is used instead of " + in_dir.string());
      return user;
    }
  }
  if (fs::is_regular_file(in_dir, ec)) return in_dir;
  std::string known;
  for (const auto& v : variants_of(dir)) known += " " + v.stem().string();
  for (const auto& v : lua_files_in(user_dir)) known += " " + v.stem().string() + " (yours)";
  throw InputError("no variant '" + name + "' in " + dir.string() +
                   (user_dir.empty() ? "" : " or " + user_dir.string()) +
                   (known.empty() ? " (it has no variants)" : "; its variants:" + known));
}

// A user's ruleset that hides another of its id: say so, as a shell would
// not but should.
static void notice_hidden(const RulesetEntry& e) {
  if (e.shadowed.empty()) return;
  std::string hidden;
  for (const auto& d : e.shadowed) hidden += (hidden.empty() ? "" : ", ") + d.string();
  notice_once("ruleset '" + e.id + "' is " + e.dir.string() + ", which hides " + hidden +
              " (the first search folder wins: `ratify list`)");
}

// The ruleset id of a user's variant file (user_data_dir()/variants/ID/x.lua),
// else "".
static std::string user_variant_id(const fs::path& file) {
  std::error_code ec;
  fs::path user = user_data_dir();
  if (user.empty() || file.extension() != ".lua" || !fs::is_regular_file(file, ec)) return "";
  fs::path folder = fs::weakly_canonical(file, ec).parent_path();
  if (ec || folder.parent_path() != fs::weakly_canonical(user / "variants", ec)) return "";
  return folder.filename().string();
}

Located locate(const std::string& spec, const std::string& variant) {
  std::error_code ec;
  Located out;
  fs::path p = spec;
  if (fs::is_regular_file(p / "ruleset.lua", ec)) {
    out.dir = p;
  } else if (p.extension() == ".lua" && fs::is_regular_file(p, ec) &&
             p.parent_path().filename() == "variants") {
    out.dir = p.parent_path().parent_path();
    out.variant = p;
  } else if (std::string owner = user_variant_id(p); !owner.empty()) {
    out.dir = catalog_dir(owner);
    out.variant = p;
  } else {
    std::string id = spec, var;
    if (auto slash = spec.find('/'); slash != std::string::npos) {
      id = spec.substr(0, slash);
      var = spec.substr(slash + 1);
    }
    for (const auto& e : list_rulesets())
      if (e.id == id) {
        out.dir = e.dir;
        notice_hidden(e);
      }
    if (out.dir.empty()) {
      std::string known;
      for (const auto& e : list_rulesets()) known += " " + e.id;
      throw InputError(
          "no ruleset '" + spec + "'" +
          (known.empty() ? " (no rulesets found; set RATIFY_PATH)" : "; known:" + known));
    }
    if (!var.empty()) out.variant = find_variant(out.dir, var);
  }
  if (!variant.empty()) {
    if (!out.variant.empty()) throw InputError("two variants given: " + spec + " and " + variant);
    out.variant = find_variant(out.dir, variant);
  }
  return out;
}

fs::path catalog_dir(const std::string& id) {
  for (const auto& e : list_rulesets())
    if (e.id == id) return e.dir;
  throw InputError("no ruleset '" + id +
                   "' among the rulesets found by id (`ratify list`; add its folder's parent "
                   "to RATIFY_PATH, or name the rules with --ruleset)");
}

}  // namespace ratify::engine
