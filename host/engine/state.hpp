#pragma once
// The game interface: what everything above the engine (bots, sim, the
// window, the text UI, a server) knows of a game. A State is one game of a
// loaded ruleset: who acts, the legal actions decoded once, apply, the one
// result, marks to go back to, hash, save and load, and for each seat a
// View of what that seat may know. host/lua implements it behind this
// header; nothing above the engine names lua:: (docs/architecture.md).
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game_types.hpp"
#include "core/options.hpp"
#include "core/rng.hpp"
#include "core/table.hpp"

namespace ratify::core {
struct LineProfile;
}
namespace ratify::lua {
class Match;
class Snapshot;
}  // namespace ratify::lua

namespace ratify::engine {

class Game;
namespace testing {
lua::Match& match_of(Game& g);  // engine/testing.hpp
}

using core::CallProfile;
using core::Result;
using core::RulesetMeta;
using core::ScriptError;
using core::VariantMeta;

// How a game is run: what batch games leave out for speed.
struct StateSettings {
  bool strict = true;        // every call's data checked as plain data
  bool logging = true;       // g.log keeps lines (g.logging tells the rules)
  bool transactions = true;  // a failed apply leaves the state as it was
};

// An action as the host understands it, decoded in one place from the
// ruleset's action table (docs/lua-api.md "Actions"). `ends_turn`, `risky`,
// `auto` and the label are presentation: they are no part of the action's
// identity, so a hint added later never invalidates a recorded game.
struct Action {
  std::string label;       // `label`, else describe(g, action), else the fields
  std::vector<int> cards;  // `card` and `cards`
  int target = 0;          // `target` (a player)
  std::string zone;        // `zone`
  bool ends_turn = false;  // `ends_turn`, else a kind "end_turn", "end" or "pass"
  bool risky = false;      // `risky = true` or a warning text
  std::string warning;     // that text, "" when none
  bool auto_play = false;  // `auto = true`: a forced move, played for a human who lets them
};

// The fields of an action that only say how to show it.
bool presentation_field(std::string_view key);
// An action's fields without those: what replays compare.
nlohmann::json identity_of(nlohmann::json action);

struct CardView {
  int id = 0;            // 0 when the viewer sees a back
  bool face_up = false;  // false: the viewer sees a back
  int def = -1;          // index into the card definitions, -1 when hidden
  // A back now, but turned up and down again by the last move while this
  // viewer saw it (Meet the Patriots' read-aloud): `def` is what it showed,
  // so a face can show where the card lies; still no id to follow it by.
  bool glimpsed = false;
};

struct ZoneView {
  std::string name, kind, label;
  int owner = 0;
  core::Visibility visibility = core::Visibility::None;
  std::vector<CardView> cards;
};

struct ActionView {
  int index = 0;  // 0-based, as apply takes it
  Action action;
};

// Everything one seat may know, as plain data: the zones with the cards it
// sees, every player's status lines, the ruleset's view of g.state, the
// log, whose turn it is, its legal actions when it is to act, the result.
// Seat 0 is an onlooker, who sees only what is public.
struct View {
  int seat = 0;
  std::vector<ZoneView> zones;
  std::vector<std::vector<std::string>> status;  // per player, 1-based at [p-1]
  std::vector<std::string> shared_status;        // lines about the whole table
  nlohmann::json state;                          // view(g, seat), or g.state
  std::vector<std::string> log;
  int actor = 0;                    // 0: the game is over
  std::vector<ActionView> actions;  // only when `seat` is the actor
  std::optional<Result> result;     // when the game is over
};
nlohmann::json to_json(const View& v);

// A moment of a State to go back to (bots' lookahead, undo).
class Mark {
 public:
  Mark();
  Mark(Mark&&) noexcept;
  Mark& operator=(Mark&&) noexcept;
  ~Mark();

 private:
  friend class State;
  std::unique_ptr<lua::Snapshot> s_;
};

class State {
 public:
  explicit State(std::unique_ptr<lua::Match> m);
  ~State();
  State(const State&) = delete;
  State& operator=(const State&) = delete;

  int players() const;
  uint64_t seed() const;
  const core::OptionValues& options() const;
  const RulesetMeta& meta() const;
  const std::vector<core::CardDef>& card_defs() const;
  // The whole truth (every card, where it lies): for the referee's tools
  // (check, sim's metrics, the solver) and the engine's views, never for
  // what a seat is shown: that comes from view(seat).
  const core::Table& table() const;

