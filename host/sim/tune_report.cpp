// tune's result as a person, a program and a variant file read it: the
// text table, the JSON and the Lua of the winning setting (the search and
// its verification are tune.cpp; the page, tune_html.cpp).
#include <sstream>

#include "sim/format.hpp"
#include "sim/tune.hpp"

namespace ratify::sim {

namespace {

std::string setting_text(const std::vector<std::string>& sets) {
  if (sets.empty()) return "(the defaults)";
  std::string out;
  for (const auto& s : sets) out += (out.empty() ? "" : " ") + s;
  return out;
}

std::string band_text(const TuneTarget& t) {
  auto end = [](double x) { return std::isinf(x) ? std::string() : significant(x, 3); };
  return end(t.low) + ".." + end(t.high) + (t.weight != 1 ? " @" + significant(t.weight, 3) : "");
}

nlohmann::json cell_json(const TuneCell& c) {
  return {
      {"value", c.estimate.value}, {"low", c.low},      {"high", c.high}, {"low95", c.estimate.low},
      {"high95", c.estimate.high}, {"n", c.estimate.n}, {"p", c.p},       {"level", c.level},
      {"in_band", c.in_band}};
}

// A Lua literal of an option's value.
std::string lua_value(const core::OptionValue& v) {
  if (const auto* s = std::get_if<std::string>(&v)) {
    std::string out = "\"";
    for (char ch : *s) {
      if (ch == '"' || ch == '\\') out += '\\';
      if (ch == '\n') {
        out += "\\n";
        continue;
      }
      out += ch;
    }
    return out + "\"";
  }
  return core::to_string(v);
}

}  // namespace

std::string tune_text(const TuneResult& r) {
  const TuneConfig& c = r.config;
  std::ostringstream out;
  out << "tune " << r.ruleset_id << (c.sim.variant.empty() ? "" : "/" + c.sim.variant) << ", "
      << r.players << " players: " << r.evaluations << " evaluations of " << r.games_per_eval
      << " games (NTBEA), " << fixed(r.seconds, 1) << " s\n";
  out << "targets (distance: the sum of weight x how far outside the band, in band widths):\n";
  for (const auto& t : c.targets) out << "  " << t.metric << " in " << band_text(t) << "\n";
  out << "\nverified on " << (r.rows.empty() ? 0 : r.rows[0].games)
      << " fresh games each (the same seeds for every row); intervals Holm-corrected across the "
         "table, * = inside its band:\n";
  for (const auto& row : r.rows) {
    out << "  " << row.label << ": " << setting_text(row.sets) << "  distance "
        << fixed(row.distance, 3) << (row.passes ? "  PASSES" : "") << "\n";
    for (size_t k = 0; k < c.targets.size(); ++k) {
      const TuneCell& x = row.cells[k];
      out << "    " << (x.in_band ? "* " : "  ") << c.targets[k].metric << " "
          << significant(x.estimate.value, 3) << " [" << significant(x.low, 3) << ", "
          << significant(x.high, 3) << "] (" << fixed(100 * x.level, 2) << "%), band "
          << band_text(c.targets[k]) << "\n";
    }
  }
  if (r.best_row >= 0) {
    const TuneRow& b = r.rows[static_cast<size_t>(r.best_row)];
    out << "\nresult: " << b.label << " passes: " << setting_text(b.sets) << "\n";
  } else {
    out << "\nresult: NO setting passes: no row has every interval inside its band.";
    if (r.games_needed > 0)
      out << " " << r.rows[static_cast<size_t>(r.closest_row)].label << " might, with about "
          << r.games_needed << " verification games (--verify-games)";
    out << "\n";
  }
  if (!r.sensitivity.empty()) {
    out << "\nsensitivity of "
        << (r.best_row >= 0 && !r.rows[static_cast<size_t>(r.best_row)].point.empty()
                ? r.rows[static_cast<size_t>(r.best_row)].label
                : "best 1")
        << ": each param one step away, the change of each target (95%):\n";
    for (const auto& s : r.sensitivity) {
      out << "  " << s.param << "=" << s.value << ":";
      for (size_t k = 0; k < s.effect.size(); ++k)
        out << (k ? "," : "") << " " << c.targets[k].metric << " "
            << signed_significant(s.effect[k].value, 2) << " ["
            << signed_significant(s.effect[k].low, 2) << ", "
            << signed_significant(s.effect[k].high, 2) << "]";
      out << "\n";
    }
  }
  return out.str();
}

nlohmann::json tune_json(const TuneResult& r) {
  const TuneConfig& c = r.config;
  nlohmann::json j;
  j["ruleset"] = r.ruleset_id;
  j["variant"] = c.sim.variant;
  j["options"] = c.sim.sets;
  j["players"] = r.players;
  j["bots"] = c.sim.bots;
  j["seed"] = c.sim.seed;
  j["budget"] = c.budget;
  j["evaluations"] = r.evaluations;
  j["games_per_evaluation"] = r.games_per_eval;
  j["seconds"] = r.seconds;
  for (const auto& p : c.params) j["params"].push_back({{"name", p.name}, {"values", p.values}});
  for (const auto& t : c.targets)
    j["targets"].push_back(
        {{"metric", t.metric},
         {"low", std::isinf(t.low) ? nlohmann::json() : nlohmann::json(t.low)},
         {"high", std::isinf(t.high) ? nlohmann::json() : nlohmann::json(t.high)},
         {"weight", t.weight}});
  j["search"] = nlohmann::json::array();
  for (const auto& s : r.steps)
    j["search"].push_back({{"setting", point_sets(c, s.point)},
                           {"distance", s.distance},
                           {"best_estimate", s.best_estimate}});
  for (const auto& row : r.rows) {
    nlohmann::json x = {
        {"label", row.label}, {"setting", row.sets},      {"options", core::to_json(row.options)},
        {"games", row.games}, {"distance", row.distance}, {"passes", row.passes}};
    for (size_t k = 0; k < c.targets.size(); ++k)
      x["targets"][c.targets[k].metric] = cell_json(row.cells[k]);
    j["verification"].push_back(x);
  }
  j["best"] = r.best_row >= 0 ? nlohmann::json(r.rows[static_cast<size_t>(r.best_row)].label)
                              : nlohmann::json();
  j["games_needed"] = r.games_needed;
  j["sensitivity"] = nlohmann::json::array();
  for (const auto& s : r.sensitivity) {
    nlohmann::json x = {{"param", s.param}, {"value", s.value}};
    for (size_t k = 0; k < s.effect.size(); ++k)
      x["effect"][c.targets[k].metric] = {
          {"value", s.effect[k].value}, {"low", s.effect[k].low}, {"high", s.effect[k].high}};
    j["sensitivity"].push_back(x);
  }
  return j;
}

std::string variant_lua(const TuneResult& r, int row, const std::string& name) {
  const TuneRow& x = r.rows[static_cast<size_t>(row)];
  std::ostringstream out;
  out << "-- Written by `ratify tune` (docs/tuning.md): " << x.label << ", verified on " << x.games
      << " games\n-- at " << r.players << " players";
  for (size_t k = 0; k < r.config.targets.size(); ++k)
    out << (k ? "," : ":") << "\n--   " << r.config.targets[k].metric << " "
        << significant(x.cells[k].estimate.value, 3) << " [" << significant(x.cells[k].low, 3)
        << ", " << significant(x.cells[k].high, 3) << "], band " << band_text(r.config.targets[k]);
  out << "\nreturn {\n  name = " << lua_value(core::OptionValue(std::string(name)))
      << ",\n  doc = " << lua_value(core::OptionValue("Tuned: " + setting_text(x.sets)))
      << ",\n  options = {\n";
  for (const auto& d : r.decls) {
    auto it = x.options.find(d.name);
    if (it == x.options.end() || it->second == d.def) continue;
    out << "    " << d.name << " = " << lua_value(it->second) << ",\n";
  }
  out << "  },\n}\n";
  return out.str();
}

}  // namespace ratify::sim
