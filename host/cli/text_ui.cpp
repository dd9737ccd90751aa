#include "cli/text_ui.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "bots/bots.hpp"
#include "core/words.hpp"
#include "engine/reload_changes.hpp"

namespace ratify::cli {

namespace {

std::string player_name(int p) {
  return "Player " + std::to_string(p);
}

std::string lower(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

const core::CardDef& def_of(engine::Game& game, const engine::CardView& c) {
  return game.state().card_defs()[static_cast<size_t>(c.def)];
}

// A face-up card as a player names it: its corner label and name, never
// the host's id.
std::string card_name(engine::Game& game, const engine::CardView& c) {
  if (c.glimpsed) return "face down, just seen: " + def_of(game, c).name;
  if (!c.face_up) return "##";
  const auto& d = def_of(game, c);
  if (!d.short_label.empty() && d.short_label != d.name) return d.short_label + " " + d.name;
  return d.name;
}

// What lies in a zone: hidden cards counted ("47 face down, then P4 Dan
// Oakheart" for a deck showing its top card), face-up ones named.
std::string zone_cards(engine::Game& game, const engine::ZoneView& z) {
  std::string s;
  int hidden = 0;
  auto flush_hidden = [&] {
    if (!hidden) return;
    s += (s.empty() ? "" : ", ") + std::to_string(hidden) + " face down";
    hidden = 0;
  };
  for (const auto& c : z.cards) {
    if (!c.face_up && !c.glimpsed) {
      ++hidden;
      continue;
    }
    bool after_hidden = hidden > 0;
    flush_hidden();
    s += (s.empty() ? "" : after_hidden ? ", then " : ", ") + card_name(game, c);
  }
  flush_hidden();
  return s;
}

// One line of the board: `key` says which (whose zone, or whose status),
// so a later board prints only the lines that changed.
struct BoardLine {
  std::string key, text;
};

std::string joined(const std::vector<std::string>& lines, const std::vector<std::string>& skip) {
  std::string s;
  for (const auto& l : lines)
    if (std::find(skip.begin(), skip.end(), l) == skip.end())
      s += (s.empty() ? "" : " \u00b7 ") + l;
  return s;
}

// The board as `seat` sees it: the table's status and zones, then each
// player's status and zones; empty zones left out.
std::vector<BoardLine> board(engine::Game& game, const engine::View& v, int seat) {
  std::vector<BoardLine> lines;
  if (!v.shared_status.empty())
    lines.push_back({"status:0", "Table: " + joined(v.shared_status, {})});
  // A line the table already says ("Hand 1") is not said again for each
  // player. Lines only alike by chance ("Score 0" for all at the start)
  // stay each player's, so the board does not reshuffle as scores part.
  const auto& skip = v.shared_status;
  auto zones_of = [&](int owner) {
    for (const auto& z : v.zones) {
      if (z.owner != owner || z.cards.empty()) continue;
      std::string title = z.label.empty() ? z.name : z.label;
      std::string you = owner && owner == seat ? " (you)" : "";
      if (owner && title.find(player_name(owner)) == std::string::npos)
        title = player_name(owner) + you + ", " + title;  // "Player 2, Hand"
      else
        title += you;  // the label names its owner: "Player 2's hand"
      lines.push_back({"zone:" + z.name, title + ": " + zone_cards(game, z)});
    }
  };
  zones_of(0);
  for (int p = 1; p <= game.players(); ++p) {
    std::string status =
        p - 1 < static_cast<int>(v.status.size()) ? joined(v.status[p - 1], skip) : "";
    if (!status.empty())
      lines.push_back({"status:" + std::to_string(p),
                       player_name(p) + (p == seat ? " (you)" : "") + ": " + status});
    zones_of(p);
  }
  return lines;
}

// Prints the board: whole the first time (or when asked, or for another
// seat), else only what changed since it was last printed.
class BoardPrinter {
 public:
  void print(const std::vector<BoardLine>& lines, int seat, bool whole, std::ostream& out) {
    whole = whole || seat != seat_;
    std::map<std::string, std::string> now;
    for (const auto& l : lines) now[l.key] = l.text;
    int printed = 0;
    for (const auto& l : lines) {
      auto was = shown_.find(l.key);
      if (whole || was == shown_.end() || was->second != l.text)
        out << "  " << l.text << "\n", ++printed;
    }
    if (!whole)
      for (const auto& [key, text] : shown_)
        if (!now.count(key))
          out << "  " << text.substr(0, text.find(": ")) << ": empty now\n", ++printed;
    if (!printed) out << "  (nothing else changed; b shows the whole board)\n";
    shown_ = std::move(now);
    seat_ = seat;
  }

 private:
  std::map<std::string, std::string> shown_;
  int seat_ = -1;
};

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
  out << "  N        carry out action N\n"
         "  e        end the turn (when offered)\n"
         "  u        undo your last action (not over a card it showed you)\n"
         "  b        the whole board again\n"
         "  a        the actions again\n"
         "  c NAME   show a card you see in full (part of its name will do)\n"
         "  l        the whole game log\n"
         "  rules    how to play this game (rules designer: the designer's notes)\n"
         "  reload   read the rules' files again and replay the game under them\n"
         "  auto     forced moves played for you, or asked (switches)\n"
         "  q        quit\n";
}

// The actor, or 0 when the rules fail to name one (a reload may break them).
int actor_or_none(engine::Game& game) {
  try {
    return game.actor();
  } catch (const std::exception&) {
    return 0;
  }
}

// `reload`: the window reloads on every save; a terminal waiting in
// getline has no frame to watch the files from, so here it is a command.
// The game is replayed under the new rules (engine::Game::reload); rules
// that fail or refuse an action played leave the old ones in place. What
// the reload changed on the table is said as the window says it
// (engine/reload_changes.hpp).
void reload_rules(engine::Game& game, const std::vector<std::string>& seats,
                  std::vector<std::unique_ptr<bots::Bot>>& seat_bot, std::ostream& out) {
  std::shared_ptr<engine::Loaded> fresh;
  try {
    fresh = engine::Loaded::open(game.loaded().spec(), game.loaded().variant_spec());
  } catch (const std::exception& e) {
    out << "the rules do not load, the old ones stay:\n  " << e.what() << "\n";
    return;
  }
  auto human = [&](int p) { return p >= 1 && !seat_bot[static_cast<size_t>(p - 1)]; };
  int actor = actor_or_none(game);
  engine::Picture before = engine::picture_of(game, human(actor));
  size_t replayed = game.steps();
  auto d = game.reload(fresh);
  if (d && !d->adopted) {
    out << "the new rules refuse this game, the old ones stay:\n  " << d->message << "\n";
    return;
  }
  for (size_t p = 0; p < seat_bot.size(); ++p)  // a bot may read the old rules' heuristic
    if (seat_bot[p]) seat_bot[p] = bots::make_bot(seats[p], game.loaded().meta());
  int now = actor_or_none(game);
  engine::Changes changes =
      engine::differences(before, engine::picture_of(game, now == actor && human(actor)));
  bool none = changes.cards.empty() && changes.table.empty();
  out << "rules reloaded: " << core::plural(replayed, "action") << " replayed";
  if (d)
    out << "; " << d->message;
  else if (none)
    out << ", nothing on the table changed";
  out << "\n";
  if (none) return;
  std::istringstream lines(engine::summary(changes, 3));
  for (std::string line; std::getline(lines, line);) out << "  " << line << "\n";
}

// With no human at the table, every move is said as --log records it,
// `Player N: label`, before the lines the rules log for it: a ruleset that
// logs only a move's consequences (GITMO's refills, a card drawn) leaves
// the move itself out of the log, since the engine adds its own line only
// to a move the rules logged nothing public for. With a human the log is
// what the rules made public, no more: a bot's label may name a card the
// human does not see.
void apply_and_say(engine::Game& game, int i, int reader, size_t& log_shown, std::ostream& out,
                   bool quiet) {
  std::string line = player_name(game.actor()) + ": " + game.state().action(i).label;
  auto log = game.state().log_for(reader);
  for (; log_shown < log.size(); ++log_shown)
    if (!quiet) out << "  | " << log[log_shown] << "\n";
  game.apply(i);
  log = game.state().log_for(reader);
  bool said =
      std::find(log.begin() + static_cast<std::ptrdiff_t>(log_shown), log.end(), line) != log.end();
  if (!said && !quiet) out << "  > " << line << "\n";
}

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  if (in) s << in.rdbuf();
  return s.str();
}

}  // namespace

