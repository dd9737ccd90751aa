#include "cli/text_ui.hpp"

#include <iostream>
#include <sstream>

#include "bots/bots.hpp"

namespace ratify::cli {

namespace {

std::string card_name(engine::Game& game, const engine::CardView& c) {
  if (!c.face_up) return "##";
  const auto& d = game.state().card_defs()[static_cast<size_t>(c.def)];
  std::string s = d.name;
  if (!d.short_label.empty() && d.short_label != d.name) s = d.short_label + " " + s;
  return s + " #" + std::to_string(c.id);
}

void show_view(engine::Game& game, const engine::View& v, int player, std::ostream& out) {
  out << "\n== " << game.loaded().meta().name << " == player " << player << " to act ==\n";
  for (const auto& z : v.zones) {
    std::string title = z.label.empty() ? z.name : z.label;
    out << "  " << title << " (" << z.cards.size() << "):";
    bool all_hidden = true;
    for (const auto& c : z.cards) all_hidden &= !c.face_up;
    if (z.cards.empty())
      out << " empty";
    else if (all_hidden)
      out << " " << z.cards.size() << " face down";
    else
      for (size_t k = 0; k < z.cards.size(); ++k)
        out << (k ? ", " : " ") << card_name(game, z.cards[k]);
    out << "\n";
  }
  if (!v.shared_status.empty()) {
    out << "  table:";
    for (const auto& line : v.shared_status) out << "  " << line;
    out << "\n";
  }
  for (int p = 1; p <= game.players(); ++p)
    if (!v.status[p - 1].empty()) {
      out << "  player " << p << ":";
      for (const auto& line : v.status[p - 1]) out << "  " << line;
      out << "\n";
    }
}

// The seat's actions as the window lists them: the safe ones numbered,
// the risky ones after them, the End-turn action apart (`e`).
struct Listed {
  std::vector<int> order;  // shown number k+1 -> action index
  int end_turn = -1;       // action index, or -1
};

Listed list_actions(const std::vector<engine::ActionView>& acts) {
  Listed l;
  std::vector<int> risky;
  for (const auto& a : acts) {
    if (a.action.ends_turn && l.end_turn < 0 && !a.action.risky)
      l.end_turn = a.index;
    else
      (a.action.risky ? risky : l.order).push_back(a.index);
  }
  l.order.insert(l.order.end(), risky.begin(), risky.end());
  return l;
}

void show_actions(const engine::View& v, const Listed& l, std::ostream& out) {
  bool risky_seen = false;
  for (size_t k = 0; k < l.order.size(); ++k) {
    const auto& a = v.actions[static_cast<size_t>(l.order[k])].action;
    if (a.risky && !risky_seen) {
      out << "  -- risky --\n";
      risky_seen = true;
    }
    out << "  " << k + 1 << ") " << a.label << "\n";
  }
  if (l.end_turn >= 0)
    out << "  e) " << v.actions[static_cast<size_t>(l.end_turn)].action.label << "\n";
}

// A risky action is never one key away: it asks first, with the rules' warning.
bool confirmed(const engine::Action& a, std::istream& in, std::ostream& out) {
  out << "  " << a.label << (a.warning.empty() ? "" : " \u2014 " + a.warning)
      << "\n  are you sure? (y/n)> " << std::flush;
  std::string answer;
  return std::getline(in, answer) && !answer.empty() && (answer[0] == 'y' || answer[0] == 'Y');
}

void print_help(std::ostream& out) {
  out << "  N      carry out action N\n"
         "  e      end the turn (when offered)\n"
         "  u      undo your last action (not over a card it showed you)\n"
         "  c N    show card N in full\n"
         "  l      the whole game log\n"
         "  q      quit\n";
}

}  // namespace

std::string card_text(engine::Game& game, const engine::View& v, int card) {
  const core::CardDef* def = nullptr;
  for (const auto& z : v.zones)
    for (const auto& c : z.cards)
      if (card >= 1 && c.id == card && c.face_up) def = &game.state().card_defs()[c.def];
  if (!def) return "you cannot see that card";
  const auto& d = *def;
  std::string s = d.name;
  if (!d.kind.empty()) s += " (" + d.kind + ")";
  if (!d.text.empty()) s += "\n  " + d.text;
  if (!d.quote.empty()) s += "\n  \"" + d.quote + "\"";
  return s;
}

std::string result_text(engine::Game& game, const engine::Result& r) {
  std::ostringstream s;
  s << "Game over.";
  if (!r.text.empty()) s << " " << r.text;
  s << "\n  winners:";
  if (r.winners.empty()) s << " nobody";
  for (int w : r.winners) s << " player " << w;
  if (!r.scores.empty()) {
    s << "\n  scores:";
    for (size_t p = 0; p < r.scores.size(); ++p) s << " p" << p + 1 << "=" << r.scores[p];
  }
  (void)game;
  return s.str() + "\n";
}

int play_text(engine::Game& game, const std::vector<std::string>& seats, std::istream& in,
              std::ostream& out, const TextOptions& opts) {
  std::vector<std::unique_ptr<bots::Bot>> seat_bot(game.players());
  std::vector<core::Rng> rngs;
  for (int p = 0; p < game.players(); ++p) {
    if (seats[p] != "human") seat_bot[p] = bots::make_bot(seats[p], game.loaded().meta());
    rngs.emplace_back(core::mix_seed(game.seed(), 1000 + static_cast<uint64_t>(p)));
  }
  size_t log_shown = game.state().log().size();
  int done = 0;
  auto flush_log = [&]() {
    const auto& log = game.state().log();
    if (log_shown > log.size()) log_shown = log.size();
    for (; log_shown < log.size(); ++log_shown)
      if (!opts.quiet) out << "  | " << log[log_shown] << "\n";
  };
  for (;;) {
    flush_log();
    int actor = game.actor();
    if (actor == 0) break;
    if (opts.max_actions && done >= opts.max_actions) {
      out << "stopped after " << done << " actions (--max-actions)\n";
      return 0;
    }
    int n = game.action_count();
    if (n == 0) throw std::runtime_error(game.state().no_action_message(actor));
    if (seat_bot[actor - 1]) {
      // The move shows in the log below, as every face shows it.
      int i = seat_bot[actor - 1]->choose(game, rngs[actor - 1]);
      game.apply(i);
      ++done;
      if (opts.after_action) opts.after_action();
      continue;
    }
    engine::View v = game.view(actor);  // all a human seat is shown comes from here
    Listed listed = list_actions(v.actions);
    show_view(game, v, actor, out);
    show_actions(v, listed, out);
    out << "player " << actor << ", your action (h for help)> " << std::flush;
    std::string line;
    if (!std::getline(in, line)) {
      out << "\nend of input: game left unfinished\n";
      return 0;
    }
    std::istringstream words(line);
    std::string cmd;
    words >> cmd;
    if (cmd == "q") return 0;
    if (cmd == "h" || cmd == "?") {
      print_help(out);
    } else if (cmd == "u") {
      std::string why = game.why_no_undo(actor);
      if (why.empty()) {
        game.undo(actor);
        if (opts.after_action) opts.after_action();
        log_shown = game.state().log().size();
        out << "undone\n";
      } else {
        out << why << "\n";
      }
    } else if (cmd == "c") {
      int c = 0;
      words >> c;
      out << card_text(game, v, c) << "\n";
    } else if (cmd == "l") {
      for (const auto& l : v.log) out << "  | " << l << "\n";
    } else {
      // A number, all of it: "1e3" or "2x" is no action (stoi would read 1, 2).
      int k = 0, shown = static_cast<int>(listed.order.size());
      if (!cmd.empty() && cmd.size() <= 6 &&
          cmd.find_first_not_of("0123456789") == std::string::npos)
        k = std::stoi(cmd);
      int i = cmd == "e" ? listed.end_turn : k >= 1 && k <= shown ? listed.order[k - 1] : -1;
      if (i < 0) {
        out << (cmd == "e" ? "no End turn now" : "type a number from 1 to " + std::to_string(shown))
            << " (h for help)\n";
        continue;
      }
      const auto& chosen = v.actions[static_cast<size_t>(i)].action;
      if (chosen.risky && !confirmed(chosen, in, out)) {
        out << "not done\n";
        continue;
      }
      try {
        game.apply(i);
        ++done;
        if (opts.after_action) opts.after_action();
      } catch (const engine::ScriptError& e) {
        out << "the ruleset failed on that action, nothing changed:\n  " << e.what() << "\n";
      }
    }
  }
  flush_log();
  if (auto r = game.result()) out << result_text(game, *r);
  return 0;
}

}  // namespace ratify::cli
