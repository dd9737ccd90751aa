#pragma once
// Saved games. A save is the game's replay file (header and one line per
// action with the state hash after it) with where its rules were, so
// `ratify replay FILE` verifies one and any replay can be resumed. A game
// is resumed by replaying its actions under the rules as they are now: a
// save made under older rules resumes as far as its actions stay legal,
// and says where the game came out differently.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/replay.hpp"
#include "engine/game.hpp"

namespace ratify::engine {

// $XDG_DATA_HOME/ratify/saves, else ~/.local/share/ratify/saves; empty
// when neither is known.
fs::path default_saves_dir();

struct SavedGame {
  std::string file;
  core::Replay replay;
  fs::path rules_dir;     // where its rules were; empty in a plain replay
  fs::path variant_file;  // empty: none
  std::string name;       // the ruleset's name when it was saved
  int64_t saved_at = 0;   // seconds since 1970; 0: unknown (the file's time stands in)
};

// Reads a save or any replay file. Throws core::ReplayError naming the
// file (and the line) when it is not one.
SavedGame read_save(const std::string& file);

// Writes the game as a save. Atomic: a crash while writing leaves the
// previous save whole. Throws std::runtime_error naming the file.
void write_save(const std::string& file, Game& game);

// A file name in `dir` for a new save of `game`, not used yet:
// <id>[-<variant>]-<yyyymmdd-hhmmss>.jsonl.
std::string new_save_path(const fs::path& dir, Game& game);

struct SaveEntry {
  std::string file;
  std::optional<SavedGame> save;
  std::string error;  // why it does not read, when save is empty
};
// Every *.jsonl in `dir`, the most recently written first.
std::vector<SaveEntry> list_saves(const fs::path& dir);

// The file `--resume WHAT` means: "" the latest save in `dir`; a file; or a
// ruleset id (or id/variant), its latest save. Throws InputError when
// there is none.
std::string find_save(const std::string& what, const fs::path& dir);

// The save's rules as they are now: from the folder it was saved from
// while that still holds a ruleset, else by its id.
std::shared_ptr<Loaded> open_rules(const SavedGame& save);

struct Resumed {
  std::unique_ptr<Game> game;
  size_t replayed = 0, saved = 0;     // actions replayed, of the save's
  std::optional<Divergence> changed;  // the first action whose result differs
  std::optional<Divergence> stopped;  // the action that could not be replayed
  std::vector<std::string> dropped;   // saved options the rules no longer take
  // "" when the save replays exactly; else what differs, for people.
  std::string report() const;
};
// Replays the save under `loaded`, as far as its actions stay legal.
// Throws InputError / ScriptError when even the deal cannot be made.
Resumed resume_game(std::shared_ptr<Loaded> loaded, const SavedGame& save, Mode mode);

}  // namespace ratify::engine