std::string card_text(engine::Game& game, const engine::View& v, const std::string& query) {
  std::string q = lower(query);
  const core::CardDef* def = nullptr;
  for (const auto& z : v.zones)
    for (const auto& c : z.cards)
      if (!def && c.face_up && !q.empty()) {
        const auto& d = def_of(game, c);
        if (lower(d.name).find(q) != std::string::npos || lower(d.short_label) == q) def = &d;
      }
  if (!def) return "no card you see is called \"" + query + "\"";
  const auto& d = *def;
  std::string s = d.name;
  if (!d.kind.empty()) s += " (" + d.kind + ")";
  if (!d.text.empty()) s += "\n  " + d.text;
  if (!d.quote.empty()) s += "\n  \"" + d.quote + "\"";
  return s;
}

std::string result_text(engine::Game& game, const engine::Result& r,
                        const std::vector<std::string>& seats) {
  auto names = [](std::vector<int> ps) {
    std::string s = ps.size() > 1 ? "Players " : "Player ";
    for (size_t k = 0; k < ps.size(); ++k)
      s += (k == 0 ? "" : k + 1 == ps.size() ? " and " : ", ") + std::to_string(ps[k]);
    return s;
  };
  int you = 0, humans = 0;
  for (size_t p = 0; p < seats.size(); ++p)
    if (seats[p] == "human") ++humans, you = static_cast<int>(p) + 1;
  bool you_won = std::count(r.winners.begin(), r.winners.end(), you) > 0;
  std::vector<int> others;
  for (int w : r.winners)
    if (w != you) others.push_back(w);
  std::string headline =
      humans != 1         ? (r.winners.empty() ? "Nobody won" : names(r.winners) + " won")
      : you_won           ? (others.empty() ? "You won" : "You won, with " + names(others))
      : r.winners.empty() ? (game.players() == 1 ? "You lost" : "You lost: nobody won")
                          : "You lost: " + names(r.winners) + " won";
  std::ostringstream s;
  s << "*** " << headline << " ***\n";
  if (!r.text.empty()) s << "  " << r.text << "\n";
  if (!r.scores.empty()) {
    s << "  scores:";
    for (size_t p = 0; p < r.scores.size(); ++p)
      s << (p ? ", " : " ") << player_name(static_cast<int>(p) + 1) << " " << r.scores[p];
    s << "\n";
  }
  return s.str();
}

