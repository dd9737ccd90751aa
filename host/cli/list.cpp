// `ratify list`: the rulesets found, their variants, and where ids are
// looked up.
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "cli/commands.hpp"
#include "engine/game.hpp"

namespace ratify::cli {

// Where ids are looked up, in order: so a user sees which copy wins and
// where their own rulesets go.
static void print_search_order() {
  namespace fs = std::filesystem;
  std::cout << "searched, in order (the first of an id wins):\n";
  bool path_set = false;
  std::error_code ec;
  for (const auto& r : engine::search_order()) {
    path_set = path_set || r.what == "RATIFY_PATH";
    std::string dir = fs::absolute(r.dir, ec).lexically_normal().string();
    std::cout << "  " << r.what << ": " << dir << (fs::is_directory(r.dir, ec) ? "" : " (none)")
              << "\n";
  }
  if (!path_set) std::cout << "  RATIFY_PATH: (not set)\n";
  if (fs::path user = engine::user_data_dir(); !user.empty())
    std::cout << "your variants of any ruleset: "
              << fs::absolute(user / "variants", ec).lexically_normal().string()
              << "/RULESET/NAME.lua\n";
}

// The user's variants of a ruleset, marked as theirs with their file: one
// named as a ruleset's own is used instead of it.
static void print_user_variants(const engine::RulesetEntry& e) {
  for (const auto& v : e.user_variants) {
    std::string name = v.stem().string();
    bool hides = std::any_of(e.variants.begin(), e.variants.end(),
                             [&](const auto& own) { return own.stem() == name; });
    std::cout << "    " << e.id << "/" << name << "  (yours: " << v.string()
              << (hides ? "; used instead of the ruleset's own" : "") << ")\n";
  }
}

int cmd_list() {
  auto entries = engine::list_rulesets();
  if (entries.empty()) {
    std::cout << "no rulesets found; add folders to RATIFY_PATH\n";
    print_search_order();
    return kOk;
  }
  for (const auto& e : entries) {
    std::string name = e.id, players;
    try {
      auto l = engine::Loaded::open(e.dir.string());
      name = l->meta().name;
      players = std::to_string(l->meta().min_players) + "-" + std::to_string(l->meta().max_players);
    } catch (const std::exception& ex) {
      name = std::string("(does not load: ") + ex.what() + ")";
    }
    std::cout << e.id << "  " << name << (players.empty() ? "" : "  (" + players + " players)")
              << "  " << e.dir.string() << "\n";
    for (const auto& v : e.variants)
      std::cout << "    " << e.id << "/" << v.stem().string() << "\n";
    print_user_variants(e);
    for (const auto& other : e.shadowed)
      std::cout << "    warning: " << other.string() << " has the same id and is hidden by "
                << e.dir.string() << " (the first search folder wins; rename one)\n";
  }
  print_search_order();
  return kOk;
}

}  // namespace ratify::cli
