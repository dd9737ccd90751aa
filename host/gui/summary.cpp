#include "gui/summary.hpp"

#include "gui/frame.hpp"

namespace ratify::gui {

std::optional<PhaseHint> phase_hint(const nlohmann::json& layout) {
  if (!layout.is_object() || !layout.contains("phases")) return std::nullopt;
  const auto& h = layout["phases"];
  if (!h.is_object() || !h.contains("field") || !h["field"].is_string()) return std::nullopt;
  PhaseHint out{h["field"].get<std::string>(), h.value("title", nlohmann::json())};
  return out;
}

std::string PhaseHint::title_for(const nlohmann::json& value) const {
  if (title.is_string()) return title.get<std::string>();
  std::string key = value.is_string() ? value.get<std::string>() : value.dump();
  if (title.is_object() && title.contains(key) && title[key].is_string())
    return title[key].get<std::string>();
  return "A phase is over";
}

namespace {

PhaseSummary summarise(const engine::View& v, const std::string& title, size_t from) {
  PhaseSummary s;
  s.title = title;
  s.happened.assign(v.log.begin() + static_cast<std::ptrdiff_t>(from), v.log.end());
  s.table = v.shared_status;
  for (size_t p = 0; p < v.status.size(); ++p) {
    std::string line;
    for (const auto& l : v.status[p]) line += (line.empty() ? "" : "  \u00b7  ") + l;
    s.players.emplace_back(player_name(static_cast<int>(p) + 1), line);
  }
  return s;
}

}  // namespace

std::optional<PhaseSummary> PhaseWatch::look(const engine::View& v, const nlohmann::json& layout) {
  auto hint = phase_hint(layout);
  if (!hint) return std::nullopt;
  nlohmann::json now;
  if (v.state.is_object() && v.state.contains(hint->field)) now = v.state[hint->field];
  std::optional<PhaseSummary> out;
  bool undone = v.log.size() < log_mark_;
  if (seen_ && now != last_ && !undone && v.actor && !v.result)
    out = summarise(v, hint->title_for(now), log_mark_);
  seen_ = true;
  last_ = std::move(now);
  log_mark_ = v.log.size();
  return out;
}

}  // namespace ratify::gui
