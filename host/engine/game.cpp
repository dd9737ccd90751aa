#include "engine/game.hpp"

#include <algorithm>

#include "lua/match.hpp"
#include "lua/ruleset.hpp"
#include "lua/vm.hpp"

namespace ratify::engine {

namespace {
// Lines every seat is shown (g.log_to's lines are one seat's).
size_t public_lines(const State& s) {
  const auto& to = s.log_to();
  return static_cast<size_t>(std::count(to.begin(), to.end(), 0u));
}
}  // namespace

lua::Match& testing::match_of(Game& g) {
  return g.state_->match();
}

Loaded::Loaded() = default;
Loaded::~Loaded() = default;

std::string Loaded::slow_call_warning() {
  return rules_->vm().slow_call_warning();
}

std::shared_ptr<Loaded> Loaded::open(const std::string& spec, const std::string& variant) {
  return open(spec, variant, lua::Limits{});
}

const RulesetMeta& Loaded::meta() const {
  return rules_->meta();
}
const VariantMeta* Loaded::variant() const {
  return rules_->variant();
}
const std::vector<core::CardDef>& Loaded::card_defs() const {
  return rules_->card_defs();
}

std::unique_ptr<State> Loaded::new_state(int players, uint64_t seed,
                                         const core::OptionValues& options, StateSettings settings,
                                         bool setup) {
  auto m = rules_->new_match(players, seed, options, false);
  m->set_strict(settings.strict);
  m->set_logging(settings.logging);
  m->set_transactions(settings.transactions);
  if (setup) m->setup();
  return std::make_unique<State>(std::move(m));
}

std::shared_ptr<Loaded> Loaded::open(const std::string& spec, const std::string& variant,
                                     const lua::Limits& limits) {
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
           Mode mode, CallProfile* profile)
    : loaded_(std::move(loaded)), options_(std::move(options)), mode_(mode) {
  bool lean = mode == Mode::Lean;
  state_ = loaded_->new_state(players, seed, options_, {!lean, !lean, !lean}, false);
  state_->set_profile(profile);
  state_->match().setup();
}

void Game::restart(uint64_t seed) {
  log_.clear();
  state_->match().reset(seed);
  state_->match().setup();
}

Game::~Game() {
  log_.clear();  // marks live in the VM: free them before the game
  state_.reset();
}

std::vector<std::vector<bool>> Game::seen_now() {
  const auto& t = state_->table();
  std::vector<std::vector<bool>> seen(players() + 1, std::vector<bool>(t.ncards() + 1));
  for (int p = 1; p <= players(); ++p)
    for (int c = 1; c <= t.ncards(); ++c) seen[p][c] = t.knows(p, c);
  return seen;
}

void Game::apply(int i) {
  auto_moves_ = 0;
  apply_one(i, false);
  play_forced();
}

void Game::set_auto_seats(uint32_t seats) {
  auto_seats_ = seats;
  auto_moves_ = 0;
  play_forced();
}

int Game::auto_action() {
  for (int i = 0, n = action_count(); i < n; ++i) {
    auto fields = state_->action_fields(i);
    auto f = fields.find("auto");
    if (f == fields.end() || !f->is_boolean() || !f->get<bool>()) continue;
    if (!action(i).risky) return i;  // a move that can cost the game is always asked
  }
  return -1;
}

// A ruleset whose forced moves never end would hang the face: past this
// many in a row the player is asked again.
constexpr int kMostForcedMoves = 10000;

void Game::play_forced() {
  if (auto_seats_ == 0) return;  // batch games: nobody's moves are played for them
  for (int n = 0; n < kMostForcedMoves; ++n) {
    int a = actor();
    if (a == 0 || !((auto_seats_ >> a) & 1u)) return;
    int i = auto_action();
    if (i < 0) return;
    apply_one(i, true);
    ++auto_moves_;
  }
}

void Game::apply_one(int i, bool forced) {
  if (mode_ == Mode::Lean) {
    state_->apply(i);
    return;
  }
  Step step;
  step.record.actor = state_->actor();
  step.record.action = state_->action_fields(i);
  step.record.label = state_->action(i).label;
  step.forced = forced;
  std::vector<std::vector<bool>> before;
  std::pair<uint64_t, uint64_t> rng_before;
  if (mode_ == Mode::Interactive) {
    step.before = std::make_unique<Mark>(state_->mark());
    before = seen_now();
    rng_before = state_->rng_position();
  }
  size_t lines = public_lines(*state_);
  state_->apply(i);
  // Every face reads the same log: a move the rules did not log for
  // everyone (nothing, or only lines private to a seat) is logged here.
  if (state_->logging() && public_lines(*state_) == lines && !step.record.label.empty())
    state_->add_log("Player " + std::to_string(step.record.actor) + ": " + step.record.label);
  step.record.hash = state_->hash();
  if (mode_ == Mode::Interactive) {
    auto after = seen_now();
    for (int p = 1; p <= players(); ++p)
      for (size_t c = 1; c < after[p].size(); ++c)
        if (after[p][c] && !before[p][c]) step.revealed |= 1u << p;
    step.drew = state_->rng_position() != rng_before;
  }
  log_.push_back(std::move(step));
}

std::string Game::why_no_undo(int player) const {
  if (mode_ != Mode::Interactive) return "undo is only kept in interactive games";
  for (size_t k = log_.size(); k-- > 0;) {
    if (log_[k].revealed & (1u << player))
      return "cannot undo: \"" + log_[k].record.label + "\" showed you a card";
    if (log_[k].record.actor == player && !log_[k].forced) return {};
  }
  return "nothing of yours to undo";
}

std::string Game::why_no_shared_undo(int player) const {
  std::string why = why_no_undo(player);
  if (!why.empty()) return why;
  for (size_t k = log_.size(); k-- > 0;) {
    if (log_[k].revealed) return "cannot undo: \"" + log_[k].record.label + "\" showed a card";
    if (log_[k].drew) return "cannot undo: \"" + log_[k].record.label + "\" drew at random";
    if (log_[k].record.actor == player && !log_[k].forced) return {};
  }
  return {};
}

void Game::undo(int player) {
  std::string why = why_no_undo(player);
  if (!why.empty()) throw std::runtime_error(why);
  size_t k = log_.size();
  while (k-- > 0 && (log_[k].record.actor != player || log_[k].forced)) {
  }
  state_->restore(*log_[k].before);
  log_.resize(k);
}

core::Replay Game::replay() const {
  core::Replay r;
  r.header.ruleset = loaded_->meta().id;
  if (const auto* var = loaded_->variant()) r.header.variant = var->file.stem().string();
  r.header.options = core::to_json(options_);
  r.header.seed = state_->seed();
  r.header.players = state_->players();
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
      int i = g->state().find_action(s.action);
      if (i < 0) return Divergence{n, at + " is no longer legal"};
      g->apply(i);
      if (g->state().hash() != s.hash) return Divergence{n, at + ": the state after it changed"};
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
      int i = g->state().find_action(s.action);
      if (i < 0) return Divergence{n, at + " is no longer legal"};
      g->apply(i);
      if (!changed && g->state().hash() != s.hash)
        changed = Divergence{n, "the new rules change the game from " + at, true};
    } catch (const std::exception& e) {
      return Divergence{n, at + ": " + e.what()};
    }
  }
  // The same actions under the new rules: take the old game's place
  // (forced moves stay forced, for undo).
  for (size_t k = 0; k < g->log_.size() && k < log_.size(); ++k) g->log_[k].forced = log_[k].forced;
  log_ = std::move(g->log_);
  state_ = std::move(g->state_);
  loaded_ = std::move(fresh);
  g->loaded_.reset();
  return changed;
}

}  // namespace ratify::engine
