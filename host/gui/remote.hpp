#pragma once
// A seat of a game held elsewhere (`ratify join LINK`): a server runs the
// rules and sends the seat its views; the window only shows them and sends
// the seat's choices back. The window knows this interface, never the
// network: host/cli/join_window.cpp speaks the protocol behind it
// (docs/protocol.md), so host/gui does not depend on host/net.
// SDL-free and network-free.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/table.hpp"
#include "engine/state.hpp"

namespace ratify::gui {

// The game as the server described it on joining (`welcome`).
struct RemoteGame {
  int seat = 0;  // 0: a watcher
  int players = 0;
  std::vector<std::string> seats;  // per seat: "human", or the name of the bot that plays it
  std::string id, name, variant;   // the ruleset's id and name; the variant's spec
  std::vector<core::CardDef> cards;
  nlohmann::json layout;  // the ruleset's layout hints (docs/gui.md); null: none sent
  // The same ruleset installed here: its folder, for its card images only
  // (empty: none).
  std::string image_dir;
  double clock = 0;   // seconds a person has for a move; 0: no clock
  bool undo = false;  // the host lets a seat ask to undo its last move
};

// What came from the server since the last look.
struct RemoteNews {
  std::optional<engine::View> view;  // the newest view of the seat, its log whole
  uint64_t seq = 0;                  // the view's sequence number (what an act names)
  std::vector<std::string> notices;  // resync reasons, chat lines, the seed checked...
  bool connected = true;             // a live connection now (else: joining again)
  int undo_asked = 0;                // another seat asks to undo its last move: accept or refuse
  bool undo_settled = false;         // the undo asked is done or refused (the question goes)
  std::string lost;                  // the game is lost to this window for good: why
};

class Remote {
 public:
  virtual ~Remote() = default;
  virtual const RemoteGame& game() const = 0;
  // The news since the last call, without waiting.
  virtual RemoteNews poll() = 0;
  // Carries out the action with this id in the view whose sequence number
  // is `seq` (a stale one gets a resync and a fresh view, not a move).
  virtual void act(int id, uint64_t seq) = 0;
  // A chat line to the table (docs/protocol.md `chat`).
  virtual void chat(const std::string& text) { (void)text; }
  // Asks to take back the seat's last move; the others accept or refuse
  // (the answer comes as news: a notice, undo_settled).
  virtual void ask_undo() {}
  // Answers the undo another seat asked for (RemoteNews::undo_asked).
  virtual void answer_undo(bool accept) { (void)accept; }
};

}  // namespace ratify::gui
