#pragma once
// The table: card definitions, zones and what each player knows.
// Cards only move between zones; they never appear or vanish, so card
// conservation holds by construction (and check_conservation proves it).
#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/hash.hpp"

namespace ratify::core {

// The fields of a card definition the host itself draws and checks.
// Everything else a ruleset stores on a definition stays in Lua.
struct CardDef {
  std::string id, name, text, quote, kind, suit, color, short_label;
  std::string image;  // a picture for the window: a file in the ruleset's folder or assets/
  std::optional<double> rank;
  int count = 1;
};

enum class Visibility { All, Owner, None, Top };
const char* to_string(Visibility v);
std::optional<Visibility> visibility_from(std::string_view s);

using CardId = int;    // 1 .. ncards
using PlayerId = int;  // 1 .. players; 0 = nobody
constexpr int kMaxPlayers = 16;

struct Zone {
  std::string name, kind, label;
  PlayerId owner = 0;
  Visibility visibility = Visibility::None;
  std::vector<CardId> cards;  // index 0 = bottom
  // Changes whenever `cards` changes, to a value no other contents of any
  // zone had in this process: a ruleset may cache what it computes from a
  // zone under its stamp (restoring a snapshot restores the stamp with the
  // contents, so a cache keyed by stamps is never stale). Not game state:
  // not saved, hashed or compared.
  uint64_t stamp = 0;
};

// A fresh stamp (see Zone::stamp), unique across threads.
uint64_t next_stamp();

class TableError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Table {
 public:
  Table() = default;
  // Builds the instances (definition order, `count` copies each), all in
  // the zone "box".
  Table(std::vector<CardDef> defs, int players);
  // The same over definitions shared with other tables (every game of one
  // ruleset): nothing of them is copied.
  Table(std::shared_ptr<const std::vector<CardDef>> defs, int players);

  int players() const { return players_; }
  int ncards() const { return static_cast<int>(card_def_.size()); }
  const std::vector<CardDef>& defs() const { return *defs_; }
  int def_index(CardId c) const { return card_def_.at(check_card(c) - 1); }
  const CardDef& def(CardId c) const { return (*defs_)[def_index(c)]; }

  int add_zone(Zone z);
  int zone_index(std::string_view name) const;  // -1 if none
  const Zone& zone(int i) const { return zones_.at(i); }
  const Zone& zone(std::string_view name) const;
  const std::vector<Zone>& zones() const { return zones_; }
  // The table's stamp: changes with every zone's (and is restored with
  // them), so two equal stamps mean every zone holds what it held. Lets a
  // cache over many zones see at one look that no card moved.
  uint64_t stamp() const { return stamp_; }
  // Changes whenever a zone is made, never comes back: while it stays, a
  // zone's number names the same zone (another game's table has another).
  uint64_t layout() const { return layout_; }

  int zone_of(CardId c) const { return card_zone_.at(check_card(c) - 1); }
  int position_of(CardId c) const;  // 0-based
  // Moves a card to `pos` (0 = bottom, -1 = top) of zone `to`.
  void move(CardId c, int to, int pos = -1);
  // Moves every card of zone `from` on top of zone `to`, keeping their
  // order: linear, where moving them one at a time is quadratic.
  void move_all(int from, int to);
  void shuffle(int zone, class Rng& rng);
  // Puts card c at an existing place (used to re-deal hidden cards; the
  // caller keeps every card in exactly one place).
  void place(int zone, int pos, CardId c) {
    Zone& z = zones_.at(zone);
    z.cards.at(pos) = c;
    restamp(z);
    card_zone_.at(c - 1) = zone;
  }

