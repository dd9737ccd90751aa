#include "engine/saves.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>

#include "core/words.hpp"

namespace ratify::engine {

fs::path default_saves_dir() {
  // The XDG base directory spec: a relative $XDG_DATA_HOME is invalid.
  const char* xdg = std::getenv("XDG_DATA_HOME");
  if (xdg && *xdg && fs::path(xdg).is_absolute()) return fs::path(xdg) / "ratify" / "saves";
  const char* home = std::getenv("HOME");
  if (home && *home) return fs::path(home) / ".local" / "share" / "ratify" / "saves";
  return {};
}

namespace {

[[noreturn]] void bad(const std::string& file, int line, const std::string& what) {
  throw core::ReplayError(file + ":" + std::to_string(line) + ": " + what);
}

std::string text_of(const std::string& file) {
  std::error_code ec;
  if (!fs::exists(file, ec)) throw core::ReplayError(file + ": no such file");
  if (!fs::is_regular_file(file, ec)) throw core::ReplayError(file + ": not a file");
  std::ifstream in(file, std::ios::binary);
  if (!in) throw core::ReplayError(file + ": cannot open");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

SavedGame read_save(const std::string& file) {
  SavedGame s;
  s.file = file;
  std::string text = text_of(file);
  {
    // Every line JSON first: a cut or scribbled file gets a plain message.
    std::istringstream in(text);
    std::string l;
    for (int k = 1; std::getline(in, l); ++k) {
      try {
        core::check_json_depth(l);
      } catch (const core::ReplayError& e) {
        bad(file, k, std::string("not a saved game: ") + e.what());
      }
      if (l.find_first_not_of(" \t\r") != std::string::npos && !nlohmann::json::accept(l))
        bad(file, k,
            "not a saved game: this line is not JSON (a save is a replay: one JSON object a "
            "line)");
    }
  }
  s.replay = core::parse_replay(text, file);
  // The header's line, for what a save adds to a replay's header.
  std::istringstream lines(text);
  std::string line;
  int n = 0;
  while (std::getline(lines, line)) {
    ++n;
    if (line.find_first_not_of(" \t\r") != std::string::npos) break;
  }
  const auto& h = s.replay.header;
  try {
    auto j = nlohmann::json::parse(line);
    s.rules_dir = j.value("rules", "");
    s.variant_file = j.value("variant_file", "");
    s.name = j.value("name", "");
    s.saved_at = j.value("saved", int64_t{0});
    if (!j.value("options", nlohmann::json::object()).is_object())
      bad(file, n, "options must be an object");
  } catch (const nlohmann::json::exception& e) {
    bad(file, n, e.what());
  }
  if (h.ruleset.empty()) bad(file, n, "no ruleset named");
  if (h.players < 1 || h.players > core::kMaxPlayers)
    bad(file, n, "players must be 1 to " + std::to_string(core::kMaxPlayers));
  if (!h.seats.empty() && static_cast<int>(h.seats.size()) != h.players)
    bad(file, n,
        core::plural(h.seats.size(), "seat") + " for " +
            core::plural(static_cast<size_t>(h.players), "player"));
  for (const auto& st : s.replay.steps)
    if (st.actor < 1 || st.actor > h.players)
      bad(file, st.line, "the actor must be a player, 1 to " + std::to_string(h.players));
  if (s.name.empty()) s.name = h.ruleset;
  return s;
}

void write_save(const std::string& file, Game& game) {
  core::Replay r = game.replay();
  nlohmann::json head = core::header_json(r.header);
  std::error_code ec;
  const auto& where = game.loaded().where();
  head["name"] = game.loaded().meta().name;
  head["rules"] = fs::absolute(where.dir, ec).lexically_normal().string();
  head["variant_file"] =
      where.variant.empty() ? "" : fs::absolute(where.variant, ec).lexically_normal().string();
  head["saved"] = static_cast<int64_t>(std::time(nullptr));
  std::string text = head.dump() + "\n";
  for (const auto& s : r.steps) text += core::step_json(s).dump() + "\n";
  fs::path path(file);
  if (path.has_parent_path()) {
    fs::create_directories(path.parent_path(), ec);
    if (ec) throw std::runtime_error(path.parent_path().string() + ": " + ec.message());
  }
  fs::path tmp = path;
  tmp += ".part";
  core::write_file(tmp.string(), text);
  fs::rename(tmp, path, ec);
  if (ec) {
    fs::remove(tmp, ec);
    throw std::runtime_error(file + ": cannot write: " + ec.message());
  }
}

std::string new_save_path(const fs::path& dir, Game& game) {
  std::string stem = game.loaded().meta().id;
  if (const auto* v = game.loaded().variant()) stem += "-" + v->file.stem().string();
  std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char when[32];
  std::strftime(when, sizeof when, "%Y%m%d-%H%M%S", &local);
  stem += std::string("-") + when;
  std::error_code ec;
  fs::path p = dir / (stem + ".jsonl");
  for (int k = 2; fs::exists(p, ec); ++k) p = dir / (stem + "-" + std::to_string(k) + ".jsonl");
  return p.string();
}

std::vector<SaveEntry> list_saves(const fs::path& dir) {
  std::vector<std::pair<fs::file_time_type, SaveEntry>> found;
  std::error_code ec;
  if (dir.empty()) return {};
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.path().extension() != ".jsonl" || !e.is_regular_file(ec)) continue;
    SaveEntry entry;
    entry.file = e.path().string();
    try {
      entry.save = read_save(entry.file);
    } catch (const std::exception& ex) {
      entry.error = ex.what();
    }
    found.emplace_back(fs::last_write_time(e.path(), ec), std::move(entry));
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second.file < b.second.file;
  });
  std::vector<SaveEntry> out;
  for (auto& f : found) out.push_back(std::move(f.second));
  return out;
}

