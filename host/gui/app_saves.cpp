// Saved games in the window: Ctrl+S, the save made when the window closes
// on a game in progress, the picker's rows of saved games, and resuming
// one (engine/saves.hpp).
#include <chrono>
#include <cstdio>
#include <ctime>

#include "engine/saves.hpp"
#include "gui/app.hpp"
#include "gui/card_style.hpp"

namespace ratify::gui {

namespace {

// The picker lists this many of the latest saves; older ones resume with
// `ratify play --resume FILE`.
constexpr size_t kPickerSaves = 4;

std::string plural(size_t n, const std::string& one) {
  return std::to_string(n) + " " + one + (n == 1 ? "" : "s");
}

std::string when_text(std::time_t t) {
  std::time_t now = std::time(nullptr);
  std::tm at{}, today{};
  localtime_r(&t, &at);
  localtime_r(&now, &today);
  char buf[40];
  bool same_day = at.tm_year == today.tm_year && at.tm_yday == today.tm_yday;
  std::strftime(buf, sizeof buf, same_day ? "today %H:%M" : "%Y-%m-%d %H:%M", &at);
  return buf;
}

std::time_t saved_time(const engine::SavedGame& s) {
  if (s.saved_at) return static_cast<std::time_t>(s.saved_at);
  std::error_code ec;
  auto ft = std::filesystem::last_write_time(s.file, ec);
  if (ec) return 0;
  return std::chrono::system_clock::to_time_t(std::chrono::file_clock::to_sys(ft));
}

std::string seats_text(const std::vector<std::string>& seats) {
  std::string out;
  for (const auto& s : seats)
    out += (out.empty() ? "" : ", ") + (s == "human" ? s : (s == "bot" ? s : s + " bot"));
  return out;
}

}  // namespace

void App::save_game() {
  if (!session_) return;
  if (opts_.saves_dir.empty()) return notify("Saving is off in this window (no folder for saves)");
  try {
    std::string file = session_->save(opts_.saves_dir);
    notify("Saved as " + std::filesystem::path(file).filename().string() +
               ": the picker (P) or ratify play --resume continues it",
           5000);
  } catch (const std::exception& e) {
    banner_title_ = "The game could not be saved";
    banner_ = e.what();
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
      banner_title_ = "Saved under other rules \u2014 resumed under the rules as they are now";
      banner_ = report;
    } else {
      notify("Resumed " + std::filesystem::path(file).filename().string() + ": " +
                 plural(n, "action") + " replayed",
             4000);
    }
  } catch (const std::exception& e) {
    if (!from_picker) throw;
    picker_error_ = e.what();
  }
}

// The latest saves head the picker, each a row of its own (a "game" with
// no variants); rulesets' rows follow, their `game` indices shifted.
void App::refresh_saved_rows() {
  int old = 0;
  while (old < static_cast<int>(picker_.size()) && !picker_[old].save.empty()) ++old;
  std::vector<PickerRow> rows;
  if (!opts_.saves_dir.empty())
    for (const auto& e : engine::list_saves(opts_.saves_dir)) {
      if (rows.size() >= kPickerSaves) break;
      PickerRow row;
      row.save = e.file;
      row.game = static_cast<int>(rows.size());
      std::string name = std::filesystem::path(e.file).filename().string();
      if (!e.save) {
        row.title = "Saved game " + name;
        row.error = e.error;
        rows.push_back(row);
        continue;
      }
      const auto& s = *e.save;
      const auto& h = s.replay.header;
      size_t steps = s.replay.steps.size();
      row.title = "Resume: " + s.name + (h.variant.empty() ? "" : " (" + h.variant + ")");
      row.detail = plural(steps, "action") + " played \u00b7 saved " + when_text(saved_time(s));
      row.about = {
          plural(static_cast<size_t>(h.players), "player") + ": " + seats_text(h.seats),
          plural(steps, "action") + " played \u00b7 seed " + std::to_string(h.seed),
          "Saved " + when_text(saved_time(s)) + " in " + name,
          "Resuming replays every action under the rules as they are now; if they changed, "
          "a notice says from which action the game differs.",
      };
      rows.push_back(row);
    }
  int shift = static_cast<int>(rows.size()) - old;
  bool was_save = picker_sel_ < old;
  picker_.erase(picker_.begin(), picker_.begin() + old);
  for (auto& r : picker_) r.game += shift;
  picker_.insert(picker_.begin(), rows.begin(), rows.end());
  // Opening the window: the latest save is chosen (Enter resumes it).
  picker_sel_ = !session_ || was_save ? 0 : picker_sel_ + shift;
  picker_sel_ = std::clamp(picker_sel_, 0, std::max(0, static_cast<int>(picker_.size()) - 1));
}

// The picker's right pane for a saved game.
void App::draw_saved_game(Rect r, int row) {
  const auto& g = picker_[row];
  Font hf = font(22, Weight::Bold), df = font(13.5);
  int y = r.y;
  cv_.text(r.x, y, g.title, hf, theme::playable, r.w);
  y += cv_.line_h(hf) + px(8);
  std::string file = g.save;
  if (!g.error.empty()) {
    y += cv_.paragraph({r.x, y, r.w, r.bottom() - y - px(60)},
                       "This save cannot be read: " + g.error, df, {255, 140, 140, 255});
  } else {
    for (const auto& line : g.about) {
      y += cv_.paragraph({r.x, y, r.w, cv_.line_h(df) * 3}, line, df, theme::muted) + px(4);
    }
    y += px(12);
    Rect rb{r.x, y, std::min(r.w, px(260)), px(40)};
    button(
        rb, "Resume  (Enter)", "button:resume", [this, row] { pick(row); }, true, true);
    y += rb.h;
  }
  y += px(16);
  Rect db{r.x, y, std::min(r.w, px(200)), px(32)};
  button(db, "Delete this save", "button:delete-save", [this, file] {
    std::error_code ec;
    std::filesystem::remove(file, ec);
    picker_error_ = ec ? file + ": " + ec.message() : "";
    refresh_saved_rows();
  });
}

}  // namespace ratify::gui
