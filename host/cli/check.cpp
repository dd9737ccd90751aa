// `ratify lint`, `check` and `test`: what a ruleset's author runs to
// find mistakes (static checks, invariants over many games, the
// ruleset's own scenario tests).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include "cli/commands.hpp"
#include "cli/shared.hpp"
#include "engine/lint.hpp"
#include "engine/scenario.hpp"
#include "sim/check.hpp"

namespace ratify::cli {

namespace {

// Lints one ruleset (or variant), printing findings not printed before;
// returns how many it printed.
int lint_one(const std::string& spec, const LintArgs& a, std::set<std::string>& printed,
             int& errors, bool& unloadable) {
  engine::LintConfig c;
  c.ruleset = spec;
  c.sets = a.sets;
  c.games = a.games;
  c.seed = a.seed;
  engine::LintReport report;
  try {
    report = engine::lint_ruleset(c);
  } catch (const engine::ScriptError& e) {  // a variant that does not load: say so, go on
    std::cout << e.what() << "\n";
    unloadable = true;
    ++errors;
    return 1;
  }
  int shown = 0;
  for (const auto& f : report.findings) {
    if (!printed.insert(f.topic.empty() ? f.text() : f.place + "\n" + f.topic).second) continue;
    std::cout << f.text() << "\n";
    ++shown;
    errors += f.level == engine::Finding::Level::Error;
  }
  return shown;
}

}  // namespace

int cmd_lint(const LintArgs& a) {
  std::vector<std::string> which = a.rulesets;
  if (which.empty())
    for (const auto& e : engine::list_rulesets()) which.push_back(e.dir.string());
  std::set<std::string> printed;
  int found = 0, errors = 0;
  bool unloadable = false;
  for (const auto& spec : which) {
    auto where = engine::locate(spec);
    std::vector<std::string> specs{spec};
    if (where.variant.empty()) {  // a ruleset: its variants too
      std::vector<std::string> variants;
      std::error_code ec;
      for (const auto& v : std::filesystem::directory_iterator(where.dir / "variants", ec))
        if (v.path().extension() == ".lua") variants.push_back(v.path().string());
      std::sort(variants.begin(), variants.end());
      specs.insert(specs.end(), variants.begin(), variants.end());
    }
    for (const auto& s : specs) found += lint_one(s, a, printed, errors, unloadable);
  }
  std::cout << "lint: " << which.size() << (which.size() == 1 ? " ruleset" : " rulesets") << ", "
            << errors << (errors == 1 ? " error, " : " errors, ") << found - errors
            << (found - errors == 1 ? " warning" : " warnings") << "\n";
  return unloadable ? kBadInput : found ? kFailed : kOk;
}

// Cards no game used: a card that never does anything is a card a
// designer wants to hear of (docs/metrics.md, "Card coverage"). Used:
// played (named by an applied action) or a hook of its own run (GITMO's
// Special Ops act through on_draw). A card of count 0 (a variant took it
// out) is left out. A kind of card no action ever names and no hook
// serves gets one note instead of a warning a card.
static void never_played_warnings(const sim::CheckReport& r) {
  long long drawn = 0, played = 0, hooks = 0;
  std::map<std::string, long long> played_of_kind;
  for (const auto& c : r.cards) {
    drawn += c.drawn, played += c.played, hooks += c.hooks;
    played_of_kind[c.kind] += c.played + c.hooks;
  }
  if (hooks > 0)
    std::printf("  cards: %lld drawn, %lld played, %lld calls of their hooks over the games\n",
                drawn, played, hooks);
  else
    std::printf("  cards: %lld drawn, %lld played over the games\n", drawn, played);
  if (played == 0 && hooks == 0) {
    std::printf(
        "note: no action named a card (no `card` or `cards` field): "
        "which cards were played is unknown\n");
    return;
  }
  std::map<std::string, std::string> unnamed;  // kind -> its ids
  int warned = 0;
  for (const auto& c : r.cards) {
    if (c.played > 0 || c.hooks > 0 || c.count == 0) continue;
    if (played_of_kind[c.kind] == 0) {
      unnamed[c.kind] += (unnamed[c.kind].empty() ? "" : ", ") + c.id;
      continue;
    }
    std::printf("warning: %s: never played in %d games (drawn %lld times)\n", c.id.c_str(), r.games,
                c.drawn);
    ++warned;
  }
  if (warned)
    std::printf(
        "  (drawn: dealt, taken out of a deck or taken into a hand; played: named by an "
        "applied action, once a draw, or one of the card's own hooks run, such as its "
        "on_draw: docs/metrics.md, \"Card coverage\")\n");
  for (const auto& [kind, ids] : unnamed)
    std::printf(
        "note: no action named a card of kind '%s' (%s), nor did any of them have a hook "
        "run: what they do is unknown to check\n",
        kind.c_str(), ids.c_str());
}

int cmd_check(const CheckArgs& a) {
  engine::LintConfig lc;
  lc.ruleset = a.ruleset;
  lc.sets = a.sets;
  lc.seed = a.seed;
  auto lint = engine::lint_ruleset(lc);
  for (const auto& f : lint.findings) std::cout << "lint: " << f.text() << "\n";
  sim::CheckConfig c;
  c.ruleset = a.ruleset;  // "id/variant" works too
  c.sets = a.sets;
  c.games = a.games;
  c.seed = a.seed;
  c.threads = default_threads(a.threads);
  c.players = a.players;
  c.roundtrip = a.roundtrip;
  c.only = a.game;
  c.progress = progress_bar("check");
  auto r = sim::run_check(c);
  for (const auto& w : r.lint) std::cout << "lint: warning: " << w << "\n";
  std::printf("%d games, %lld actions in %.1fs: %s\n", r.games, r.actions, r.seconds,
              r.failed_games ? "FAILED" : "every invariant held");
  std::printf(
      "  checked after every action: cards conserved, a legal action for the actor,\n"
      "  actor and result agree%s; every game ended\n",
      a.roundtrip ? ", save/load keeps the state hash" : "");
  if (r.heuristics_checked)
    std::printf("  and at every tenth action: heuristics(g) agrees with heuristic(g, p)\n");
  if (!r.failed_games) never_played_warnings(r);
  if (r.failed_games) {
    std::printf("stopped at the first failed game:\n");
    for (const auto& f : r.failures) std::printf("  %s\n", f.c_str());
    std::vector<std::string> again = {"ratify",
                                      "check",
                                      a.ruleset,
                                      "--seed",
                                      std::to_string(a.seed),
                                      "--game",
                                      std::to_string(r.first_failed)};
    if (a.players) again.insert(again.end(), {"--players", std::to_string(a.players)});
    for (const auto& s : a.sets) again.insert(again.end(), {"--set", s});
    if (!a.roundtrip) again.push_back("--no-roundtrip");
    std::printf("this game alone: %s\n", command_line(again).c_str());
    return kFailed;
  }
  if (lint.errors()) {
    std::printf("lint found %d error%s (above): FAILED\n", lint.errors(),
                lint.errors() == 1 ? "" : "s");
    return kFailed;
  }
  return kOk;
}

int cmd_test(const std::vector<std::string>& rulesets, bool verbose, const std::string& filter) {
  std::vector<std::string> which = rulesets;
  if (which.empty())
    for (const auto& e : engine::list_rulesets()) which.push_back(e.dir.string());
  int passed = 0, failed = 0;
  for (const auto& spec : which) {
    auto report = engine::run_ruleset_tests(spec, filter);
    std::string id = engine::locate(spec).dir.filename().string();
    if (report.items.empty()) {
      // With a filter, a ruleset none of whose tests match says nothing:
      // the whole run says it once, and fails.
      if (filter.empty()) std::cout << id << ": no tests\n";
      continue;
    }
    for (const auto& item : report.items) {
      if (item.passed) {
        ++passed;
        if (verbose) std::cout << "  ok    " << id << " " << item.file << ": " << item.name << "\n";
      } else {
        ++failed;
        std::cout << "  FAIL  " << id << " " << item.file << ": " << item.name << "\n        "
                  << item.message << "\n";
      }
    }
    if (!verbose)
      std::cout << id << ": " << report.items.size() - report.failed() << " of "
                << report.items.size() << " passed\n";
    if (report.stopped_at >= 0) {
      const auto& item = report.items[static_cast<size_t>(report.stopped_at)];
      std::cout << "stopped at a test that ran out of its limit (the others would wait for it "
                   "too)\nthis test alone: "
                << command_line({"ratify", "test", spec, "--filter", item.name}) << "\n";
      break;
    }
  }
  if (!filter.empty() && passed + failed == 0) {
    std::cout << "no test matches " << filter << " (a test's name or its file's)\n";
    return kFailed;
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed ? kFailed : kOk;
}

}  // namespace ratify::cli
