#pragma once
// One game in the window, without any drawing: the engine's game, the
// seats (humans and bots), cached actions, undo with the hotseat rule, and
// hot reload of the ruleset's files; or, for `ratify join`, one seat of a
// game a server holds, shown from the views it sends. SDL-free.
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "bots/bots.hpp"
#include "engine/game.hpp"
#include "engine/saves.hpp"
#include "gui/remote.hpp"
#include "gui/watch.hpp"

namespace ratify::gui {

struct GameSettings {
  std::shared_ptr<engine::Loaded> loaded;
  core::OptionValues options;
  int players = 2;
  // One per player: human; easy, normal, hard; bot, random, heuristic, or
  // any bot spec (mcts:iters=2000).
  std::vector<std::string> seats;
  uint64_t seed = 1;
  // Forced moves the rules mark (`auto`) are played for the human seats
  // (Options: "Forced moves"); on by default.
  bool auto_moves = true;
};

// What a look at the ruleset's files found.
struct ReloadReport {
  enum Kind { None, Adopted, Changed, Refused, Failed } kind = None;
  // For people. Refused/Failed: the error with file:line. Adopted/Changed:
  // how many actions were replayed and where the game changed, then the
  // first few `changes`, one a line.
  std::string message;
  std::vector<std::string> files;  // the files that changed
  size_t replayed = 0;             // actions replayed under the new rules
  // Adopted/Changed: what the table shows differently under the new rules
  // (card definitions, zone labels, players' status lines, the result, a
  // human actor's action labels), one line each: `Tack Center: “+4
  // Electability” → “+5 Electability”`.
  std::vector<std::string> changes;
};

class Session {
 public:
  explicit Session(GameSettings s);
  // A seat of a game a server holds (gui/remote.hpp): no rules run here;
  // the views come from `remote`, the seat's choices go to it, and all
  // that needs the rules (bots, undo, reload, saves, new games) is off.
  explicit Session(std::shared_ptr<Remote> remote);
  ~Session();
  // Null when the game is played here.
  Remote* remote() const { return remote_.get(); }
  // Local games only (the rules are here).
  engine::Game& game() { return *game_; }
  const GameSettings& settings() const { return settings_; }
  engine::Loaded& loaded() { return *settings_.loaded; }
  // The ruleset's name, folder and layout hints; of a remote game, what
  // the server said of it.
  const engine::RulesetMeta& meta() const;
  std::string variant_name() const;
  const std::vector<core::CardDef>& card_defs() const;
  int players() const { return settings_.players; }
  const std::string& seat(int p) const { return settings_.seats.at(p - 1); }
  // Played by a person at this window (of a remote game: its own seat).
  bool human(int p) const {
    return p >= 1 && p <= players() && seat(p) == "human" && (!remote_ || p == remote_seat());
  }
  int humans() const;
  // What `seat` may know now; of a remote game, the newest view the
  // server sent, whichever seat is asked (it sends only its own).
  engine::View view(int seat);

  // A remote game: takes the server's news; call every frame.
  RemoteNews poll_remote();
  bool connected() const { return connected_; }
  // The newest view's sequence number (remote): the actions carried out.
  uint64_t seq() const { return remote_seq_; }
  // Bumps whenever the game changes (action, undo, reload): views and
  // layouts are cached on it.
  uint64_t version() const { return version_; }

  int actor();  // 0: over, or the rules failed (see error())
  const std::vector<engine::Action>& actions();
  const std::optional<engine::Result>& result();
  // The rules' failure in actor/actions/result, "" when all is well.
  const std::string& error();

  // Carries out action i; on a script error the game is unchanged and the
  // message (with file:line) is returned. "" on success.
  std::string apply(int i);
  // The actor's bot chooses and plays; returns its action's label.
  std::string bot_move();
  // Whether the actor's bot searches for a while (mcts): the window lets
  // it think on a thread of its own, with its own copy of the game.
  bool slow_bot(int p) const;
  bool thinking() const { return thought_ != nullptr; }
  // Starts the actor's bot thinking on a copy of the game.
  void start_thinking();
  // When the thought is done: plays it and returns its label (the game
  // unchanged since it began), else nullopt. Throws a script error.
  std::optional<std::string> finish_thinking();
  // Undo for a human seat: the engine's rule (never back over a card it
  // showed the player), and in hotseat never back over another human.
  std::string why_no_undo(int player);
  void undo(int player);
  // Forced moves on or off for the human seats, from now on (the engine
  // plays them: engine::Game::set_auto_seats).
  void set_auto_moves(bool on);

