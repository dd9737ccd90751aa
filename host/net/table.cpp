// A game on the server (Table): its start or resumption from the journal,
// its seats, the actions of people, bots and the clock, undo, the views
// sent, and its end.
#include <cstdio>

#include "core/replay.hpp"
#include "net/hub.hpp"

namespace ratify::net {

namespace {

// The variant the rules were loaded with, by name, however it was given
// ("article2/quick" or "article2" and "quick"): what a client that
// searches opens the same rules with.
std::string variant_name(const engine::Loaded& loaded) {
  const auto& file = loaded.where().variant;
  return file.empty() ? std::string() : file.stem().string();
}

nlohmann::json result_json(const engine::Result& r) {
  return {{"winners", r.winners}, {"scores", r.scores}, {"text", r.text}};
}

}  // namespace

Table::Table(Hub& h, std::string game_id, std::shared_ptr<engine::Loaded> l, ServerOptions o,
             std::string creator_address)
    : hub(h),
      id(std::move(game_id)),
      loaded(std::move(l)),
      opts(std::move(o)),
      creator(std::move(creator_address)),
      linger(h.io),
      clock(h.io) {
  if (!opts.data_dir.empty()) {
    namespace fs = std::filesystem;
    fs::create_directories(opts.data_dir);
    // The journal holds the seed and the tokens: for the host's eyes only.
    fs::permissions(opts.data_dir, fs::perms::owner_all, fs::perm_options::replace);
    journal = fs::path(opts.data_dir) / "journal.jsonl";
    secrets = fs::path(opts.data_dir) / "secrets.json";
  }
  if (!resume_game()) start_game();
  play_forced_moves();
  int players = game->players();
  seat_session.resize(static_cast<size_t>(players));
  for (int p = 0; p < players; ++p) {
    const auto& spec = opts.seats[static_cast<size_t>(p)];
    bots.push_back(spec == "human" ? nullptr : bots::make_bot(spec, loaded->meta()));
    rngs.emplace_back(core::mix_seed(opts.seed, 1000 + static_cast<uint64_t>(p)));
  }
  if (opts.takeover_seconds > 0 || opts.clock_seconds > 0)
    stand_in = bots::make_bot(opts.takeover_bot, loaded->meta());
  // Once per loaded rules: a lobby makes many games of them.
  std::string& hash = hub.rules_hashes[loaded.get()];
  if (hash.empty()) hash = ruleset_hash(loaded->where().dir, loaded->where().variant);
  rules_hash = hash;
}

void Table::start_game() {
  int players = static_cast<int>(opts.seats.size());
  game = std::make_unique<engine::Game>(loaded, players, opts.seed, opts.options, mode());
  game->set_seats(opts.seats);
  for (const auto& spec : opts.seats) tokens.push_back(spec == "human" ? random_hex() : "");
  // `serve RULESET` prints every seat's link at once: all handed out.
  claimed.assign(tokens.size(), hub.one_game);
  nonce = random_hex();
  commit = seed_commitment(opts.seed, nonce);
  if (journal.empty()) return;
  save_secrets();
  core::write_file(journal.string(), network_replay(game->replay(), commit));
}

void Table::save_secrets() {
  if (secrets.empty()) return;
  core::write_file(
      secrets.string(),
      nlohmann::json{{"tokens", tokens}, {"nonce", nonce}, {"claimed", claimed}}.dump());
}

// The game of the journal, its actions carried out again: the rules are
// deterministic from the seed, so the state is the one the server had.
bool Table::resume_game() {
  if (journal.empty() || !std::filesystem::exists(journal) || !std::filesystem::exists(secrets))
    return false;
  core::Replay r = core::read_replay(journal.string());
  std::ifstream in(secrets, std::ios::binary);
  auto keys = nlohmann::json::parse(in);
  tokens = keys.at("tokens").get<std::vector<std::string>>();
  nonce = keys.at("nonce").get<std::string>();
  claimed.assign(tokens.size(), true);  // a journal from before the lobby: all handed out
  if (keys.contains("claimed")) claimed = keys["claimed"].get<std::vector<bool>>();
  if (r.header.ruleset != loaded->meta().id)
    throw std::runtime_error(journal.string() + " is a game of " + r.header.ruleset + ", not " +
                             loaded->meta().id);
  game = engine::game_from_replay_header(loaded, r.header, mode());
  opts.seats = r.header.seats;
  opts.seed = r.header.seed;
  commit = seed_commitment(opts.seed, nonce);
  for (const auto& step : r.steps) {
    int i = game->state().find_action(step.action);
    if (i < 0 || game->actor() != step.actor)
      throw std::runtime_error(journal.string() + ": action " + std::to_string(seq + 1) +
                               " is not legal now (did the rules change?)");
    game->apply(i);
    ++seq;
  }
  resumed = static_cast<int>(seq);
  return true;
}

// A game of bots alone plays at once; the clock and the stand-in start.
void Table::begin() {
  asio::post(hub.io, [self = shared_from_this()] {
    self->guarded([&] {
      if (self->game->actor() == 0) return self->finish();
      self->maybe_take_over();
      self->start_clock();
      self->bot_moves();
    });
  });
}

// An action carried out and journaled before anyone hears of it.
// The forced moves that follow (the engine plays them for the human
// seats) are actions too, each journaled.
void Table::carry_out(int i) {
  if (undo_asked) undo_lapses("the game moved on");
  size_t steps = game->steps();
  game->apply(i);
  journal_since(steps);
  after_change();
}

// The human seats get their forced moves played (docs/lua-api.md, `auto`),
// from the start or the resumed moment on.
void Table::play_forced_moves() {
  uint32_t humans = 0;
  for (size_t p = 0; p < opts.seats.size(); ++p)
    if (opts.seats[p] == "human") humans |= 1u << (p + 1);
  size_t steps = game->steps();
  game->set_auto_seats(humans);
  journal_since(steps);
}

void Table::journal_since(size_t steps) {
  for (size_t k = steps; k < game->steps(); ++k) {
    ++seq;
    journal_step(k);
  }
}

// The seat to act has a person who is not connected: after the timeout
// the stand-in bot moves for them, once per timeout, until they are back.
void Table::maybe_take_over() {
  if (!stand_in || opts.takeover_seconds <= 0 || over || closed) return;
  int actor = game->actor();
  if (actor == 0 || bots[static_cast<size_t>(actor - 1)] ||
      seat_session[static_cast<size_t>(actor - 1)].lock())
    return;
  auto timer = std::make_shared<asio::steady_timer>(
      hub.io, std::chrono::milliseconds(static_cast<int>(opts.takeover_seconds * 1000)));
  int64_t at = seq;
  timer->async_wait([self = shared_from_this(), timer, at, actor](beast::error_code ec) {
    if (ec || self->over || self->closed || self->seq != at || self->game->actor() != actor ||
        self->seat_session[static_cast<size_t>(actor - 1)].lock())
      return;
    self->guarded([&] {
      self->carry_out(
          self->stand_in->choose(*self->game, self->rngs[static_cast<size_t>(actor - 1)]));
    });
  });
}

// The turn clock: a person to act has clock_seconds for each move, then
// the stand-in bot moves for them (this move only). Setting the timer
// again cancels the wait for the move before.
void Table::start_clock() {
  if (opts.clock_seconds <= 0 || over || closed) return;
  int actor = game->actor();
  if (actor == 0 || bots[static_cast<size_t>(actor - 1)]) return;
  clock.expires_after(std::chrono::milliseconds(static_cast<int>(opts.clock_seconds * 1000)));
  int64_t at = seq;
  clock.async_wait([self = shared_from_this(), at, actor](beast::error_code ec) {
    if (ec || self->over || self->closed || self->seq != at || self->game->actor() != actor) return;
    self->guarded([&] {
      self->carry_out(
          self->stand_in->choose(*self->game, self->rngs[static_cast<size_t>(actor - 1)]));
    });
  });
}

// Each line reaches the kernel (flushed) before anyone hears of its
// action, so a kill -9 loses none of it. The file stays open: opening and
// closing it for every action was a quarter of a journaled server's CPU.
void Table::journal_step(size_t k) {
  if (journal.empty()) return;
  if (!journal_out.is_open()) journal_out.open(journal, std::ios::binary | std::ios::app);
  journal_out << core::step_json(game->step(k)).dump() << "\n";
  journal_out.flush();
  if (!journal_out) throw std::runtime_error(journal.string() + ": write failed");
}

void Table::gone(Session* s) {
  for (auto it = sessions.begin(); it != sessions.end(); ++it)
    if (it->get() == s) {
      sessions.erase(it);
      break;
    }
  if (s->seat > 0 && seat_session[static_cast<size_t>(s->seat - 1)].lock().get() == s)
    seat_session[static_cast<size_t>(s->seat - 1)].reset();
  // A lobby keeps a game over for its linger: a client joining again gets the result.
  if (over && sessions.empty() && hub.one_game) return close();
  maybe_take_over();
}

void Table::seat_in(const std::shared_ptr<Session>& s, int seat) {
  if (seat > 0) {
    // A reconnect: the new connection takes the seat over.
    if (auto old = seat_session[static_cast<size_t>(seat - 1)].lock()) {
      old->send(error_message("replaced", "this seat was joined from another connection"));
      old->seat = -1;
      old->close_after_sending();
    }
    seat_session[static_cast<size_t>(seat - 1)] = s;
    claimed[static_cast<size_t>(seat - 1)] = true;  // whoever has the token holds the seat
  }
  s->seat = seat;
  s->table = shared_from_this();
  sessions.insert(s);
  s->send(welcome(seat));
  send_view(*s, true);
  if (!result_message.is_null()) s->send(result_message);  // joined again after the end
}

int Table::free_seat(int wanted) const {
  for (size_t p = 0; p < tokens.size(); ++p)
    if (!tokens[p].empty() && !claimed[p] && (wanted == 0 || wanted == static_cast<int>(p) + 1))
      return static_cast<int>(p) + 1;
  return 0;
}

std::string Table::seat_link(int seat) const {
  return net::seat_link(hub.host(), hub.acceptor.local_endpoint().port(), seat,
                        tokens[static_cast<size_t>(seat - 1)], hub.tls.has_value());
}

std::string Table::watch_link() const {
  return net::watch_link(hub.host(), hub.acceptor.local_endpoint().port(), hub.tls.has_value(),
                         hub.one_game ? "" : id);
}

nlohmann::json Table::listing() const {
  nlohmann::json free = nlohmann::json::array();
  for (size_t p = 0; p < tokens.size(); ++p)
    if (!tokens[p].empty() && !claimed[p]) free.push_back(p + 1);
  return {{"game", id},
          {"ruleset",
           {{"id", loaded->meta().id},
            {"name", loaded->meta().name},
            {"variant", variant_name(*loaded)}}},
          {"players", opts.seats.size()},
          {"seats", opts.seats},
          {"free", std::move(free)},
          {"seq", seq},
          {"watchers", opts.watchers},
          {"undo", opts.undo}};
}

nlohmann::json Table::welcome(int seat) const {
  auto j = message("welcome");
  j["seat"] = seat;
  j["game"] = id;
  j["players"] = game->players();
  j["seats"] = opts.seats;
  j["ruleset"] = {{"id", loaded->meta().id},
                  {"name", loaded->meta().name},
                  {"variant", variant_name(*loaded)},
                  {"hash", rules_hash}};
  // The game's settings, as public as its variant: a client that searches
  // makes its worlds with them (docs/network.md, "Bots as clients").
  j["options"] = core::to_json(game->options());
  // The card definitions are the ruleset's published card list: which
  // card lies where is what the views keep secret.
  nlohmann::json cards = nlohmann::json::array();
  for (const auto& d : loaded->card_defs())
    cards.push_back({{"id", d.id},
                     {"name", d.name},
                     {"short", d.short_label},
                     {"kind", d.kind},
                     {"text", d.text},
                     {"image", d.image},
                     // What a face looks like in the window (protocol.md).
                     {"suit", d.suit},
                     {"rank", d.rank ? nlohmann::json(*d.rank) : nlohmann::json()},
                     {"color", d.color},
                     {"quote", d.quote}});
  j["cards"] = std::move(cards);
  j["layout"] = loaded->meta().layout;  // the ruleset's hints for laying out a table
  j["commitment"] = commit;
  j["clock"] = opts.clock_seconds;
  j["undo"] = opts.undo;
  return j;
}

void Table::act(const std::shared_ptr<Session>& s, const Act& a) {
  auto resync = [&](const std::string& why) {
    auto j = message("resync");
    j["reason"] = why;
    j["seq"] = seq;
    s->send(j);
    send_view(*s, false);
  };
  if (s->seat == 0) return resync("a watcher does not act");
  if (over) return resync("the game is over");
  if (game->actor() != s->seat) return resync("it is not your turn");
  if (a.seq != seq) return resync("stale sequence number");
  if (a.id >= game->action_count()) return resync("unknown action id");
  s->refund();
  carry_out(static_cast<int>(a.id));
}

void Table::broadcast(const nlohmann::json& j) {
  for (const auto& s : sessions) s->send(j);
}

// A seat asks to take back its own last move: never across a card shown
// or a random draw (the engine tells), and only if every other person
// accepts (a bot accepts).
void Table::ask_undo(Session& s) {
  auto no = [&](const std::string& why) { s.send(error_message("no_undo", why)); };
  if (!opts.undo) return no("the host allows no undo in this game");
  if (s.seat <= 0) return no("a watcher does not undo");
  if (over) return no("the game is over");
  if (undo_asked) return no("an undo is already asked");
  std::string why = game->why_no_shared_undo(s.seat);
  if (!why.empty()) return no(why);
  undo_asked = UndoAsked{s.seat, 0};
  auto j = message("undo_asked");
  j["seat"] = s.seat;
  j["seq"] = seq;
  broadcast(j);
  answer_undo(s, true);  // the asker's own yes; done at once if nobody else need say
}

void Table::answer_undo(Session& s, bool accept) {
  if (!undo_asked || s.seat <= 0)
    return s.send(error_message("no_undo", "no undo is asked of you"));
  if (!accept) {
    auto j = message("undo_refused");
    j["seat"] = undo_asked->seat;
    j["by"] = s.seat;
    j["reason"] = "player " + std::to_string(s.seat) + " refused";
    undo_asked.reset();
    return broadcast(j);
  }
  undo_asked->accepted |= 1u << s.seat;
  for (int p = 1; p <= game->players(); ++p)
    if (!bots[static_cast<size_t>(p - 1)] && !(undo_asked->accepted & (1u << p))) return;
  int seat = undo_asked->seat;
  undo_asked.reset();
  game->undo(seat);
  seq = static_cast<int64_t>(game->steps());
  if (!journal.empty()) {
    // The journal is the game as it stands: written whole, then swapped in.
    journal_out.close();  // the next step appends to the file swapped in
    auto fresh = journal;
    fresh += ".new";
    core::write_file(fresh.string(), network_replay(game->replay(), commit));
    std::filesystem::rename(fresh, journal);
  }
  auto j = message("undone");
  j["seat"] = seat;
  j["seq"] = seq;
  broadcast(j);
  // Every view again, with the whole log: the undone lines are gone.
  for (const auto& other : sessions) send_view(*other, true);
  maybe_take_over();
  start_clock();
}

void Table::undo_lapses(const std::string& why) {
  auto j = message("undo_refused");
  j["seat"] = undo_asked->seat;
  j["by"] = 0;
  j["reason"] = why;
  undo_asked.reset();
  broadcast(j);
}

void Table::chat(const Chat& c, int from) {
  auto j = message("chat");
  j["from"] = from;
  j["text"] = c.text;
  for (const auto& other : sessions) other->send(j);
}

void Table::send_view(Session& s, bool whole_log) {
  send_view(s, game->view(s.seat), whole_log);
}

void Table::send_view(Session& s, engine::View v, bool whole_log) {
  size_t from = whole_log ? 0 : std::min(s.log_sent, v.log.size());
  s.log_sent = v.log.size();
  // The lines sent before are not written again for every view: that made
  // each view cost the length of the game so far.
  v.log.erase(v.log.begin(), v.log.begin() + static_cast<std::ptrdiff_t>(from));
  s.send_text(view_message(v, seq, from));
}

// Every connection's new view, made together: what all seats are shown
// alike is asked of the rules once (State::views).
void Table::after_change() {
  std::vector<int> seats;
  for (const auto& s : sessions) seats.push_back(s->seat);
  auto views = game->state().views(seats);
  size_t k = 0;
  for (const auto& s : sessions) send_view(*s, std::move(views[k++]), false);
  if (game->actor() == 0) return finish();
  maybe_take_over();
  start_clock();
  if (bots[static_cast<size_t>(game->actor() - 1)])
    asio::post(hub.io, [self = shared_from_this()] { self->guarded([&] { self->bot_moves(); }); });
}

// One bot move; the next, if a bot acts again, is posted after the views
// are sent, so the clients see every step (and the other games theirs).
void Table::bot_moves() {
  if (over || closed) return;
  int actor = game->actor();
  if (actor == 0 || !bots[static_cast<size_t>(actor - 1)]) return;
  carry_out(
      bots[static_cast<size_t>(actor - 1)]->choose(*game, rngs[static_cast<size_t>(actor - 1)]));
}

void Table::finish() {
  over = true;
  result = game->result();
  auto j = message("result");
  if (result) j["result"] = result_json(*result);
  j["seq"] = seq;
  // The reveal: anyone can check the commitment sent at the start.
  j["seed"] = std::to_string(opts.seed);
  j["nonce"] = nonce;
  j["commitment"] = commit;
  // The replay reveals the nonce too: `ratify replay` checks the seed.
  std::string replay = network_replay(game->replay(), commit, nonce);
  if (!opts.replay_file.empty()) core::write_file(opts.replay_file, replay);
  if (!journal.empty()) core::write_file((journal.parent_path() / "replay.jsonl").string(), replay);
  for (const auto& s : sessions) s->send(j);
  result_message = std::move(j);
  linger.expires_after(std::chrono::milliseconds(static_cast<int>(opts.linger_seconds * 1000)));
  linger.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (!ec) self->close();
  });
  if (sessions.empty() && hub.one_game) close();
}

void Table::fail(const std::string& why) {
  if (closed) return;
  failure = why;
  over = true;
  if (!hub.one_game)
    std::fprintf(stderr, "ratify serve: game %s stopped: the rules failed: %s\n", id.c_str(),
                 why.c_str());
  for (const auto& s : sessions) {
    s->send(error_message("rules_error", "the game stopped: the rules failed"));
    s->close_after_sending();
  }
  close();
}

// The game is done with: `serve RULESET` ends, a lobby lets it go (after
// this handler: callers still run on it).
void Table::close() {
  if (closed) return;
  closed = true;
  journal_out.close();
  linger.cancel();
  clock.cancel();
  if (hub.one_game) return hub.stop_all();
  for (const auto& s : sessions) s->drop();
  asio::post(hub.io, [self = shared_from_this()] {
    auto it = self->hub.tables.find(self->id);
    if (it != self->hub.tables.end() && it->second == self) self->hub.tables.erase(it);
  });
}

}  // namespace ratify::net
