// What `sim` and `merge` keep of a run (the HTML report, the history
// database) and `ratify history`, which reads that database back.
#include <charconv>
#include <ctime>
#include <iostream>

#include "cli/commands.hpp"
#include "core/replay.hpp"
#include "engine/catalog.hpp"
#include "sim/history.hpp"
#include "sim/html.hpp"
#include "sim/sim.hpp"

namespace ratify::cli {

namespace fs = std::filesystem;

// The rules' content hash, or "unknown" when they are not here (a merge
// of shards run elsewhere).
std::string rules_hash(const sim::SimConfig& c) {
  try {
    auto where = engine::locate(c.ruleset, c.variant);
    return sim::content_hash(where.dir, where.variant);
  } catch (const std::exception&) {
    return "unknown";
  }
}

namespace {

fs::path history_file(const std::string& given) {
  if (!given.empty()) return given;
  fs::path f = sim::default_history_file();
  if (f.empty())
    throw engine::InputError(
        "no folder for the history: set XDG_DATA_HOME or HOME, or use --history FILE");
  return f;
}

// Which file each variant was (a user's variant or the ruleset's own), so
// a run of `six` names the file it played: two users' `six` are not one.
void record_variant_files(const std::vector<sim::SimResult>& runs, nlohmann::json& report) {
  if (!report.is_object()) return;
  nlohmann::json files = nlohmann::json::object();
  for (const auto& r : runs) {
    if (r.config.variant.empty()) continue;
    try {
      auto where = engine::locate(r.config.ruleset, r.config.variant);
      std::error_code ec;
      files[r.config.variant] = fs::absolute(where.variant, ec).lexically_normal().string();
    } catch (const std::exception&) {
      files[r.config.variant] = "unknown";  // a merge of shards run elsewhere
    }
  }
  if (!files.empty()) report["variant_files"] = files;
}

sim::HistoryRun history_run(const std::vector<sim::SimResult>& runs, const nlohmann::json& report,
                            const std::string& command) {
  const sim::SimResult& first = runs.front();
  sim::HistoryRun h;
  h.ruleset = first.ruleset_id;
  h.content_hash = rules_hash(first.config);
  h.command = command;
  for (const auto& r : runs) h.variants.push_back(r.config.variant);
  h.options = first.config.sets;
  h.bots = first.config.bots;
  h.seed = first.config.seed;
  h.games = static_cast<int>(first.games.size());
  h.players = first.players;
  h.report = report;
  record_variant_files(runs, h.report);
  return h;
}

int64_t parse_id(const std::string& text) {
  int64_t id = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc() || end != text.data() + text.size() || id < 1)
    throw engine::InputError("history: '" + text + "' is not a run id (see `ratify history`)");
  return id;
}

sim::HistoryRun find_run(const sim::History& h, const std::string& text, const fs::path& file) {
  auto run = h.find(parse_id(text));
  if (!run) throw engine::InputError("history: no run " + text + " in " + file.string());
  return *run;
}

}  // namespace

void keep_run(const std::vector<sim::SimResult>& runs, const nlohmann::json& report,
              const RecordArgs& a) {
  if (runs.empty() || (a.html_file.empty() && a.no_history)) return;
  if (!a.html_file.empty()) {
    nlohmann::json page = report;
    page["command"] = a.command;
    page["date"] = sim::now_utc("%Y-%m-%d %H:%M UTC");
    core::write_file(a.html_file, sim::report_html(page));
  }
  if (a.no_history) return;
  // The results are printed and written already: a history that cannot be
  // written is worth a warning, not a failed run.
  try {
    fs::path file = history_file(a.history_file);
    sim::History h(file, sim::History::Mode::Write);
    h.record(history_run(runs, report, a.command));
  } catch (const std::exception& e) {
    std::cerr << "ratify: warning: run not recorded in the history: " << e.what() << "\n";
  }
}

int cmd_history(const HistoryArgs& a) {
  fs::path file = history_file(a.history_file);
  const auto& w = a.words;
  bool show = !w.empty() && w[0] == "show", diff = !w.empty() && w[0] == "diff";
  if ((show && w.size() != 2) || (diff && w.size() != 3) || (!show && !diff && w.size() > 1))
    throw engine::InputError(
        "history: use `ratify history [RULESET]`, `ratify history show ID` or `ratify history "
        "diff A B`");
  std::error_code ec;
  if (!fs::exists(file, ec)) {
    if (show || diff)
      throw engine::InputError("history: no runs recorded yet (" + file.string() + ")");
    std::cout << "no runs recorded yet (" << file.string() << ")\n";
    return kOk;
  }
  try {
    sim::History h(file, sim::History::Mode::Read);
    if (show) {
      auto run = find_run(h, w[1], file);
      std::cout << sim::history_show_text(run);
      if (!a.html_file.empty()) {
        nlohmann::json page = run.report;
        page["command"] = run.command;
        page["date"] = run.time + " UTC";
        core::write_file(a.html_file, sim::report_html(page));
      }
    } else if (diff) {
      std::cout << sim::history_diff_text(find_run(h, w[1], file), find_run(h, w[2], file));
    } else {
      auto runs = h.list(w.empty() ? "" : w[0]);
      if (runs.empty())
        std::cout << "no runs" << (w.empty() ? "" : " of " + w[0]) << " in " << file.string()
                  << "\n";
      else
        std::cout << sim::history_list_text(runs);
    }
  } catch (const sim::HistoryError& e) {
    throw engine::InputError(e.what());
  }
  return kOk;
}

}  // namespace ratify::cli
