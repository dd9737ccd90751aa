#include "sim/history.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <thread>

#include "core/files.hpp"
#include "core/hash.hpp"
#include "core/replay.hpp"
#include "engine/catalog.hpp"
#include "sim/format.hpp"
#include "sim/report_reading.hpp"
#include "sim/stats.hpp"

namespace ratify::sim {

namespace fs = std::filesystem;
using nlohmann::json;

fs::path default_history_file() {
  fs::path dir = engine::user_data_dir();  // as saved games: the XDG data folder
  return dir.empty() ? dir : dir / "history.sqlite";
}

std::string now_utc(const char* format) {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

namespace {

std::string file_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool hidden(const fs::path& p) {
  std::string name = p.filename().string();
  return !name.empty() && name[0] == '.';
}

}  // namespace

std::string content_hash(const fs::path& dir, const fs::path& variant_file) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    fs::path rel = fs::relative(it->path(), dir, ec);
    bool skip = hidden(it->path()) || (it.depth() == 0 && rel == "tests");
    if (skip && it->is_directory(ec)) it.disable_recursion_pending();
    // A link out of the folder is not the rules' content (a shared ruleset
    // is a stranger's: its hash must not read /etc/shadow's size and text).
    if (!skip && it->is_regular_file(ec) && core::outside_roots(it->path(), {dir}).empty())
      files.push_back(rel);
  }
  std::sort(files.begin(), files.end());
  core::Hasher h;
  for (const auto& rel : files) {
    h.add(rel.generic_string());
    h.add(file_text(dir / rel));
  }
  if (!variant_file.empty()) {
    fs::path rel = fs::relative(fs::absolute(variant_file, ec), fs::absolute(dir, ec), ec);
    if (rel.empty() || *rel.begin() == "..") h.add(file_text(variant_file));
  }
  return core::hash_hex(h.value());
}

// --- The database -------------------------------------------------------------

namespace {

const char* kSchema = R"(
CREATE TABLE IF NOT EXISTS runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  time TEXT NOT NULL,
  ruleset TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  variants TEXT NOT NULL,
  options TEXT NOT NULL,
  bots TEXT NOT NULL,
  seed TEXT NOT NULL,
  games INTEGER NOT NULL,
  players INTEGER NOT NULL,
  command TEXT NOT NULL,
  headline TEXT NOT NULL,
  report TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS runs_ruleset ON runs(ruleset);
)";

