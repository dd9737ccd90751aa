#include "engine/game.hpp"

namespace ratify::engine {

std::shared_ptr<Loaded> Loaded::open(const std::string& spec, const std::string& variant,
                                     lua::Limits limits) {
  auto l = std::make_shared<Loaded>();
  l->spec_ = spec;
  l->variant_spec_ = variant;
  l->where_ = locate(spec, variant);
  l->rules_ = std::make_unique<lua::Rules>(l->where_.dir, scripts_dir(), l->where_.variant, limits);
  return l;
}

core::OptionValues Loaded::options(const std::vector<std::string>& sets) const {
  core::OptionValues given = rules_->variant() ? rules_->variant()->options : core::OptionValues{};
  for (const auto& s : sets) {
    auto [name, value] = core::parse_setting(s, meta().options);
    given[name] = value;
  }
  return core::resolve(meta().options, given);
}

Game::Game(std::shared_ptr<Loaded> loaded, int players, uint64_t seed, core::OptionValues options,
           Mode mode, lua::CallProfile* profile)
    : loaded_(std::move(loaded)), options_(std::move(options)), mode_(mode) {
  match_ = loaded_->rules().new_match(players, seed, options_, false);
  match_->set_profile(profile);
  match_->set_strict(mode != Mode::Lean);
  match_->set_logging(mode != Mode::Lean);
  match_->set_transactions(mode != Mode::Lean);
  match_->setup();
}

void Game::restart(uint64_t seed) {
  log_.clear();
  match_->reset(seed);
  match_->setup();
}

Game::~Game() {
  log_.clear();  // snapshots live in the VM: free them before the match
  match_.reset();
}

std::vector<std::vector<bool>> Game::seen_now() {
  const auto& t = match_->table();
  std::vector<std::vector<bool>> seen(players() + 1, std::vector<bool>(t.ncards() + 1));
  for (int p = 1; p <= players(); ++p)
    for (int c = 1; c <= t.ncards(); ++c) seen[p][c] = t.knows(p, c);
  return seen;
}

void Game::apply(int i) {
  if (mode_ == Mode::Lean) {
    match_->apply(i);
    return;
  }
  Step step;
  step.record.actor = match_->actor();
  step.record.action = match_->action_json(i);
  step.record.label = match_->action_info(i).label;
  std::vector<std::vector<bool>> before;
  if (mode_ == Mode::Interactive) {
    step.before = std::make_unique<lua::Snapshot>(match_->snapshot());
    before = seen_now();
  }
  match_->apply(i);
  step.record.hash = match_->hash();
  if (mode_ == Mode::Interactive) {
    auto after = seen_now();
    for (int p = 1; p <= players(); ++p)
      for (size_t c = 1; c < after[p].size(); ++c)
        if (after[p][c] && !before[p][c]) step.revealed |= 1u << p;
  }
  log_.push_back(std::move(step));
}

std::string Game::why_no_undo(int player) const {
  if (mode_ != Mode::Interactive) return "undo is only kept in interactive games";
  for (size_t k = log_.size(); k-- > 0;) {
    if (log_[k].revealed & (1u << player))
      return "cannot undo: \"" + log_[k].record.label + "\" showed you a card";
    if (log_[k].record.actor == player) return {};
  }
  return "nothing of yours to undo";
}

void Game::undo(int player) {
  std::string why = why_no_undo(player);
  if (!why.empty()) throw std::runtime_error(why);
  size_t k = log_.size();
  while (k-- > 0 && log_[k].record.actor != player) {
  }
  match_->restore(*log_[k].before);
  log_.resize(k);
}

View Game::view(int viewer) {
  View v;
  v.viewer = viewer;
  const auto& t = match_->table();
  for (const auto& z : t.zones()) {
    if (z.kind == "box") continue;
    ZoneView zv{z.name, z.kind, z.label, z.owner, z.visibility, {}};
    for (int c : z.cards) {
      bool up = viewer ? t.sees(viewer, c)
                       : (z.visibility == core::Visibility::All ||
                          (z.visibility == core::Visibility::Top && c == z.cards.back()) ||
                          (t.known_mask(c) == 0xffffffffu));
      zv.cards.push_back({up ? c : 0, up, up ? t.def_index(c) : -1});
    }
    v.zones.push_back(std::move(zv));
  }
  for (int p = 1; p <= players(); ++p) v.status.push_back(match_->status(p));
  v.state = match_->state_view(viewer ? viewer : 1);
  return v;
}

core::Replay Game::replay() const {
  core::Replay r;
  r.header.ruleset = loaded_->meta().id;
  if (const auto* var = loaded_->rules().variant()) r.header.variant = var->file.stem().string();
  r.header.options = core::to_json(options_);
  r.header.seed = match_->seed();
  r.header.players = match_->players();
  r.header.seats = seats_;
  for (const auto& s : log_) r.steps.push_back(s.record);
  return r;
}

std::unique_ptr<Game> game_from_replay_header(std::shared_ptr<Loaded> loaded,
                                              const core::ReplayHeader& h, Mode mode) {
  core::OptionValues options;
  try {
    options =
        core::resolve(loaded->meta().options, core::from_json(h.options, loaded->meta().options));
  } catch (const core::OptionError& e) {
    throw InputError(std::string("replay options: ") + e.what());
  }
  auto g = std::make_unique<Game>(loaded, h.players, h.seed, options, mode);
  g->set_seats(h.seats);
  return g;
}

std::optional<Divergence> verify_replay(std::shared_ptr<Loaded> loaded, const core::Replay& r,
                                        const std::function<void(Game&, int)>& on_step) {
  std::unique_ptr<Game> g;
  try {
    g = game_from_replay_header(loaded, r.header, Mode::Record);
  } catch (const std::exception& e) {
    return Divergence{0, e.what()};
  }
  for (size_t k = 0; k < r.steps.size(); ++k) {
    const auto& s = r.steps[k];
    int n = static_cast<int>(k + 1);
    std::string at = "action " + std::to_string(n) + " (\"" + s.label + "\"" +
                     (s.line ? ", line " + std::to_string(s.line) : "") + ")";
    try {
      if (g->actor() != s.actor)
        return Divergence{n, at + ": the actor is now " + std::to_string(g->actor()) + ", was " +
                                 std::to_string(s.actor)};
      int i = g->match().find_action(s.action);
      if (i < 0) return Divergence{n, at + " is no longer legal"};
      g->apply(i);
      if (g->match().hash() != s.hash) return Divergence{n, at + ": the state after it changed"};
      if (on_step) on_step(*g, n);
    } catch (const std::exception& e) {
      return Divergence{n, at + ": " + e.what()};
    }
  }
  return std::nullopt;
}

std::optional<Divergence> Game::reload(std::shared_ptr<Loaded> fresh) {
  core::Replay r = replay();
  std::unique_ptr<Game> g;
  try {
    g = game_from_replay_header(fresh, r.header, mode_);
  } catch (const std::exception& e) {
    return Divergence{0, e.what()};
  }
  std::optional<Divergence> changed;
  for (size_t k = 0; k < r.steps.size(); ++k) {
    const auto& s = r.steps[k];
    int n = static_cast<int>(k + 1);
    std::string at = "action " + std::to_string(n) + " (\"" + s.label + "\")";
    try {
      int i = g->match().find_action(s.action);
      if (i < 0) return Divergence{n, at + " is no longer legal"};
      g->apply(i);
      if (!changed && g->match().hash() != s.hash)
        changed = Divergence{n, "the new rules change the game from " + at, true};
    } catch (const std::exception& e) {
      return Divergence{n, at + ": " + e.what()};
    }
  }
  // The same actions under the new rules: take the old game's place.
  log_ = std::move(g->log_);
  match_ = std::move(g->match_);
  loaded_ = std::move(fresh);
  g->loaded_.reset();
  return changed;
}

}  // namespace ratify::engine
