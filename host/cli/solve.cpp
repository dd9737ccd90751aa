// `ratify solve`: deals of a one-player game searched to a verdict (won,
// lost, unknown within the node limit) and the win rate they give.
#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/shared.hpp"
#include "core/replay.hpp"
#include "sim/format.hpp"
#include "sim/solve.hpp"
#include "sim/stats.hpp"

namespace ratify::cli {

int cmd_solve(const SolveArgs& a) {
  sim::SolveConfig c;
  c.ruleset = a.ruleset;
  c.sets = a.sets;
  c.deals = a.deals;
  c.seed = a.seed;
  c.threads = default_threads(a.threads);
  c.limit_nodes = a.limit_nodes;
  c.ordered = a.order == "heuristic";
  c.only = a.deal;
  c.progress = progress_bar("solve");
  sim::SolveReport r;
  try {
    r = sim::run_solve(c);
  } catch (const sim::DealFailed& e) {
    std::vector<std::string> again = {"ratify",
                                      "solve",
                                      a.ruleset,
                                      "--seed",
                                      std::to_string(a.seed),
                                      "--deal",
                                      std::to_string(e.index)};
    for (const auto& s : a.sets) again.insert(again.end(), {"--set", s});
    std::cerr << "ratify: deal " << e.index << " (game seed " << e.seed << "): " << e.what()
              << "\nthis deal alone: " << command_line(again) << "\n";
    return kBadInput;
  }
  int won = 0, lost = 0, unknown = 0;
  std::vector<double> secs, nodes;
  for (const auto& d : r.deals) {
    won += d.verdict == sim::Verdict::Won;
    lost += d.verdict == sim::Verdict::Lost;
    unknown += d.verdict == sim::Verdict::Unknown;
    secs.push_back(d.seconds);
    nodes.push_back(static_cast<double>(d.nodes));
  }
  double solved = won + lost, deals = static_cast<double>(r.deals.size());
  auto ci = sim::wilson(won, solved);
  // Over all deals the win rate lies between "no unknown deal is won" and
  // "every unknown deal is won"; each end gets its own 95% interval.
  auto low = sim::wilson(won, deals), high = sim::wilson(won + unknown, deals);
  auto t = sim::summarize(secs), n = sim::summarize(nodes);
  std::printf("%d deals: %d won, %d lost, %d unknown (node limit %lld, moves ordered by %s)\n",
              static_cast<int>(r.deals.size()), won, lost, unknown, a.limit_nodes, a.order.c_str());
  std::printf("win rate of the decided deals: %s (95%% interval %s - %s)\n",
              sim::percent(solved ? won / solved : 0).c_str(), sim::percent(ci.low).c_str(),
              sim::percent(ci.high).c_str());
  if (unknown)
    std::printf(
        "win rate of all deals: %s - %s (unknown counted lost / won; 95%% interval %s - %s)\n",
        sim::percent(won / deals).c_str(), sim::percent((won + unknown) / deals).c_str(),
        sim::percent(low.low).c_str(), sim::percent(high.high).c_str());
  std::printf("nodes per deal: mean %.0f, max %.0f; time per deal: mean %.3fs, max %.3fs\n", n.mean,
              n.max, t.mean, t.max);
  if (a.lines)
    for (const auto& d : r.deals) {
      if (d.verdict != sim::Verdict::Won) continue;
      std::printf("\ndeal %d (game seed %llu) is won in %zu moves:\n", d.index,
                  static_cast<unsigned long long>(d.seed), d.winning_line.size());
      for (size_t k = 0; k < d.winning_line.size(); ++k)
        std::printf("%4zu. %s\n", k + 1, d.winning_line[k].c_str());
    }
  if (!a.json_file.empty()) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& d : r.deals) {
      list.push_back({{"index", d.index},
                      {"seed", d.seed},
                      {"verdict", sim::to_string(d.verdict)},
                      {"nodes", d.nodes},
                      {"seconds", d.seconds}});
      if (a.lines && d.verdict == sim::Verdict::Won) list.back()["line"] = d.winning_line;
    }
    nlohmann::json j = {{"ruleset", a.ruleset},
                        {"sets", a.sets},
                        {"seed", a.seed},
                        {"limit_nodes", a.limit_nodes},
                        {"order", a.order},
                        {"won", won},
                        {"lost", lost},
                        {"unknown", unknown},
                        {"win_rate", solved ? won / solved : 0},
                        {"ci95", {ci.low, ci.high}},
                        {"win_rate_all", {won / deals, (won + unknown) / deals}},
                        {"ci95_all", {low.low, high.high}},
                        {"deals", list}};
    core::write_file(a.json_file, j.dump(1) + "\n");
  }
  return kOk;
}

}  // namespace ratify::cli