std::string find_save(const std::string& what, const fs::path& dir) {
  std::error_code ec;
  if (!what.empty() && (fs::exists(what, ec) || what.ends_with(".jsonl")))
    return what;  // a file: read_save says what is wrong with it
  if (dir.empty())
    throw InputError("no folder for saved games: set XDG_DATA_HOME or HOME, or name the file");
  auto saves = list_saves(dir);
  std::string id = what, variant;
  if (auto slash = what.find('/'); slash != std::string::npos)
    id = what.substr(0, slash), variant = what.substr(slash + 1);
  for (const auto& s : saves) {
    if (what.empty()) return s.file;  // the latest, readable or not: its error then says why
    if (!s.save) continue;
    const auto& h = s.save->replay.header;
    if (h.ruleset == id && (variant.empty() || h.variant == variant)) return s.file;
  }
  if (what.empty())
    throw InputError("no saved games in " + dir.string() +
                     " (a game in the window is saved when you quit it, or with Ctrl+S)");
  throw InputError("no saved game of " + what + " in " + dir.string() +
                   " (and no file of that name)");
}

std::shared_ptr<Loaded> open_rules(const SavedGame& save) {
  const auto& h = save.replay.header;
  std::error_code ec;
  try {
    // The folder it was saved from, while that still holds the ruleset
    // (a designer's folder outside the catalog); else by id. The variant
    // is by name only, and the folder must be the id's: a save names no
    // other .lua file or folder to run (parse_replay keeps both names).
    fs::path dir = save.rules_dir.lexically_normal();
    if (!dir.has_filename()) dir = dir.parent_path();  // "a/b/" is "a/b"
    if (dir.is_absolute() && dir.filename() == h.ruleset &&
        fs::is_regular_file(dir / "ruleset.lua", ec))
      return Loaded::open(dir.string(), h.variant);
    return Loaded::open(catalog_dir(h.ruleset).string(), h.variant);
  } catch (const std::exception& e) {
    throw InputError(save.file + ": the rules of this game (" + h.ruleset +
                     ") do not load: " + e.what());
  }
}

Resumed resume_game(std::shared_ptr<Loaded> loaded, const SavedGame& save, Mode mode) {
  Resumed r;
  r.saved = save.replay.steps.size();
  core::ReplayHeader h = save.replay.header;
  // Options the rules no longer declare (or no longer accept) take their
  // defaults rather than refusing the whole game.
  nlohmann::json kept = nlohmann::json::object();
  for (const auto& [k, v] : h.options.items()) {
    try {
      core::from_json(nlohmann::json{{k, v}}, loaded->meta().options);
      kept[k] = v;
    } catch (const core::OptionError&) {
      r.dropped.push_back(k);
    }
  }
  h.options = kept;
  try {
    r.game = game_from_replay_header(loaded, h, mode);
  } catch (const std::exception& e) {
    throw InputError(save.file +
                     ": cannot deal this game under the rules as they are now: " + e.what());
  }
  Game& g = *r.game;
  for (const auto& s : save.replay.steps) {
    int n = static_cast<int>(r.replayed + 1);
    std::string at = "action " + std::to_string(n) + " (\"" + s.label + "\")";
    try {
      int actor = g.actor();
      if (actor != s.actor) {
        r.stopped = Divergence{n, at + ": it is now " +
                                      (actor ? "Player " + std::to_string(actor) + "'s turn"
                                             : std::string("the end of the game")) +
                                      ", it was Player " + std::to_string(s.actor) + "'s"};
        break;
      }
      int i = g.state().find_action(s.action);
      if (i < 0) {
        r.stopped = Divergence{n, at + " is no longer legal"};
        break;
      }
      g.apply(i);
    } catch (const std::exception& e) {
      r.stopped = Divergence{n, at + ": " + e.what()};
      break;
    }
    ++r.replayed;
    if (!r.changed && g.state().hash() != s.hash) r.changed = Divergence{n, at, true};
  }
  return r;
}

std::string Resumed::report() const {
  std::vector<std::string> parts;
  if (!dropped.empty()) {
    std::string names;
    for (const auto& d : dropped) names += (names.empty() ? "" : ", ") + d;
    parts.push_back("the rules no longer take the option" +
                    std::string(dropped.size() == 1 ? " " : "s ") + names + " (defaults used)");
  }
  if (changed) parts.push_back("the game comes out differently from " + changed->message);
  if (stopped)
    parts.push_back(stopped->message + ": resumed after " +
                    (replayed
                         ? "action " + std::to_string(replayed) + " of " + std::to_string(saved)
                         : std::string("the deal")));
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : "; ") + p;
  if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

}  // namespace ratify::engine
