// The picker's saved games: the latest saves head its list, each a row of
// its own, and the right pane for one (engine/saves.hpp).
#include <chrono>
#include <ctime>

#include "core/words.hpp"
#include "engine/saves.hpp"
#include "gui/card_style.hpp"
#include "gui/picker.hpp"

namespace ratify::gui {

namespace {

// The picker lists this many of the latest saves; older ones resume with
// `ratify play --resume FILE`.
constexpr size_t kPickerSaves = 4;

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

// The latest saves head the picker, each a row of its own (a "game" with
// no variants); rulesets' rows follow, their `game` indices shifted.
void Picker::refresh_saves() {
  int old = 0;
  while (old < static_cast<int>(rows_.size()) && !rows_[old].save.empty()) ++old;
  std::vector<Row> rows;
  if (!saves_dir_.empty())
    for (const auto& e : engine::list_saves(saves_dir_)) {
      if (rows.size() >= kPickerSaves) break;
      Row row;
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
      row.detail =
          core::plural(steps, "action") + " played \u00b7 saved " + when_text(saved_time(s));
      row.about = {
          core::plural(static_cast<size_t>(h.players), "player") + ": " + seats_text(h.seats),
          core::plural(steps, "action") + " played \u00b7 seed " + std::to_string(h.seed),
          "Saved " + when_text(saved_time(s)) + " in " + name,
          "Resuming replays every action under the rules as they are now; if they changed, "
          "a notice says from which action the game differs.",
      };
      rows.push_back(row);
    }
  int shift = static_cast<int>(rows.size()) - old;
  bool was_save = sel_ < old;
  rows_.erase(rows_.begin(), rows_.begin() + old);
  for (auto& r : rows_) r.game += shift;
  rows_.insert(rows_.begin(), rows.begin(), rows.end());
  // Opening the window: the latest save is chosen (Enter resumes it).
  sel_ = !in_game_ || was_save ? 0 : sel_ + shift;
  sel_ = std::clamp(sel_, 0, std::max(0, static_cast<int>(rows_.size()) - 1));
}

// The picker's right pane for a saved game.
void Picker::draw_save(Rect r, int row) {
  const auto& g = rows_[row];
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
        rb, "Resume  (Enter)", "button:resume", [this, row] { pick_(row); }, true, true);
    y += rb.h;
  }
  y += px(16);
  Rect db{r.x, y, std::min(r.w, px(200)), px(32)};
  button(db, "Delete this save", "button:delete-save", [this, file] {
    std::error_code ec;
    std::filesystem::remove(file, ec);
    error = ec ? file + ": " + ec.message() : "";
    refresh_saves();
  });
}

}  // namespace ratify::gui