std::string rules_text(engine::Game& game, bool designer) {
  auto dir = game.loaded().where().dir;
  std::string md = designer ? std::string() : read_file(dir / "HOW_TO_PLAY.md");
  if (md.empty()) md = read_file(dir / "README.md");
  return md.empty() ? "This ruleset has no README.md: its rules are in its Lua files.\n" : md;
}

int play_text(engine::Game& game, const std::vector<std::string>& seats, std::istream& in,
              std::ostream& out, const TextOptions& opts) {
  std::vector<std::unique_ptr<bots::Bot>> seat_bot(game.players());
  std::vector<core::Rng> rngs;
  for (int p = 0; p < game.players(); ++p) {
    if (seats[p] != "human") seat_bot[p] = bots::make_bot(seats[p], game.loaded().meta());
    rngs.emplace_back(core::mix_seed(game.seed(), 1000 + static_cast<uint64_t>(p)));
  }
  // The log as one seat is shown it: the one human's (its private lines
  // too), else everyone's; with several humans at one screen, each reads
  // its own private lines with `l` at its turn.
  int humans = 0, reader = 0;
  for (int p = 0; p < game.players(); ++p)
    if (!seat_bot[p]) ++humans, reader = p + 1;
  if (humans != 1) reader = 0;
  // A new game shows what its setup logged (a card dealt that asks its
  // player to choose, as GITMO's Special Ops do, is said before the
  // question); a resumed one starts after the lines already read.
  size_t log_shown = game.steps() == 0 ? 0 : game.state().log_for(reader).size();
  // Forced moves are played for the humans by the engine (their lines show
  // in the log like any move).
  auto set_auto = [&](bool on) {
    uint32_t humans_mask = 0;
    for (int p = 0; p < game.players(); ++p)
      if (!seat_bot[p] && on) humans_mask |= 1u << (p + 1);
    game.set_auto_seats(humans_mask);
    if (opts.after_action) opts.after_action();
  };
  bool auto_moves = opts.auto_moves;
  set_auto(auto_moves);
  int done = 0;
  BoardPrinter printer;
  bool changed = true, whole = true;  // the board and actions to print before the prompt
  auto flush_log = [&]() {
    const auto log = game.state().log_for(reader);
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
      if (humans == 0)
        apply_and_say(game, i, reader, log_shown, out, opts.quiet);
      else
        game.apply(i);
      ++done;
      changed = true;
      if (opts.after_action) opts.after_action();
      continue;
    }
    engine::View v = game.view(actor);  // all a human seat is shown comes from here
    Listed listed = list_actions(v.actions);
    if (changed) {
      out << "\n== " << game.loaded().meta().name << " \u00b7 " << player_name(actor)
          << ", your turn ==\n";
      printer.print(board(game, v, actor), actor, whole, out);
      show_actions(v, listed, out);
      changed = whole = false;
    }
    out << player_name(actor) << ", your action (h for help)> " << std::flush;
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
    } else if (cmd == "b") {
      changed = whole = true;
    } else if (cmd == "a") {
      show_actions(v, listed, out);
    } else if (cmd == "rules") {
      std::string which;
      words >> which;
      out << rules_text(game, which == "designer" || which == "readme");
    } else if (cmd == "auto") {
      auto_moves = !auto_moves;
      out << (auto_moves ? "forced moves are played for you\n" : "forced moves are asked\n");
      set_auto(auto_moves);
      changed = true;
    } else if (cmd == "reload") {
      reload_rules(game, seats, seat_bot, out);
      log_shown = game.state().log_for(reader).size();
      changed = whole = true;
    } else if (cmd == "u") {
      std::string why = game.why_no_undo(actor);
      if (why.empty()) {
        game.undo(actor);
        if (opts.after_action) opts.after_action();
        log_shown = game.state().log_for(reader).size();
        out << "undone\n";
        changed = true;
      } else {
        out << why << "\n";
      }
    } else if (cmd == "c") {
      std::string name;
      std::getline(words >> std::ws, name);
      out << card_text(game, v, name) << "\n";
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
        changed = true;
        if (opts.after_action) opts.after_action();
      } catch (const engine::ScriptError& e) {
        out << "the ruleset failed on that action, nothing changed:\n  " << e.what() << "\n";
      }
    }
  }
  flush_log();
  if (auto r = game.result()) out << result_text(game, *r, seats);
  return 0;
}

}  // namespace ratify::cli
