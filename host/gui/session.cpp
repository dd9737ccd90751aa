#include "gui/session.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/words.hpp"
#include "engine/catalog.hpp"
#include "engine/reload_changes.hpp"

namespace ratify::gui {

std::vector<std::string> fill_seats(std::vector<std::string> given, int players,
                                    const engine::RulesetMeta* meta) {
  if (given.empty()) given.push_back("human");
  while (static_cast<int>(given.size()) < players) given.push_back("bot");
  if (static_cast<int>(given.size()) != players)
    throw engine::InputError("--seats names " + std::to_string(given.size()) + " seats for " +
                             std::to_string(players) + " players");
  for (const auto& s : given) {
    if (s == "human") continue;
    try {
      if (meta)
        bots::make_bot(bot_of_seat(s, true, meta->search), *meta);
      else
        bots::make_bot(bot_of_seat(s, true), true);
    } catch (const std::invalid_argument& e) {
      throw engine::InputError("seat '" + s + "': " + e.what() +
                               "; seats: human, easy, normal, hard, or a bot");
    }
  }
  return given;
}

std::string seat_text(const Session& s, int p) {
  const std::string& seat = s.seat(p);
  if (seat == "human") return s.human(p) && s.humans() == 1 ? "you" : "human";
  return seat == "bot" ? "bot" : seat + " bot";
}

std::string remote_waiting(Session& s) {
  int a = s.actor();
  std::string who = "Player " + std::to_string(a);
  if (s.result()) return "R shows the result.";
  if (!a) return "";
  return s.seat(a) == "human" ? "Waiting for " + who + " to choose."
                              : who + "'s bot moves on the server.";
}

std::string bot_of_seat(const std::string& seat, bool has_heuristic, const std::string& search) {
  // A heuristic seat whose ruleset lost its heuristic (hot reload) plays
  // at random rather than stopping the game.
  if (seat == "heuristic" && !has_heuristic) return "random";
  return bots::bot_for_seat(seat, has_heuristic, search);
}

int choose_players(int asked, size_t seats, const engine::RulesetMeta& meta) {
  int p = asked       ? asked
          : seats > 0 ? std::max(meta.min_players, static_cast<int>(seats))
                      : std::clamp(2, meta.min_players, meta.max_players);
  if (p < meta.min_players || p > meta.max_players)
    throw engine::InputError(meta.id + " is for " + std::to_string(meta.min_players) + " to " +
                             std::to_string(meta.max_players) + " players, not " +
                             std::to_string(p));
  return p;
}

Session::Session(GameSettings s) : Session(std::move(s), nullptr) {}

Session::Session(GameSettings s, std::unique_ptr<engine::Game> game) : settings_(std::move(s)) {
  settings_.seats = fill_seats(settings_.seats, settings_.players, &settings_.loaded->meta());
  game_ = game ? std::move(game)
               : std::make_unique<engine::Game>(settings_.loaded, settings_.players, settings_.seed,
                                                settings_.options, engine::Mode::Interactive);
  game_->set_seats(settings_.seats);
  for (int p = 1; p <= players(); ++p)
    rngs_.emplace_back(core::mix_seed(settings_.seed, 1000 + static_cast<uint64_t>(p)));
  make_bots();
  watch_files();
  set_auto_moves(settings_.auto_moves);
}

Session::Session(std::shared_ptr<Remote> remote) : remote_(std::move(remote)) {
  const RemoteGame& g = remote_->game();
  settings_.players = g.players;
  settings_.seats = g.seats;
  settings_.seats.resize(static_cast<size_t>(std::max(0, g.players)), "human");
  remote_meta_.id = g.id;
  remote_meta_.name = g.name;
  remote_meta_.dir = g.image_dir;
  remote_meta_.layout = g.layout;
  remote_meta_.min_players = remote_meta_.max_players = g.players;
}

RemoteNews Session::poll_remote() {
  RemoteNews news = remote_->poll();
  connected_ = news.connected;
  if (news.view) {
    remote_view_ = *news.view;
    remote_seq_ = news.seq;
    acted_ = false;
    ++version_;
  }
  return news;
}

const engine::RulesetMeta& Session::meta() const {
  return remote_ ? remote_meta_ : settings_.loaded->meta();
}

std::string Session::variant_name() const {
  if (remote_) return remote_->game().variant;
  const auto* v = settings_.loaded->variant();
  return v ? v->name : "";
}

const std::vector<core::CardDef>& Session::card_defs() const {
  return remote_ ? remote_->game().cards : game_->state().card_defs();
}

engine::View Session::view(int seat) {
  return remote_ ? remote_view_ : game_->view(seat);
}

void Session::set_auto_moves(bool on) {
  settings_.auto_moves = on;
  uint32_t seats = 0;
  for (int p = 1; p <= players(); ++p)
    if (on && human(p)) seats |= 1u << p;
  game_->set_auto_seats(seats);
  ++version_;
}

void Session::make_bots() {
  bots_.clear();
  bool heuristic = settings_.loaded->meta().has_heuristic;
  for (int p = 1; p <= players(); ++p) {
    const std::string& s = seat(p);
    bots_.push_back(s == "human"
                        ? nullptr
                        : bots::make_bot(bot_of_seat(s, heuristic, settings_.loaded->meta().search),
                                         settings_.loaded->meta()));
  }
}

void Session::watch_files() {
  const auto& where = settings_.loaded->where();
  std::vector<std::filesystem::path> extra;
  if (!where.variant.empty()) extra.push_back(where.variant);
  // Shared scripts (`require "ratify.x"`) are part of the rules too.
  watch_.watch({where.dir, engine::scripts_dir() / "ratify"}, extra);
}

int Session::humans() const {
  if (remote_) return remote_seat() > 0 ? 1 : 0;
  return static_cast<int>(std::count(settings_.seats.begin(), settings_.seats.end(), "human"));
}

void Session::refresh() {
  if (cached_ == version_) return;
  cached_ = version_;
  actions_.clear();
  result_.reset();
  error_.clear();
  actor_ = 0;
  if (remote_) {
    actor_ = remote_view_.actor;
    result_ = remote_view_.result;
    for (const auto& a : remote_view_.actions) actions_.push_back(a.action);
    return;
  }
  try {
    actor_ = game_->actor();
    if (actor_ == 0) {
      result_ = game_->result();
      return;
    }
    int n = game_->action_count();
    for (int i = 0; i < n; ++i) actions_.push_back(game_->action(i));
    if (n == 0)
      error_ = "Player " + std::to_string(actor_) + " has no legal action (a bug in the rules)";
  } catch (const std::exception& e) {
    error_ = e.what();
    actions_.clear();
  }
}

int Session::actor() {
  refresh();
  return error_.empty() ? actor_ : 0;
}

const std::vector<engine::Action>& Session::actions() {
  refresh();
  return actions_;
}

const std::optional<engine::Result>& Session::result() {
  refresh();
  return result_;
}

const std::string& Session::error() {
  refresh();
  return error_;
}

std::string Session::apply(int i) {
  refresh();
  if (remote_) {
    // The server carries it out and sends the next view; until then a
    // second click would only be refused as stale.
    bool offered = false;
    for (const auto& a : remote_view_.actions) offered |= a.index == i;
    if (!offered) return "no action " + std::to_string(i + 1);
    if (!acted_) remote_->act(i, remote_seq_);
    acted_ = true;
    return {};
  }
  if (i < 0 || i >= static_cast<int>(actions_.size())) return "no action " + std::to_string(i + 1);
  try {
    game_->apply(i);
  } catch (const std::exception& e) {
    return e.what();
  }
  ++version_;
  return {};
}

std::string Session::bot_move() {
  int p = actor();
  if (p == 0 || human(p)) return {};
  int i = bots_[p - 1]->choose(*game_, rngs_[p - 1]);
  std::string label = actions_.at(i).label;
  std::string err = apply(i);
  if (!err.empty()) throw engine::ScriptError(err);
  return label;
}

bool Session::slow_bot(int p) const {
  if (p < 1 || p > players() || seat(p) == "human") return false;
  return bot_of_seat(seat(p), true).rfind("mcts", 0) == 0;
}

// The bot thinks in a VM of its own on a copy of the game (saved and
// loaded), so the window keeps drawing from the real one meanwhile; its
// choice comes back as the action's fields.
void Session::start_thinking() {
  int p = actor();
  if (thought_ || p == 0 || human(p)) return;
  auto t = std::make_unique<Thought>();
  t->version = version_;
  t->player = p;
  t->rng = rngs_[p - 1];
  nlohmann::json save = game_->state().save(false);
  const auto& meta = settings_.loaded->meta();
  std::string spec = bot_of_seat(seat(p), meta.has_heuristic, meta.search);
  if (!thinker_)
    thinker_ = engine::Loaded::open(settings_.loaded->spec(), settings_.loaded->variant_spec());
  Thought* out = t.get();
  auto loaded = thinker_;
  int n = players();
  uint64_t seed = settings_.seed;
  auto options = settings_.options;
  t->worker = std::thread([out, loaded, save, spec, n, seed, options] {
    try {
      engine::Game copy(loaded, n, seed, options, engine::Mode::Lean);
      copy.state().load(save);
      auto bot = bots::make_bot(spec, loaded->meta());
      int i = bot->choose(copy, out->rng);
      out->action = copy.state().action_fields(i);
    } catch (const std::exception& e) {
      out->error = e.what();
    }
    out->done = true;
  });
  thought_ = std::move(t);
}

std::optional<std::string> Session::finish_thinking() {
  if (!thought_ || !thought_->done) return std::nullopt;
  thought_->worker.join();
  auto t = std::move(thought_);
  if (t->version != version_) return std::nullopt;  // undone, reloaded: think again
  if (!t->error.empty()) throw engine::ScriptError(t->error);
  int i = game_->state().find_action(t->action);
  if (i < 0) throw engine::ScriptError("the bot chose an action the game does not offer");
  rngs_[t->player - 1] = t->rng;
  refresh();
  std::string label = actions_.at(i).label;
  std::string err = apply(i);
  if (!err.empty()) throw engine::ScriptError(err);
  return label;
}

Session::~Session() {
  if (thought_ && thought_->worker.joinable()) thought_->worker.join();
}

std::string Session::why_no_undo(int player) {
  if (!human(player)) return "only a human seat can undo";
  std::string why = game_->why_no_undo(player);
  if (!why.empty()) return why;
  auto steps = game_->replay().steps;
  for (size_t k = steps.size(); k-- > 0;) {
    if (steps[k].actor == player) break;
    if (human(steps[k].actor))
      return "cannot undo: Player " + std::to_string(steps[k].actor) + " has moved since";
  }
  return {};
}

void Session::undo(int player) {
  std::string why = why_no_undo(player);
  if (!why.empty()) throw std::runtime_error(why);
  game_->undo(player);
  ++version_;
}

ReloadReport Session::poll_reload(uint64_t now_ms) {
  if (!watch_.poll(now_ms)) return {};
  return reload_now(watch_.take_changed());
}

ReloadReport Session::reload_now(std::vector<std::string> files) {
  ReloadReport r;
  r.files = std::move(files);
  std::shared_ptr<engine::Loaded> fresh;
  try {
    const auto& old = *settings_.loaded;
    fresh = engine::Loaded::open(old.spec(), old.variant_spec());
  } catch (const std::exception& e) {
    r.kind = ReloadReport::Failed;
    r.message = e.what();
    return r;
  }
  int actor = 0;
  try {
    actor = game_->actor();
  } catch (const std::exception&) {
  }
  engine::Picture before = engine::picture_of(*game_, human(actor));
  r.replayed = game_->steps();
  auto d = game_->reload(fresh);
  if (d && !d->adopted) {
    r.kind = ReloadReport::Refused;
    r.message = d->message;
    return r;
  }
  settings_.loaded = fresh;
  thinker_.reset();  // the next thought loads the new rules
  make_bots();
  ++version_;
  ++reloads_;
  int now = 0;
  try {
    now = game_->actor();
  } catch (const std::exception&) {
  }
  engine::Changes changes =
      engine::differences(before, engine::picture_of(*game_, now == actor && human(actor)));
  r.changes = changes.cards;
  r.changes.insert(r.changes.end(), changes.table.begin(), changes.table.end());
  r.kind = d ? ReloadReport::Changed : ReloadReport::Adopted;
  r.message = core::plural(r.replayed, "action") + " replayed";
  if (d)
    r.message += "; " + d->message;  // "the new rules change the game from action 4 (...)"
  else if (r.changes.empty())
    r.message += ", nothing on the table changed";
  if (!r.changes.empty()) r.message += "\n" + engine::summary(changes, 3);
  return r;
}

GameSettings Session::next_game(uint64_t seed) const {
  const auto& old = *settings_.loaded;
  GameSettings s;
  s.loaded = engine::Loaded::open(old.spec(), old.variant_spec());
  const auto& meta = s.loaded->meta();
  // The options as the rules (and variant) now set them, with what was
  // chosen for this game on top where the rules still take it.
  core::OptionValues baseline = old.options({}), chosen;
  for (const auto& [name, value] : settings_.options) {
    auto was = baseline.find(name);
    if (was != baseline.end() && was->second == value) continue;
    try {
      chosen[name] = core::check_value(name, value, meta.options);
    } catch (const core::OptionError&) {
    }
  }
  s.options = s.loaded->options({});
  for (const auto& [name, value] : chosen) s.options[name] = value;
  s.players = settings_.players;
  if (!meta.allows(s.players))
    throw engine::InputError(meta.id + " is now for " + std::to_string(meta.min_players) + " to " +
                             std::to_string(meta.max_players) + " players, not " +
                             std::to_string(s.players) + ": choose in the options screen (O)");
  s.seats = fill_seats(settings_.seats, s.players, &meta);
  s.seed = seed;
  s.auto_moves = settings_.auto_moves;
  return s;
}

bool Session::in_progress() {
  if (remote_) return false;  // the server keeps the game
  return game_->steps() > 0 && !result().has_value();
}

std::string Session::save(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  bool ours = !save_file_.empty() && fs::exists(save_file_, ec) &&
              fs::equivalent(fs::path(save_file_).parent_path(), dir, ec);
  if (!ours) save_file_ = engine::new_save_path(dir, *game_);
  engine::write_save(save_file_, *game_);
  return save_file_;
}

bool Session::remove_save(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (save_file_.empty() || !fs::exists(save_file_, ec) ||
      !fs::equivalent(fs::path(save_file_).parent_path(), dir, ec))
    return false;
  return fs::remove(save_file_, ec);
}

std::unique_ptr<Session> Session::resume(const engine::SavedGame& save, std::string& report) {
  auto loaded = engine::open_rules(save);
  auto r = engine::resume_game(loaded, save, engine::Mode::Interactive);
  GameSettings s;
  s.loaded = loaded;
  s.options = r.game->options();
  s.players = r.game->players();
  s.seats = save.replay.header.seats;
  s.seed = save.replay.header.seed;
  report = r.report();
  std::unique_ptr<Session> out(new Session(std::move(s), std::move(r.game)));
  out->save_file_ = save.file;
  return out;
}

}  // namespace ratify::gui