  // Hot reload: call every frame; the file watch says when a save has
  // settled (inotify on Linux, else a look every 100 ms).
  ReloadReport poll_reload(uint64_t now_ms);
  ReloadReport reload_now(std::vector<std::string> files = {});
  int reloads() const { return reloads_; }

  // The settings of the next game (New game): the ruleset's files as they
  // are now, even when a reload refused them for this game, with this
  // game's players and seats, the options chosen for it (those the rules
  // still take), and `seed`. Throws, with file:line, when they do not load.
  GameSettings next_game(uint64_t seed) const;

  // Saving (engine/saves.hpp): the game as its replay. One game keeps to
  // one file in `dir`: the file it was resumed from when that is in `dir`,
  // else a new one. Returns the file; throws std::runtime_error.
  std::string save(const std::filesystem::path& dir);
  const std::string& save_file() const { return save_file_; }
  // Removes this game's save from `dir` (a game that ended); true if one went.
  bool remove_save(const std::filesystem::path& dir);
  // Worth resuming: an action played, and the game not over.
  bool in_progress();
  // A saved game, resumed under the rules as they are now. `report` is ""
  // when its actions replay exactly, else what differs. Throws
  // engine::InputError naming the file when the rules cannot take it.
  static std::unique_ptr<Session> resume(const engine::SavedGame& save, std::string& report);

 private:
  Session(GameSettings s, std::unique_ptr<engine::Game> game);
  void refresh();
  void make_bots();
  void watch_files();
  int remote_seat() const { return remote_->game().seat; }
  GameSettings settings_;
  // A remote game: the connection, what it said, the newest view.
  std::shared_ptr<Remote> remote_;
  engine::RulesetMeta remote_meta_;
  engine::View remote_view_;
  uint64_t remote_seq_ = 0;
  bool connected_ = true, acted_ = false;
  std::unique_ptr<engine::Game> game_;
  std::vector<std::unique_ptr<bots::Bot>> bots_;
  std::vector<core::Rng> rngs_;
  FileWatch watch_;
  uint64_t version_ = 1, cached_ = 0;
  int actor_ = 0;
  std::vector<engine::Action> actions_;
  std::optional<engine::Result> result_;
  std::string error_;
  int reloads_ = 0;
  std::string save_file_;
  // A bot thinking on a copy of the game (see start_thinking).
  struct Thought {
    std::thread worker;
    std::atomic<bool> done{false};
    uint64_t version = 0;
    int player = 0;
    core::Rng rng;
    nlohmann::json action;  // the choice, as the action's fields
    std::string error;
  };
  std::unique_ptr<Thought> thought_;
  std::shared_ptr<engine::Loaded> thinker_;  // the thought's own VM, kept between moves
};

// How the window names a player's seat: "you" (the one human), "human",
// "bot", "hard bot"...
std::string seat_text(const Session& s, int p);
// What a remote seat waits for when it is not to act ("Waiting for Player
// 2 to choose.").
std::string remote_waiting(Session& s);

// The bot a seat plays: the window's difficulties by name (easy: the
// heuristic, or random without one; normal: mcts for about 0.3 s; hard:
// mcts for about 2 s), others as given.
std::string bot_of_seat(const std::string& seat, bool ruleset_has_heuristic,
                        const std::string& search = {});

// Seats for `players`: those given, then bots; with none given, a human
// first. Checks every name and the count.
// With the ruleset's metadata, its own strategy bots are seats too.
std::vector<std::string> fill_seats(std::vector<std::string> given, int players,
                                    const engine::RulesetMeta* meta = nullptr);
// Players from the options: --players, else the seats, else two when the
// ruleset allows it.
int choose_players(int asked, size_t seats, const engine::RulesetMeta& meta);

}  // namespace ratify::gui