  int actor();  // 0: the game is over (the one source of game over)
  int action_count();
  Action action(int i);                 // decoded, with its label
  nlohmann::json action_fields(int i);  // the ruleset's table as data, without `label`
  // Only its `card` and `cards` fields: cheap, for card coverage.
  std::vector<int> action_cards(int i);
  // The same of each action applied from now on, noted as it is applied
  // (a batch game's card coverage pays no call of its own for it).
  void note_cards(bool on);
  const std::vector<int>& applied_cards() const;
  // Per card definition, the calls of its hooks made by the rules of this
  // game since note_cards was turned on (a bot's imagined world counts
  // none): card coverage sees effects no action names (an on_draw).
  const std::vector<int64_t>& hooks_run() const;
  // A hash of each legal action's fields: the same action in another
  // world (a bot's guess at the hidden cards) has the same key.
  std::vector<uint64_t> action_keys();
  // The legal action with these fields (presentation fields ignored), or -1.
  int find_action(const nlohmann::json& fields);
  // Carries out action i. The ruleset's apply gets the action frozen: a
  // write into it is an error with file:line. With transactions a failed
  // apply leaves the state exactly as it was (ScriptError thrown).
  void apply(int i);
  // The same without a transaction, for searchers that restore a mark
  // after every try anyway: after a ScriptError, restore before going on.
  void apply_scratch(int i);
  // The actions apply_scratch has applied on this state: what a search's
  // iterations play, for `ratify bench` (docs/fast-rules.md "Search cost").
  long long scratch_applies() const { return scratch_applies_; }
  // How the game ended: read only once actor() is 0. Throws ScriptError
  // when the rules name no actor but give no result.
  std::optional<Result> result();
  // What result(g) says now, even while actor(g) names a player: only
  // `check` asks, to find rules whose two ends of a game disagree.
  bool result_said();
  // Player `actor` has no legal action: the message, with file:line.
  std::string no_action_message(int actor);

  // `restores`: how often the caller will come back to it (a search's
  // root, the heuristic's tries): a moment restored often is restored
  // faster (lua::CopyPlan).
  Mark mark(int restores = 1);
  static constexpr int kOften = 1 << 30;
  void restore(const Mark& m);
  // Where the game's RNG stands: a move that changes it drew at random.
  std::pair<uint64_t, uint64_t> rng_position();
  // by_definition: cards of one definition count as the same (the solver
  // meets a position again whichever copy of a card lies where).
  uint64_t hash(bool by_definition = false);
  nlohmann::json save(bool with_log = true);
  void load(const nlohmann::json& j);  // throws std::runtime_error on a bad save
  // The whole log, lines private to a seat included (the referee's).
  const std::vector<std::string>& log() const;
  // The lines `seat` is shown (everyone's and its own; 0: an onlooker's).
  std::vector<std::string> log_for(int seat) const;
  // Whom each line of log() is for: bit p for player p, 0 for everyone.
  const std::vector<uint32_t>& log_to() const;
  bool logging() const;
  // A line in the log (the engine's line for an action the rules did not log).
  void add_log(std::string line);

  std::vector<std::string> status(int seat);
  bool has_heuristic() const;
  double heuristic(int seat);
  std::vector<double> heuristics();  // every seat's, [0] unused
  std::vector<double> standings();
  std::vector<std::pair<std::string, double>> stats();

  // What `seat` may know; 0: an onlooker.
  View view(int seat);
  // The views of several seats at one moment (a server sends one to every
  // connection after each action): what every seat is shown alike (the
  // status lines, and g.state when the rules have neither view nor
  // secrets) is asked of the rules once, not once a seat.
  std::vector<View> views(const std::vector<int>& seats);
  // Makes this state a world `seat` could be in: every card it cannot see
  // re-dealt among the places of such cards (in place; restore a mark to
  // come back). Bots search such worlds, never the real one.
  void world_for(int seat, core::Rng& rng);
  // A hash of all `seat` knows now: the table as it knows it (each card's
  // definition, or unknown) and g.state but the others' secrets. Two
  // moments with the same observation are one information set of `seat`
  // (a search's node).
  uint64_t observation(int seat);
  // The strategy bot `bot`'s choice (bots/<bot>.lua) for `seat`: 0-based.
  int strategy_choice(const std::string& bot, int seat);

  // For bench: time per ruleset function into `p` (nullptr: off).
  void set_profile(CallProfile* p);
  // Sample where the rules' Lua spends its time (bench --by-line) until
  // called with nullptr: one State at a time, on its own thread.
  void sample_lines(core::LineProfile* p);
  // Whether the current actions carry labels built by actions(g).
  bool actions_have_labels();

 private:
  friend class Game;
  friend lua::Match& testing::match_of(Game& g);
  lua::Match& match() { return *m_; }
  View view_like(int seat, const View* like);
  std::unique_ptr<lua::Match> m_;
  long long scratch_applies_ = 0;
};

}  // namespace ratify::engine