class Statement {
 public:
  Statement(sqlite3* db, const char* sql, const fs::path& file) {
    if (sqlite3_prepare_v2(db, sql, -1, &st_, nullptr) != SQLITE_OK)
      throw HistoryError(file.string() + ": " + sqlite3_errmsg(db));
  }
  ~Statement() { sqlite3_finalize(st_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  void bind(int i, const std::string& s) {
    sqlite3_bind_text(st_, i, s.c_str(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
  }
  void bind(int i, int64_t v) { sqlite3_bind_int64(st_, i, v); }
  int step() { return sqlite3_step(st_); }
  std::string text(int i) {
    auto* p = sqlite3_column_text(st_, i);
    return p ? reinterpret_cast<const char*>(p) : "";
  }
  int64_t integer(int i) { return sqlite3_column_int64(st_, i); }

 private:
  sqlite3_stmt* st_ = nullptr;
};

void exec(sqlite3* db, const char* sql, const fs::path& file) {
  char* err = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : sqlite3_errmsg(db);
    sqlite3_free(err);
    throw HistoryError(file.string() + ": " + msg);
  }
}

// A stored text as JSON, or discarded when it is not JSON or nests deeper
// than replays may: show and diff walk a report a level a call, and a
// report nested 10^6 deep (a database edited by hand) crashed them.
json parse_stored(const std::string& text) {
  try {
    core::check_json_depth(text);
  } catch (const core::ReplayError&) {
    return json(json::value_t::discarded);
  }
  return json::parse(text, nullptr, false);
}

std::vector<std::string> string_list(const std::string& text) {
  std::vector<std::string> out;
  auto j = parse_stored(text);
  if (j.is_array())
    for (const auto& x : j)
      if (x.is_string()) out.push_back(x.get<std::string>());
  return out;
}

const char* kColumns =
    "id, time, ruleset, content_hash, variants, options, bots, seed, games, players, command, "
    "report";

HistoryRun run_from_row(Statement& st) {
  std::vector<std::string> columns;
  for (int i = 1; i <= 11; ++i) columns.push_back(st.text(i));
  HistoryRun r = run_from_columns(columns);
  r.id = st.integer(0);
  r.games = static_cast<int>(st.integer(8));
  r.players = static_cast<int>(st.integer(9));
  return r;
}

}  // namespace

HistoryRun run_from_columns(const std::vector<std::string>& c) {
  auto at = [&](size_t i) -> const std::string& {
    static const std::string none;
    return i < c.size() ? c[i] : none;
  };
  HistoryRun r;
  r.time = at(0);
  r.ruleset = at(1);
  r.content_hash = at(2);
  r.variants = string_list(at(3));
  r.options = string_list(at(4));
  r.bots = string_list(at(5));
  r.seed = std::strtoull(at(6).c_str(), nullptr, 10);
  r.games = std::atoi(at(7).c_str());
  r.players = std::atoi(at(8).c_str());
  r.command = at(9);
  r.report = parse_stored(at(10));
  if (r.report.is_discarded()) r.report = json::object();
  return r;
}

History::History(const fs::path& file, Mode mode) : file_(file) {
  int flags = SQLITE_OPEN_READONLY;
  if (mode == Mode::Write) {
    std::error_code ec;
    if (file.has_parent_path()) fs::create_directories(file.parent_path(), ec);
    flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  }
  if (sqlite3_open_v2(file.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    throw HistoryError(file.string() + ": cannot open the history: " + msg);
  }
  try {
    // Another sim may hold the lock: wait for it rather than fail.
    sqlite3_busy_timeout(db_, 30000);
    if (mode == Mode::Write) {
      // Switching to WAL can report busy without waiting while another
      // process creates the file; it is quick, so try again a while.
      for (int tries = 0;; ++tries) {
        int rc = sqlite3_exec(db_, "PRAGMA journal_mode=WAL", nullptr, nullptr, nullptr);
        if (rc == SQLITE_OK) break;
        if ((rc != SQLITE_BUSY && rc != SQLITE_LOCKED) || tries > 600)
          exec(db_, "PRAGMA journal_mode=WAL", file_);
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      }
      exec(db_, "BEGIN IMMEDIATE", file_);
      exec(db_, kSchema, file_);
      exec(db_, "COMMIT", file_);
    }
    // A file that is not a database, or a database without our table.
    Statement check(db_, "SELECT count(*) FROM runs", file_);
    if (check.step() != SQLITE_ROW) throw HistoryError(file_.string() + ": " + sqlite3_errmsg(db_));
  } catch (const HistoryError& e) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw HistoryError(std::string(e.what()) + " (not a ratify history?)");
  }
}

History::~History() {
  sqlite3_close(db_);
}

int64_t History::record(HistoryRun run) {
  if (run.time.empty()) run.time = now_utc("%Y-%m-%d %H:%M:%S");
  exec(db_, "BEGIN IMMEDIATE", file_);
  try {
    Statement st(db_,
                 "INSERT INTO runs (time, ruleset, content_hash, variants, options, bots, seed, "
                 "games, players, command, headline, report) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                 file_);
    st.bind(1, run.time);
    st.bind(2, run.ruleset);
    st.bind(3, run.content_hash);
    st.bind(4, json(run.variants).dump());
    st.bind(5, json(run.options).dump());
    st.bind(6, json(run.bots).dump());
    st.bind(7, std::to_string(run.seed));
    st.bind(8, int64_t{run.games});
    st.bind(9, int64_t{run.players});
    st.bind(10, run.command);
    st.bind(11, headline(run.report));
    st.bind(12, run.report.dump(-1, ' ', false, json::error_handler_t::replace));
    if (st.step() != SQLITE_DONE) throw HistoryError(file_.string() + ": " + sqlite3_errmsg(db_));
    int64_t id = sqlite3_last_insert_rowid(db_);
    exec(db_, "COMMIT", file_);
    return id;
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

std::vector<HistoryRun> History::list(const std::string& ruleset) const {
  std::string sql = std::string("SELECT ") + kColumns + " FROM runs" +
                    (ruleset.empty() ? "" : " WHERE ruleset = ?") + " ORDER BY id";
  Statement st(db_, sql.c_str(), file_);
  if (!ruleset.empty()) st.bind(1, ruleset);
  std::vector<HistoryRun> out;
  while (st.step() == SQLITE_ROW) out.push_back(run_from_row(st));
  return out;
}

std::optional<HistoryRun> History::find(int64_t id) const {
  std::string sql = std::string("SELECT ") + kColumns + " FROM runs WHERE id = ?";
  Statement st(db_, sql.c_str(), file_);
  st.bind(1, id);
  if (st.step() != SQLITE_ROW) return std::nullopt;
  return run_from_row(st);
}

// --- Reading a stored report ----------------------------------------------------

namespace {

using report_reading::at;
using report_reading::number;

std::string name_of(const json& variant) {
  const json& n = at(variant, "name");
  return n.is_string() && !n.get<std::string>().empty() ? n.get<std::string>() : "base";
}

std::vector<const json*> variants_of(const json& report) {
  std::vector<const json*> out;
  for (const json* v : report_reading::items(report, "variants"))
    if (v->is_object()) out.push_back(v);
  return out;
}

std::string joined(const std::vector<std::string>& xs, const char* sep = ",") {
  std::string out;
  for (const auto& x : xs) out += (out.empty() ? "" : sep) + x;
  return out;
}

// Left-aligned in a column, and at least one space before the next.
std::string pad(std::string s, size_t width) {
  s.resize(std::max(width, s.size() + 1), ' ');
  return s;
}

}  // namespace

// A tournament's bots by win rate alone against the field, per variant:
// "base: random 31%, mcts 69%".
static std::string tournament_headline(const json& t) {
  std::string out;
  for (const json* v : report_reading::items(t, "variants")) {
    std::string rates;
    for (const json* b : report_reading::items(*v, "bots"))
      if (auto r = number(*b, "win_rate"))
        rates += (rates.empty() ? "" : ", ") + report_reading::text(*b, "bot") + " " +
                 percent_points(*r, 0) + "%";
    out += (out.empty() ? "" : "; ") + name_of(*v) + ": " + rates;
  }
  return "tournament " + out;
}

std::string headline(const json& report) {
  if (at(report, "tournament").is_object()) return tournament_headline(at(report, "tournament"));
  std::string out;
  for (const json* v : variants_of(report)) {
    std::string rates;
    const json& seats = at(*v, "seats");
    if (seats.is_array())
      for (const auto& s : seats)
        if (auto r = number(s, "win_rate"))
          rates += (rates.empty() ? "" : "/") + percent_points(*r, 0);
    if (rates.empty()) continue;
    out += (out.empty() ? "" : "; ") + name_of(*v) + " " + rates + "%";
  }
  return out;
}

std::string history_list_text(const std::vector<HistoryRun>& runs) {
  std::ostringstream o;
  o << pad("id", 5) << pad("date (UTC)", 18) << pad("ruleset", 20) << pad("variants", 24)
    << pad("bots", 22) << pad("games", 7) << pad("seed", 6) << "win rate by seat\n";
  for (const auto& r : runs) {
    std::vector<std::string> names;
    for (const auto& v : r.variants) names.push_back(v.empty() ? "base" : v);
    o << pad(std::to_string(r.id), 5) << pad(r.time.substr(0, 16), 18) << pad(r.ruleset, 20)
      << pad(joined(names), 24) << pad(joined(r.bots), 22) << pad(std::to_string(r.games), 7)
      << pad(std::to_string(r.seed), 6) << headline(r.report) << "\n";
  }
  return o.str();
}

std::string history_show_text(const HistoryRun& r) {
  std::ostringstream o;
  std::vector<std::string> names;
  for (const auto& v : r.variants) names.push_back(v.empty() ? "base" : v);
  o << "run " << r.id << ", " << r.time << " UTC\n"
    << "  ruleset   " << r.ruleset << " (content " << r.content_hash << ")\n"
    << "  variants  " << joined(names, ", ") << "\n"
    << "  options   " << (r.options.empty() ? "none" : joined(r.options, " ")) << "\n"
    << "  bots      " << joined(r.bots, ", ") << "\n"
    << "  players   " << r.players << ", " << r.games << " games per variant, seed " << r.seed
    << "\n"
    << "  command   " << r.command << "\n";
  if (const json& files = at(r.report, "variant_files"); files.is_object())
    for (const auto& [name, file] : files.items())
      o << "  file      " << name << ": " << (file.is_string() ? file.get<std::string>() : "")
        << "\n";
  if (const json& t = at(r.report, "tournament"); t.is_object()) {
    o << "tournament (each bot alone in one seat against the field; rating on the Elo scale):\n";
    for (const json* v : report_reading::items(t, "variants")) {
      o << "  " << name_of(*v) << ":\n";
      for (const json* b : report_reading::items(*v, "bots")) {
        auto rate = number(*b, "win_rate"), lo = number(*b, "low"), hi = number(*b, "high");
        auto elo = number(*b, "elo");
        if (!rate) continue;
        o << "    " << pad(report_reading::text(*b, "bot"), 24) << std::setw(6) << percent(*rate);
        if (lo && hi) o << "  [" << percent_points(*lo) << ", " << percent_points(*hi) << "]";
        if (elo) o << "  rating " << signed_fixed(*elo, 0);
        o << "\n";
      }
    }
  }
  for (const json* v : variants_of(r.report)) {
    o << name_of(*v) << ":\n";
    const json& seats = at(*v, "seats");
    if (seats.is_array())
      for (const auto& s : seats) {
        auto rate = number(s, "win_rate"), lo = number(s, "low"), hi = number(s, "high");
        if (!rate) continue;
        o << "  seat " << at(s, "seat").dump() << "  " << std::setw(6) << percent(*rate);
        if (lo && hi) o << "  [" << percent_points(*lo) << ", " << percent_points(*hi) << "]";
        o << "\n";
      }
    for (const char* section : {"metrics", "stats"}) {
      const json& m = at(*v, section);
      if (!m.is_object()) continue;
      for (const auto& [name, x] : m.items()) {
        auto val = number(x, "value") ? number(x, "value") : number(x, "mean");
        if (val) o << "  " << pad(name, 34) << significant(*val, 4) << "\n";
      }
    }
  }
  return o.str();
}

// --- Two runs compared ------------------------------------------------------------

namespace {

struct DiffRow {
  std::string what;
  double a = 0, b = 0, p = 1, p_holm = 1;
};

void seat_rows(const json& va, const json& vb, const std::string& prefix,
               std::vector<DiffRow>& rows) {
  const json &sa = at(va, "seats"), &sb = at(vb, "seats");
  auto na = number(va, "games"), nb = number(vb, "games");
  if (!sa.is_array() || !sb.is_array() || !na || !nb) return;
  for (size_t i = 0; i < std::min(sa.size(), sb.size()); ++i) {
    auto wa = number(sa[i], "wins"), wb = number(sb[i], "wins");
    if (!wa || !wb || *na <= 0 || *nb <= 0) continue;
    rows.push_back({prefix + "seat " + std::to_string(i + 1) + " win rate", *wa / *na, *wb / *nb,
                    two_proportion_p(*wa, *na, *wb, *nb)});
  }
}

void interval_rows(const json& va, const json& vb, const char* section, const char* value,
                   const std::string& prefix, std::vector<DiffRow>& rows) {
  const json &ma = at(va, section), &mb = at(vb, section);
  if (!ma.is_object() || !mb.is_object()) return;
  for (const auto& [name, xa] : ma.items()) {
    const json& xb = at(mb, name);
    auto a = number(xa, value), b = number(xb, value);
    auto al = number(xa, "low"), ah = number(xa, "high"), bl = number(xb, "low"),
         bh = number(xb, "high");
    if (!a || !b || !al || !ah || !bl || !bh) continue;
    if (auto p = interval_p(*a, {*al, *ah}, *b, {*bl, *bh}))
      rows.push_back({prefix + name, *a, *b, *p});
  }
}

void length_row(const json& va, const json& vb, const std::string& prefix,
                std::vector<DiffRow>& rows) {
  const json &la = at(va, "length"), &lb = at(vb, "length");
  auto ma = number(la, "mean"), mb = number(lb, "mean"), sa = number(la, "sd"),
       sb = number(lb, "sd"), na = number(va, "games"), nb = number(vb, "games");
  if (!ma || !mb || !sa || !sb || !na || !nb) return;
  if (*na < 2 || *nb < 2 || *na > 1e12 || *nb > 1e12) return;
  Summary a{static_cast<size_t>(*na), *ma, *sa, 0, 0}, b{static_cast<size_t>(*nb), *mb, *sb, 0, 0};
  rows.push_back({prefix + "mean length", *ma, *mb, welch_p(a, b)});
}

// A tournament's bots, by name: win rate alone against the field (the
// pairings' games) and rating (its bootstrap interval).
void bot_rows(const json& va, const json& vb, const std::string& prefix,
              std::vector<DiffRow>& rows) {
  for (const json* a : report_reading::items(va, "bots"))
    for (const json* b : report_reading::items(vb, "bots")) {
      std::string bot = report_reading::text(*a, "bot");
      if (bot != report_reading::text(*b, "bot")) continue;
      auto wa = number(*a, "wins"), na = number(*a, "games"), wb = number(*b, "wins"),
           nb = number(*b, "games");
      if (wa && na && wb && nb && *na > 0 && *nb > 0)
        rows.push_back({prefix + bot + " win rate", *wa / *na, *wb / *nb,
                        two_proportion_p(*wa, *na, *wb, *nb)});
      auto ea = number(*a, "elo"), eb = number(*b, "elo"), al = number(*a, "elo_low"),
           ah = number(*a, "elo_high"), bl = number(*b, "elo_low"), bh = number(*b, "elo_high");
      if (ea && eb && al && ah && bl && bh)
        if (auto p = interval_p(*ea, {*al, *ah}, *eb, {*bl, *bh}))
          rows.push_back({prefix + bot + " rating", *ea, *eb, *p});
    }
}

// The variants of two reports to compare: those of the same name; two
// runs of one variant each (a tournament with a card, one without) are
// compared whatever their names.
std::vector<std::pair<const json*, const json*>> matched(const std::vector<const json*>& a,
                                                         const std::vector<const json*>& b) {
  std::vector<std::pair<const json*, const json*>> out;
  for (const json* va : a)
    for (const json* vb : b)
      if (name_of(*va) == name_of(*vb)) out.emplace_back(va, vb);
  if (out.empty() && a.size() == 1 && b.size() == 1) out.emplace_back(a[0], b[0]);
  return out;
}

// Holm's correction across every row of the diff.
void holm_rows(std::vector<DiffRow>& rows) {
  std::vector<double> ps;
  for (const auto& r : rows) ps.push_back(r.p);
  auto adjusted = holm(ps);
  for (size_t k = 0; k < rows.size(); ++k) rows[k].p_holm = adjusted[k];
}

std::vector<std::string> warnings(const HistoryRun& a, const HistoryRun& b) {
  std::vector<std::string> w;
  if (a.content_hash != b.content_hash)
    w.push_back("the rules changed between the runs (content " + a.content_hash + " -> " +
                b.content_hash + ")");
  if (a.options != b.options)
    w.push_back("options differ: [" + joined(a.options, " ") + "] -> [" + joined(b.options, " ") +
                "]");
  if (a.seed != b.seed)
    w.push_back("seeds differ (" + std::to_string(a.seed) + ", " + std::to_string(b.seed) +
                "): different deals, so only chance-level differences are expected");
  if (a.games != b.games)
    w.push_back("games differ (" + std::to_string(a.games) + ", " + std::to_string(b.games) + ")");
  return w;
}

}  // namespace

std::string history_diff_text(const HistoryRun& a, const HistoryRun& b) {
  auto differ = [&](const std::string& what) {
    throw HistoryError("runs " + std::to_string(a.id) + " and " + std::to_string(b.id) +
                       " are not the same test: " + what);
  };
  if (a.ruleset != b.ruleset) differ("ruleset " + a.ruleset + " vs " + b.ruleset);
  if (a.players != b.players)
    differ(std::to_string(a.players) + " vs " + std::to_string(b.players) + " players");
  if (a.bots != b.bots) differ("bots " + joined(a.bots) + " vs " + joined(b.bots));
  std::vector<DiffRow> rows;
  bool tournament_a = at(a.report, "tournament").is_object(),
       tournament_b = at(b.report, "tournament").is_object();
  if (tournament_a != tournament_b) differ("a tournament against a sim");
  std::vector<std::string> notes;
  if (tournament_a) {
    auto ta = report_reading::items(at(a.report, "tournament"), "variants"),
         tb = report_reading::items(at(b.report, "tournament"), "variants");
    for (auto [va, vb] : matched(ta, tb))
      bot_rows(*va, *vb, ta.size() > 1 ? name_of(*va) + ": " : "", rows);
  }
  for (auto [va, vb] : matched(variants_of(a.report), variants_of(b.report))) {
    std::string prefix = variants_of(a.report).size() > 1 ? name_of(*va) + ": " : "";
    if (name_of(*va) != name_of(*vb))
      notes.push_back("comparing " + name_of(*va) + " (run " + std::to_string(a.id) + ") with " +
                      name_of(*vb) + " (run " + std::to_string(b.id) +
                      "), the one variant of each");
    seat_rows(*va, *vb, prefix, rows);
    // The report's metrics may hold the length already.
    if (at(at(*va, "metrics"), "length").is_null()) length_row(*va, *vb, prefix, rows);
    interval_rows(*va, *vb, "metrics", "value", prefix, rows);
    interval_rows(*va, *vb, "stats", "mean", prefix, rows);
  }
  holm_rows(rows);
  std::ostringstream o;
  o << "run " << a.id << " (" << a.time << ") against run " << b.id << " (" << b.time << "), "
    << a.ruleset << ", " << a.players << " players\n";
  for (const auto& w : warnings(a, b)) o << "warning: " << w << "\n";
  for (const auto& n : notes) o << "note: " << n << "\n";
  if (rows.empty()) return o.str() + "no variant in common to compare\n";
  o << pad("", 40) << pad("run " + std::to_string(a.id), 11)
    << pad("run " + std::to_string(b.id), 11) << pad("diff", 10) << pad("p", 8) << "p (Holm)\n";
  int significant_rows = 0;
  for (const auto& r : rows) {
    bool sig = r.p_holm < 0.05;
    significant_rows += sig;
    o << pad(r.what, 40) << pad(significant(r.a, 4), 11) << pad(significant(r.b, 4), 11)
      << pad(signed_significant(r.b - r.a, 3), 10) << pad(fixed(r.p, 3), 8) << fixed(r.p_holm, 3)
      << (sig ? "  *" : "") << "\n";
  }
  o << significant_rows << " of " << rows.size()
    << " differences significant at 5% after Holm correction (*)\n";
  return o.str();
}

}  // namespace ratify::sim