  // What players see and know of a card. Seeing is drawing the face: the
  // zone shows it to p, or it was revealed to p. Knowing is memory: p saw
  // it once and knows it still after it was turned face down again (a
  // memory game's formation). Bits: bit p set = player p; shuffling a card
  // makes it anonymous again.
  void reveal(CardId c, PlayerId p);  // face up for p (0: everyone)
  // Face down again for everyone it was revealed to or its zone showed it
  // to; they all go on knowing it.
  void turn_down(CardId c);
  bool sees(PlayerId p, CardId c) const;
  bool knows(PlayerId p, CardId c) const;
  // knows(p, card at `pos` of zone `z`) without the checks, for walks over
  // the zones themselves, where every card is real: a search's observation
  // reads every card on the table at every step, and the checks of knows
  // were a tenth of an iteration in amendments.
  bool knows_in(PlayerId p, const Zone& z, size_t pos) const {
    CardId c = z.cards[pos];
    return ((known_[c - 1] | remembered_[c - 1]) & (1u << p)) ||
           shows(p, z, pos + 1 == z.cards.size());
  }
  // Whether zone z shows p a card of it (on_top: the card is its top one).
  static bool shows(PlayerId p, const Zone& z, bool on_top) {
    switch (z.visibility) {
      case Visibility::All:
        return true;
      case Visibility::Owner:
        return z.owner == p && p != 0;
      case Visibility::Top:
        return on_top;
      case Visibility::None:
        return false;
    }
    return false;
  }
  // Cards turned face down since forget_glimpses(), each with who saw it
  // face up (bits as above): a seat's view says where such a card lies and
  // what it was, since a move may turn a card up and down again (Meet the
  // Patriots) and a window drawing only the end would never show it. Not
  // game state: not hashed or compared; saved, so a resumed game shows
  // them still, and a restore brings them back, so a bot's lookahead
  // leaves them as the move did; one entry a card.
  struct Glimpse {
    CardId card;
    uint32_t saw;
  };
  const std::vector<Glimpse>& glimpses() const { return glimpses_; }
  void forget_glimpses() { glimpses_.clear(); }
  uint32_t known_mask(CardId c) const { return known_.at(check_card(c) - 1); }
  uint32_t remembered_mask(CardId c) const { return remembered_.at(check_card(c) - 1); }
  // Sets both masks of a card: a re-deal of hidden cards (a bot's world)
  // keeps what each player knows of a place with the card put there.
  void set_knowledge(CardId c, uint32_t known, uint32_t remembered) {
    known_.at(check_card(c) - 1) = known;
    remembered_.at(c - 1) = remembered;
  }
  // The zone (0-based) where card c was last shuffled, or -1 if it never
  // was: the pack a face-down card came from, which everyone saw. Cards of
  // one pack are alike face down; cards of two packs are not (a card never
  // shuffled into GITMO's Special Ops deck cannot be in it). Not game
  // state: not hashed (recorded games verify as before), but saved.
  int shuffled_in(CardId c) const { return shuffled_in_.at(check_card(c) - 1) - 1; }

  // Every card in exactly one zone, and the location index agrees.
  // Returns an empty string when all is well, else what is wrong.
  std::string check_conservation() const;

  // by_definition: copies of one definition count as the same card (a
  // solver's transposition table; two packs hold two of each card).
  void hash_into(Hasher& h, bool by_definition = false) const;
  nlohmann::json to_json() const;
  // Restores zones and knowledge from to_json output, validating it.
  void from_json(const nlohmann::json& j);

  bool operator==(const Table& o) const;
  // Becomes a copy of `o`, copying only the zones whose stamp differs
  // (a zone keeps its stamp while its cards stay): a search restores one
  // moment thousands of times, and an iteration moves few zones' cards.
  void restore_from(const Table& o);

 private:
  CardId check_card(CardId c) const;
  void restamp(Zone& z) { z.stamp = stamp_ = next_stamp(); }
  std::shared_ptr<const std::vector<CardDef>> defs_;  // shared by clones
  std::vector<int> card_def_;
  std::vector<int> card_zone_;
  std::vector<uint32_t> known_;       // revealed to (drawn face up for)
  std::vector<uint32_t> remembered_;  // known, though face down for them
  std::vector<int> shuffled_in_;      // zone + 1 of the last shuffle, 0: never
  std::vector<Glimpse> glimpses_;     // turned face down since forget_glimpses()
  std::vector<Zone> zones_;
  // Zone names never change once made, so clones (snapshots, a solver's
  // every node) share one index; adding a zone to a shared index copies it
  // first. (A table and its clones live on one thread.)
  struct NameHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  using NameIndex = std::unordered_map<std::string, int, NameHash, std::equal_to<>>;
  std::shared_ptr<NameIndex> zone_by_name_;  // made with the first zone
  int players_ = 0;
  uint64_t stamp_ = 0;   // see stamp()
  uint64_t layout_ = 0;  // see layout()
};

}  // namespace ratify::core
