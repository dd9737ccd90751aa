#include "gui/session.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "engine/catalog.hpp"

namespace ratify::gui {

namespace {

std::string plural(size_t n, const std::string& one) {
  return std::to_string(n) + " " + one + (n == 1 ? "" : "s");
}

// What the table shows that the rules decide without changing the state's
// hash: card definitions, zone labels, the players' status lines (totals
// computed from the cards), the result, a human actor's action labels. A
// reload compares it before and after, so its notice can say what changed.
struct Picture {
  std::vector<core::CardDef> defs;
  std::vector<std::pair<std::string, std::string>> zones;  // name, label
  std::vector<std::vector<std::string>> status;            // per player
  std::vector<std::string> actions;
  std::string result;
};

Picture picture_of(engine::Game& g, bool with_actions) {
  Picture p;
  const auto& table = g.state().table();
  p.defs = table.defs();
  for (const auto& z : table.zones())
    if (z.kind != "box") p.zones.emplace_back(z.name, z.label);
  try {
    for (int k = 1; k <= g.players(); ++k) p.status.push_back(g.state().status(k));
    if (g.actor() == 0) {
      if (auto r = g.result()) p.result = r->text;
    } else if (with_actions) {
      for (int i = 0, n = g.action_count(); i < n; ++i) p.actions.push_back(g.action(i).label);
    }
  } catch (const std::exception&) {
    // The rules fail here: the window's banner says so.
  }
  return p;
}

// At most `max` bytes of `s`, cut at a character's start, with an ellipsis.
std::string cut(const std::string& s, size_t max) {
  if (s.size() <= max) return s;
  while (max > 0 && (static_cast<unsigned char>(s[max]) & 0xC0) == 0x80) --max;
  return s.substr(0, max) + "\u2026";
}

std::string in_quotes(const std::string& s) {
  return "\u201c" + s + "\u201d";
}

std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// `“before” → “after”`: whole when short; else the words that differ with
// a word of context each side, an ellipsis for what the two share
// ("+4 Electability / -3 Affiliation" → "+6 ...": “+4 Electability…” →
// “+6 Electability…”), each side at most about 40 bytes.
std::string arrow(std::string a, std::string b) {
  for (auto* s : {&a, &b})
    for (size_t k; (k = s->find('\n')) != std::string::npos;) s->replace(k, 1, " / ");
  if (a.size() <= 24 && b.size() <= 24) return in_quotes(a) + " \u2192 " + in_quotes(b);
  auto wa = words(a), wb = words(b);
  size_t pre = 0, suf = 0;
  while (pre < wa.size() && pre < wb.size() && wa[pre] == wb[pre]) ++pre;
  while (suf < wa.size() - pre && suf < wb.size() - pre &&
         wa[wa.size() - 1 - suf] == wb[wb.size() - 1 - suf])
    ++suf;
  size_t from = pre ? pre - 1 : 0;  // a word before the change, for context
  auto side = [&](const std::vector<std::string>& w) {
    size_t to = std::min(w.size(), w.size() - suf + 1);  // and a word after it
    std::string mid;
    for (size_t k = from; k < to; ++k) mid += (k > from ? " " : "") + w[k];
    return in_quotes((from ? "\u2026" : "") + cut(mid, 40) + (to < w.size() ? "\u2026" : ""));
  };
  return side(wa) + " \u2192 " + side(wb);
}

// What differs: the cards (the designer's edit), then the rest of the table
// (its consequences: totals, labels, the result).
struct Changes {
  std::vector<std::string> cards, table;
};

Changes differences(const Picture& a, const Picture& b) {
  Changes c;
  auto& out = c.cards;
  auto key = [](const core::CardDef& d) { return d.id.empty() ? d.name : d.id; };
  std::map<std::string, const core::CardDef*> after;
  for (const auto& d : b.defs) after[key(d)] = &d;
  std::set<std::string> seen;
  for (const auto& d : a.defs) {
    if (!seen.insert(key(d)).second) continue;
    auto it = after.find(key(d));
    if (it == after.end()) {
      out.push_back("card " + in_quotes(d.name) + " removed");
      continue;
    }
    const core::CardDef& n = *it->second;
    if (d.name != n.name)
      out.push_back("card " + in_quotes(d.name) + " is now " + in_quotes(n.name));
    auto field = [&](const char* what, const std::string& x, const std::string& y) {
      if (x != y) out.push_back(n.name + ": " + what + arrow(x, y));
    };
    field("", d.text, n.text);
    field("corner ", d.short_label, n.short_label);
    field("kind ", d.kind, n.kind);
    field("suit ", d.suit, n.suit);
    field("colour ", d.color, n.color);
    field("quote ", d.quote, n.quote);
    auto num = [](const std::optional<double>& r) {
      if (!r) return std::string("none");
      std::ostringstream s;
      s << *r;
      return s.str();
    };
    if (d.rank != n.rank)
      out.push_back(n.name + ": rank " + num(d.rank) + " \u2192 " + num(n.rank));
    if (d.count != n.count)
      out.push_back(n.name + ": " + plural(d.count, "copy") + " \u2192 " + std::to_string(n.count));
  }
  std::set<std::string> before_keys;
  for (const auto& d : a.defs) before_keys.insert(key(d));
  for (const auto& d : b.defs)
    if (!before_keys.count(key(d)) && seen.insert(key(d)).second)
      out.push_back("new card " + in_quotes(d.name));
  auto& table = c.table;
  std::map<std::string, std::string> labels(b.zones.begin(), b.zones.end());
  for (const auto& [name, label] : a.zones) {
    auto it = labels.find(name);
    if (it != labels.end() && it->second != label)
      table.push_back("zone " + name + ": " + arrow(label, it->second));
  }
  for (size_t p = 0; p < a.status.size() && p < b.status.size(); ++p) {
    const auto &x = a.status[p], &y = b.status[p];
    if (x == y) continue;
    std::string who = "Player " + std::to_string(p + 1) + ": ";
    if (x.size() == y.size()) {
      for (size_t k = 0; k < x.size(); ++k)
        if (x[k] != y[k]) table.push_back(who + arrow(x[k], y[k]));
    } else {
      auto join = [](const std::vector<std::string>& v) {
        std::string s;
        for (const auto& l : v) s += (s.empty() ? "" : " / ") + l;
        return s;
      };
      table.push_back(who + arrow(join(x), join(y)));
    }
  }
  if (a.result != b.result) table.push_back("result: " + arrow(a.result, b.result));
  if (!a.actions.empty() && !b.actions.empty()) {
    if (a.actions.size() != b.actions.size())
      table.push_back("your actions: " + std::to_string(a.actions.size()) + " \u2192 " +
                      std::to_string(b.actions.size()));
    else
      for (size_t k = 0; k < a.actions.size(); ++k)
        if (a.actions[k] != b.actions[k])
          table.push_back("action " + std::to_string(k + 1) + ": " +
                          arrow(a.actions[k], b.actions[k]));
  }
  return c;
}

// A few changes, one a line, cards and the rest both named when both
// changed, and how many more.
std::string summary(const Changes& c, size_t max) {
  size_t cards = std::min(c.cards.size(), c.table.empty() ? max : max - 1);
  size_t rest = std::min(c.table.size(), max - cards);
  std::vector<std::string> shown(c.cards.begin(), c.cards.begin() + cards);
  shown.insert(shown.end(), c.table.begin(), c.table.begin() + rest);
  std::string s;
  for (size_t k = 0; k < shown.size(); ++k) s += (k ? "\n" : "") + shown[k];
  size_t more = c.cards.size() + c.table.size() - shown.size();
  if (more) s += " \u00b7 and " + std::to_string(more) + " more";
  return s;
}

}  // namespace

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
  if (seat == "human") return s.humans() == 1 ? "you" : "human";
  return seat == "bot" ? "bot" : seat + " bot";
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
  return static_cast<int>(std::count(settings_.seats.begin(), settings_.seats.end(), "human"));
}

void Session::refresh() {
  if (cached_ == version_) return;
  cached_ = version_;
  actions_.clear();
  result_.reset();
  error_.clear();
  actor_ = 0;
  try {
    actor_ = game_->actor();
    if (actor_ == 0) {
      result_ = game_->result();
      return;
    }
    int n = game_->action_count();
    for (int i = 0; i < n; ++i) actions_.push_back(game_->action(i));
    if (n == 0)
      error_ = "player " + std::to_string(actor_) + " has no legal action (a bug in the rules)";
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
  Picture before = picture_of(*game_, human(actor));
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
  Changes changes = differences(before, picture_of(*game_, now == actor && human(actor)));
  r.changes = changes.cards;
  r.changes.insert(r.changes.end(), changes.table.begin(), changes.table.end());
  r.kind = d ? ReloadReport::Changed : ReloadReport::Adopted;
  r.message = plural(r.replayed, "action") + " replayed";
  if (d)
    r.message += "; " + d->message;  // "the new rules change the game from action 4 (...)"
  else if (r.changes.empty())
    r.message += ", nothing on the table changed";
  if (!r.changes.empty()) r.message += "\n" + summary(changes, 3);
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
  return s;
}

bool Session::in_progress() {
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
