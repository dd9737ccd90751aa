// Saved games in the window: Ctrl+S, the save made when the window closes
// on a game in progress, and resuming one (engine/saves.hpp); the picker
// lists them (picker_saves.cpp).
#include <cstdio>

#include "core/words.hpp"
#include "engine/saves.hpp"
#include "gui/app.hpp"

namespace ratify::gui {

void App::save_game() {
  if (!session_) return;
  if (opts_.saves_dir.empty()) return notify("Saving is off in this window (no folder for saves)");
  try {
    std::string file = session_->save(opts_.saves_dir);
    notify("Saved as " + std::filesystem::path(file).filename().string() +
               ": the picker (P) or ratify play --resume continues it",
           5000);
  } catch (const std::exception& e) {
    messages_.banner("The game could not be saved", e.what());
  }
}

// When the window closes (`quitting`) a game in progress is saved; a game
// that ended loses its save (nothing is left to resume) whenever it is
// left. A game of bots alone is saved only when someone saved it before.
// A game left for another (New game, the picker) is not saved: Ctrl+S is
// there for that.
void App::autosave(bool quitting) {
  if (!session_ || !opts_.autosave || opts_.saves_dir.empty()) return;
  try {
    if (session_->in_progress()) {
      if (!quitting) return;
      if (session_->humans() == 0 && session_->save_file().empty()) return;
      std::string file = session_->save(opts_.saves_dir);
      std::fprintf(stderr, "ratify: game saved to %s (`ratify play --resume` continues it)\n",
                   file.c_str());
    } else if (session_->result()) {
      session_->remove_save(opts_.saves_dir);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ratify: the game could not be saved: %s\n", e.what());
  }
}

void App::resume_saved(const std::string& file, bool from_picker) {
  try {
    auto save = engine::read_save(file);
    std::string report;
    auto s = Session::resume(save, report);
    size_t n = s->game().steps();
    start_session(std::move(s));
    if (!report.empty()) {
      messages_.banner("Saved under other rules \u2014 resumed under the rules as they are now",
                       report);
    } else {
      notify("Resumed " + std::filesystem::path(file).filename().string() + ": " +
                 core::plural(n, "action") + " replayed",
             4000);
    }
  } catch (const std::exception& e) {
    if (!from_picker) throw;
    picker_.error = e.what();
  }
}

}  // namespace ratify::gui
