// A bot that searches, played at a seat of `ratify join`: the server's
// rules opened here and checked by their hash, each view made into a
// world the bot chooses in, its choice found among the offered actions.
#include <iostream>

#include "cli/join_parts.hpp"
#include "engine/catalog.hpp"
#include "engine/view_world.hpp"

namespace ratify::cli {

std::string open_searcher(const std::string& spec, const nlohmann::json& welcome, Searcher& s) {
  // The server's words: checked before use (a const [] of a missing key
  // is undefined; a wrong type throws).
  const auto ruleset = welcome.find("ruleset");
  if (ruleset == welcome.end() || !ruleset->is_object() ||
      !ruleset->value("id", nlohmann::json()).is_string() ||
      !ruleset->value("variant", nlohmann::json("")).is_string() ||
      !ruleset->value("hash", nlohmann::json("")).is_string())
    return "the server's welcome names no ruleset the bot " + spec + " could open";
  const auto& r = *ruleset;
  std::string id = r.value("id", ""), variant = r.value("variant", "");
  try {
    s.loaded = engine::Loaded::open(engine::catalog_dir(id).string(), variant);
  } catch (const std::exception& e) {
    return "the bot " + spec + " needs the rules of " + id + " here to search (" + e.what() +
           "); `--bot random` needs none";
  }
  if (net::ruleset_hash(s.loaded->where().dir, s.loaded->where().variant) != r.value("hash", ""))
    return "the rules of " + id + " here differ from the server's (their files' hash): the bot " +
           spec + " would search another game; install the server's version, or `--bot random`";
  try {
    s.bot = bots::make_bot(spec, s.loaded->meta());
    auto options = core::resolve(s.loaded->meta().options,
                                 core::from_json(welcome.value("options", nlohmann::json::object()),
                                                 s.loaded->meta().options));
    s.game = std::make_unique<engine::Game>(s.loaded, welcome.value("players", 0), 1, options);
  } catch (const std::exception& e) {
    return std::string("the bot ") + spec + ": " + e.what();
  }
  return "";
}

namespace {

// The same action as offered: its label (when the world's game built one)
// and the cards, target and zone the seat sees of it.
bool same_offer(const engine::Action& mine, const nlohmann::json& theirs) {
  return (mine.label.empty() || mine.label == theirs.value("label", "")) &&
         mine.cards == theirs.value("cards", std::vector<int>{}) &&
         mine.target == theirs.value("target", 0) && mine.zone == theirs.value("zone", "");
}

}  // namespace

size_t search_choice(Searcher& s, const nlohmann::json& v, const nlohmann::json& acts,
                     core::Rng& rng) {
  auto random = [&](const std::string& why) {
    if (!s.warned) std::cerr << "ratify join: " << why << "; choosing at random\n";
    s.warned = true;
    return static_cast<size_t>(rng.below(static_cast<uint32_t>(acts.size())));
  };
  try {
    engine::View view = engine::view_from_json(v);
    s.game->restart(uint64_t{rng.next()} << 32 | rng.next());
    engine::State& world = s.game->state();
    engine::become_world_of(world, view, rng);
    if (world.actor() != view.seat) return random("the world made from the view has another actor");
    int i = s.bot->choose(*s.game, rng);
    engine::Action mine = world.action(i);
    std::erase_if(mine.cards, [&](int c) { return !world.table().sees(view.seat, c); });
    for (size_t k = 0; k < acts.size(); ++k)
      if (same_offer(mine, acts[k])) return k;
    if (world.action_count() == static_cast<int>(acts.size())) return static_cast<size_t>(i);
    return random("the bot's action is not among those offered");
  } catch (const std::exception& e) {
    return random(e.what());
  }
}

}  // namespace ratify::cli
