#include "cli/text_ui.hpp"

#include <iostream>
#include <sstream>

#include "bots/bots.hpp"

namespace ratify::cli {

namespace {

std::string card_name(const engine::Game& game, const engine::CardView& c) {
  if (!c.face_up) return "##";
  const auto& d = const_cast<engine::Game&>(game).match().table().defs()[c.def];
  std::string s = d.name;
  if (!d.short_label.empty() && d.short_label != d.name) s = d.short_label + " " + s;
  return s + " #" + std::to_string(c.id);
}

void show_view(engine::Game& game, int player, std::ostream& out) {
  engine::View v = game.view(player);
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
  for (int p = 1; p <= game.players(); ++p)
    if (!v.status[p - 1].empty()) {
      out << "  player " << p << ":";
      for (const auto& line : v.status[p - 1]) out << "  " << line;
      out << "\n";
    }
}

void print_help(std::ostream& out) {
  out << "  N      carry out action N\n"
         "  u      undo your last action (not over a card it showed you)\n"
         "  c N    show card N in full\n"
         "  l      the whole game log\n"
         "  q      quit\n";
}

}  // namespace

std::string card_text(const engine::Game& game, int card) {
  auto& t = const_cast<engine::Game&>(game).match().table();
  if (card < 1 || card > t.ncards()) return "no such card";
  const auto& d = t.def(card);
  std::string s = d.name;
  if (!d.kind.empty()) s += " (" + d.kind + ")";
  if (!d.text.empty()) s += "\n  " + d.text;
  if (!d.quote.empty()) s += "\n  \"" + d.quote + "\"";
  return s;
}

std::string result_text(engine::Game& game, const lua::Result& r) {
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
  size_t log_shown = game.match().log().size();
  int done = 0;
  auto flush_log = [&]() {
    const auto& log = game.match().log();
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
    if (n == 0) throw std::runtime_error(lua::no_action_message(game.loaded().rules(), actor));
    if (seat_bot[actor - 1]) {
      int i = seat_bot[actor - 1]->choose(game, rngs[actor - 1]);
      if (!opts.quiet)
        out << "p" << actor << " (" << seats[actor - 1] << "): " << game.action(i).label << "\n";
      game.apply(i);
      ++done;
      if (opts.after_action) opts.after_action();
      continue;
    }
    show_view(game, actor, out);
    for (int i = 0; i < n; ++i) out << "  " << i + 1 << ") " << game.action(i).label << "\n";
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
        log_shown = game.match().log().size();
        out << "undone\n";
      } else {
        out << why << "\n";
      }
    } else if (cmd == "c") {
      int c = 0;
      words >> c;
      bool visible =
          c >= 1 && c <= game.match().table().ncards() && game.match().table().sees(actor, c);
      out << (visible ? card_text(game, c) : "you cannot see that card") << "\n";
    } else if (cmd == "l") {
      for (const auto& l : game.match().log()) out << "  | " << l << "\n";
    } else {
      // A number, all of it: "1e3" or "2x" is no action (stoi would read 1, 2).
      int i = 0;
      if (!cmd.empty() && cmd.size() <= 6 &&
          cmd.find_first_not_of("0123456789") == std::string::npos)
        i = std::stoi(cmd);
      if (i < 1 || i > n) {
        out << "type a number from 1 to " << n << " (h for help)\n";
        continue;
      }
      try {
        game.apply(i - 1);
        ++done;
        if (opts.after_action) opts.after_action();
      } catch (const lua::ScriptError& e) {
        out << "the ruleset failed on that action, nothing changed:\n  " << e.what() << "\n";
      }
    }
  }
  flush_log();
  if (auto r = game.result()) out << result_text(game, *r);
  return 0;
}

}  // namespace ratify::cli
