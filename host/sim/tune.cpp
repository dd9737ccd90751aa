#include "sim/tune.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include "core/rng.hpp"
#include "engine/catalog.hpp"
#include "engine/game.hpp"
#include "sim/format.hpp"

namespace ratify::sim {

namespace {

using engine::InputError;

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

double number(const std::string& text, const std::string& what) {
  try {
    size_t used = 0;
    double v = std::stod(text, &used);
    if (used == text.size() && std::isfinite(v)) return v;
  } catch (const std::exception&) {
  }
  throw InputError(what + ": '" + text + "' is not a number");
}

// "LO..HI" as two numbers.
std::pair<double, double> range_of(const std::string& text, const std::string& what) {
  size_t dots = text.find("..");
  if (dots == std::string::npos) throw InputError(what + ": expected LO..HI, got '" + text + "'");
  double lo = number(trim(text.substr(0, dots)), what);
  double hi = number(trim(text.substr(dots + 2)), what);
  if (lo > hi) throw InputError(what + ": the range " + text + " is empty (LO > HI)");
  return {lo, hi};
}

const core::OptionDecl& decl_of(const std::string& name,
                                const std::vector<core::OptionDecl>& decls) {
  for (const auto& d : decls)
    if (d.name == name) return d;
  std::string known;
  for (const auto& d : decls) known += (known.empty() ? "" : ", ") + d.name;
  throw InputError("--param: no option '" + name +
                   "'; the options are: " + (known.empty() ? "(none)" : known));
}

// A number as --set takes it: an integer option's without a decimal point.
std::string value_text(double v, bool integer) {
  if (integer) return std::to_string(static_cast<long long>(std::llround(v)));
  std::ostringstream out;
  out.precision(12);
  out << v;
  return out.str();
}

std::vector<std::string> numeric_values(const std::string& spec, const core::OptionDecl& d) {
  bool integer = std::holds_alternative<int64_t>(d.def);
  std::string what = "--param " + d.name;
  std::string range = spec;
  double step = integer ? 1 : 0;
  if (size_t colon = spec.find(':'); colon != std::string::npos) {
    range = spec.substr(0, colon);
    step = number(trim(spec.substr(colon + 1)), what + " step");
    if (!(step > 0)) throw InputError(what + ": the step must be above 0");
    if (integer && step != std::floor(step))
      throw InputError(what + ": " + d.name + " is a whole number; the step must be one too");
  }
  auto [lo, hi] = range_of(range, what);
  if (integer && (lo != std::floor(lo) || hi != std::floor(hi)))
    throw InputError(what + ": " + d.name + " is a whole number; LO and HI must be too");
  if (step == 0) step = hi > lo ? (hi - lo) / 10 : 1;
  if (d.min && lo < *d.min)
    throw InputError(what + ": below the option's minimum " + value_text(*d.min, integer));
  if (d.max && hi > *d.max)
    throw InputError(what + ": above the option's maximum " + value_text(*d.max, integer));
  std::vector<std::string> out;
  for (int k = 0;; ++k) {
    double v = lo + k * step;
    if (v > hi + step * 1e-9) break;
    out.push_back(value_text(v, integer));
    if (out.size() > 1000) throw InputError(what + ": more than 1000 values; take a larger step");
  }
  return out;
}

// The fitness the search maximises: minus the weighted distance.
using Metrics = std::map<std::string, Estimate>;

Metrics metrics_of(const SimResult& r) {
  Metrics m;
  for (auto& [name, e] : run_metrics(r)) m[metric_key(name)] = e;
  for (auto& [name, e] : run_stats(r)) m[metric_key(name)] = e;
  return m;
}

double distance_of(const std::vector<TuneTarget>& targets, const Metrics& m) {
  double d = 0;
  for (const auto& t : targets) {
    auto it = m.find(metric_key(t.metric));
    // a stat no game reported: as far as can be said, nowhere near
    d +=
        t.weight * (it == m.end() || it->second.n == 0 ? 10.0 : band_distance(t, it->second.value));
  }
  return d;
}

// NTBEA's model: the mean fitness of every value of each param (1-tuples)
// and of every pair of values of two params (2-tuples).
class BanditModel {
 public:
  explicit BanditModel(const std::vector<int>& sizes) : sizes_(sizes) {
    for (int s : sizes) tuples_.emplace_back(static_cast<size_t>(s));
    for (size_t a = 0; a < sizes.size(); ++a)
      for (size_t b = a + 1; b < sizes.size(); ++b) {
        pairs_.push_back({a, b});
        tuples_.emplace_back(static_cast<size_t>(sizes[a] * sizes[b]));
      }
  }
  void add(const std::vector<int>& point, double fitness) {
    for (auto* t : cells(point)) t->sum += fitness, t->n += 1;
    total_ += fitness;
    n_ += 1;
  }
  // The mean over the tuples seen of their mean fitness.
  double estimate(const std::vector<int>& point) {
    double sum = 0;
    int seen = 0;
    for (auto* t : cells(point))
      if (t->n > 0) sum += t->sum / t->n, ++seen;
    return seen ? sum / seen : mean();
  }
  // The upper bound that picks the next point: a tuple seldom tried
  // counts as promising (k: how much).
  double upper_bound(const std::vector<int>& point, double k) {
    double sum = 0;
    auto cs = cells(point);
    for (auto* t : cs) {
      double m = t->n > 0 ? t->sum / t->n : mean();
      sum += m + k * std::sqrt(std::log(n_ + 1.0) / (t->n + 0.5));
    }
    return sum / static_cast<double>(cs.size());
  }
  double mean() const { return n_ > 0 ? total_ / n_ : 0; }

 private:
  struct Cell {
    double sum = 0, n = 0;
  };
  std::vector<Cell*> cells(const std::vector<int>& point) {
    std::vector<Cell*> out;
    size_t d = sizes_.size();
    for (size_t i = 0; i < d; ++i) out.push_back(&tuples_[i][static_cast<size_t>(point[i])]);
    for (size_t k = 0; k < pairs_.size(); ++k) {
      auto [a, b] = pairs_[k];
      size_t index = static_cast<size_t>(point[a] * sizes_[b] + point[b]);
      out.push_back(&tuples_[d + k][index]);
    }
    return out;
  }
  std::vector<int> sizes_;
  std::vector<std::vector<Cell>> tuples_;
  std::vector<std::pair<size_t, size_t>> pairs_;
  double total_ = 0, n_ = 0;
};

// A neighbour of `p`: each param changed with chance 1/D, at least one.
std::vector<int> mutate(const std::vector<int>& p, const std::vector<int>& sizes, core::Rng& rng) {
  std::vector<int> out = p;
  size_t d = p.size();
  bool changed = false;
  std::vector<size_t> movable;
  for (size_t i = 0; i < d; ++i)
    if (sizes[i] > 1) movable.push_back(i);
  if (movable.empty()) return out;
  auto change = [&](size_t i) {
    int v = static_cast<int>(rng.below(static_cast<uint32_t>(sizes[i] - 1)));
    out[i] = v >= p[i] ? v + 1 : v;
    changed = true;
  };
  for (size_t i : movable)
    if (rng.below(static_cast<uint32_t>(movable.size())) == 0) change(i);
  if (!changed) change(movable[rng.below(static_cast<uint32_t>(movable.size()))]);
  return out;
}

SimResult play(const TuneConfig& c, const std::vector<std::string>& extra, int games,
               uint64_t seed) {
  SimConfig s = c.sim;
  s.sets.insert(s.sets.end(), extra.begin(), extra.end());
  s.games = games;
  s.seed = seed;
  s.rotate = true;
  s.progress = nullptr;
  SimResult r = run_sim(s);
  if (r.stopped_at >= 0) {
    std::string setting;
    for (const auto& x : extra) setting += " --set " + x;
    throw InputError("a game failed (game " + std::to_string(r.stopped_at) + " of `ratify sim " +
                     c.sim.ruleset + " -n " + std::to_string(games) + " --seed " +
                     std::to_string(seed) + " --rotate" + setting +
                     "`): fix the rules before tuning them");
  }
  return r;
}

// The z of a two-sided interval at level 1 - alpha.
double z_of(double alpha) {
  double lo = 0, hi = 40;
  for (int i = 0; i < 200; ++i) {
    double mid = (lo + hi) / 2;
    (normal_p(mid) > alpha ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

// Two-sided p-value that the value lies in the band, from the sides of
// its 95% interval: an interval at level 1 - p just touches the band.
double band_p(const Estimate& e, const TuneTarget& t) {
  double below = (e.value - e.low) / kZ95, above = (e.high - e.value) / kZ95;
  auto z = [](double margin, double se) {
    if (se > 0) return margin / se;
    return margin >= 0 ? 1e9 : -1e9;
  };
  double zmin = std::min(z(e.value - t.low, below), z(t.high - e.value, above));
  return zmin <= 0 ? 1.0 : normal_p(zmin);
}

Estimate find_metric(const Metrics& m, const TuneTarget& t) {
  auto it = m.find(metric_key(t.metric));
  return it == m.end() ? Estimate{} : it->second;
}

// Holm across the whole table: cells by p, the i-th (0-based) of m at
// alpha 0.05 / (m - i); the first that fails stops the rest.
void holm_cells(std::vector<TuneRow>& rows, const std::vector<TuneTarget>& targets) {
  std::vector<TuneCell*> all;
  for (auto& r : rows)
    for (auto& c : r.cells) all.push_back(&c);
  std::stable_sort(all.begin(), all.end(),
                   [](const TuneCell* a, const TuneCell* b) { return a->p < b->p; });
  size_t m = all.size();
  bool stopped = false;
  for (size_t i = 0; i < m; ++i) {
    TuneCell& c = *all[i];
    double alpha = 0.05 / static_cast<double>(m - i);
    double scale = z_of(alpha) / kZ95;
    c.level = 1 - alpha;
    c.low = c.estimate.value - (c.estimate.value - c.estimate.low) * scale;
    c.high = c.estimate.value + (c.estimate.high - c.estimate.value) * scale;
    c.in_band = !stopped && c.estimate.n > 0 && c.p <= alpha;
    stopped = stopped || !c.in_band;
  }
  (void)targets;
}

TuneRow verify_row(const TuneConfig& c, const std::string& label, const std::vector<int>& point,
                   const std::vector<std::string>& sets, int games, uint64_t seed,
                   const engine::Loaded& loaded, std::vector<SimResult>* keep = nullptr) {
  TuneRow row;
  row.label = label;
  row.point = point;
  row.sets = sets;
  std::vector<std::string> all = c.sim.sets;
  all.insert(all.end(), sets.begin(), sets.end());
  row.options = loaded.options(all);
  SimResult r = play(c, sets, games, seed);
  Metrics m = metrics_of(r);
  row.games = static_cast<double>(finished_games(r).size());
  for (const auto& t : c.targets) {
    TuneCell cell;
    cell.estimate = find_metric(m, t);
    cell.p = cell.estimate.n > 0 ? band_p(cell.estimate, t) : 1;
    row.cells.push_back(cell);
  }
  row.distance = distance_of(c.targets, m);
  if (keep) {
    // For the history: the defaults are the base run, each finalist a
    // column named by its label.
    if (!point.empty()) r.config.variant = label;
    keep->push_back(std::move(r));
  }
  return row;
}

// Games for the widest interval of `row` to fit inside its band, from
// how an interval narrows (as 1 / sqrt(games)); 0 when none is inside.
int games_needed(const TuneRow& row, const std::vector<TuneTarget>& targets) {
  double need = 0;
  for (size_t k = 0; k < targets.size(); ++k) {
    const TuneCell& c = row.cells[k];
    const TuneTarget& t = targets[k];
    double v = c.estimate.value;
    if (c.in_band || v < t.low || v > t.high || c.estimate.n == 0) continue;
    double margin = std::min(v - t.low, t.high - v);
    double half = std::max(v - c.low, c.high - v);
    if (margin <= 0) return 0;
    need = std::max(need, row.games * (half / margin) * (half / margin));
  }
  return static_cast<int>(std::ceil(need));
}

}  // namespace

std::string metric_key(const std::string& name) {
  std::string out;
  for (char ch : name) {
    char x = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    out += (x == '-' || x == ' ') ? '_' : x;
  }
  return out;
}

TuneParam parse_param(const std::string& text, const std::vector<core::OptionDecl>& decls) {
  size_t eq = text.find('=');
  TuneParam p;
  p.name = trim(text.substr(0, eq));
  const auto& d = decl_of(p.name, decls);
  std::string spec = eq == std::string::npos ? "" : trim(text.substr(eq + 1));
  bool numeric = std::holds_alternative<int64_t>(d.def) || std::holds_alternative<double>(d.def);
  if (spec.empty()) {
    if (std::holds_alternative<bool>(d.def)) {
      p.values = {"false", "true"};
    } else if (!d.choices.empty()) {
      p.values = d.choices;
    } else {
      throw InputError("--param " + p.name + ": a " + d.type_name() + " option needs its values: " +
                       p.name + (numeric ? "=LO..HI[:STEP]" : "=A,B,C"));
    }
  } else if (numeric && spec.find("..") != std::string::npos) {
    p.values = numeric_values(spec, d);
  } else {
    std::string cur;
    for (char ch : spec + ",") {
      if (ch != ',') {
        cur += ch;
        continue;
      }
      if (!trim(cur).empty()) p.values.push_back(trim(cur));
      cur.clear();
    }
  }
  for (const auto& v : p.values) core::parse_setting(p.name + "=" + v, decls);  // checks each
  std::set<std::string> seen(p.values.begin(), p.values.end());
  if (seen.size() != p.values.size())
    throw InputError("--param " + p.name + ": a value is named twice");
  if (p.values.size() < 2)
    throw InputError("--param " + p.name + ": give at least two values to choose from");
  return p;
}

TuneTarget parse_target(const std::string& text) {
  size_t eq = text.rfind('=');
  if (eq == std::string::npos || eq == 0)
    throw InputError("--target: expected METRIC=LO..HI[@WEIGHT], got '" + text + "'");
  TuneTarget t;
  t.metric = trim(text.substr(0, eq));
  std::string spec = text.substr(eq + 1);
  if (size_t at = spec.find('@'); at != std::string::npos) {
    t.weight = number(trim(spec.substr(at + 1)), "--target " + t.metric + " weight");
    if (!(t.weight > 0)) throw InputError("--target " + t.metric + ": the weight must be above 0");
    spec = spec.substr(0, at);
  }
  // An open end ("..0.02", "20..") bounds one side only: a metric that
  // cannot go below 0 (seat balance) is asked "at most 0.02", and an
  // interval reaching below 0 is then no failure.
  spec = trim(spec);
  std::string what = "--target " + t.metric;
  if (spec.starts_with("..") && spec.size() > 2) {
    t.low = -INFINITY;
    t.high = number(trim(spec.substr(2)), what);
  } else if (spec.ends_with("..") && spec.size() > 2) {
    t.low = number(trim(spec.substr(0, spec.size() - 2)), what);
    t.high = INFINITY;
  } else {
    std::tie(t.low, t.high) = range_of(spec, what);
  }
  return t;
}

double band_distance(const TuneTarget& t, double value) {
  double outside = std::max({0.0, t.low - value, value - t.high});
  double width = t.high - t.low;
  if (std::isinf(width)) width = std::fabs(std::isinf(t.low) ? t.high : t.low);
  return width > 0 ? outside / width : outside;
}

std::vector<std::string> point_sets(const TuneConfig& c, const std::vector<int>& point) {
  std::vector<std::string> out;
  for (size_t i = 0; i < point.size(); ++i)
    out.push_back(c.params[i].name + "=" + c.params[i].values[static_cast<size_t>(point[i])]);
  return out;
}

TuneResult tune(const TuneConfig& c) {
  auto start = std::chrono::steady_clock::now();
  if (c.params.empty()) throw InputError("tune: name at least one --param");
  if (c.targets.empty()) throw InputError("tune: name at least one --target");
  TuneResult out;
  out.config = c;
  auto loaded = engine::Loaded::open(c.sim.ruleset, c.sim.variant);
  out.decls = loaded->meta().options;
  for (const auto& prm : c.params)
    for (const auto& set : c.sim.sets)
      if (set.substr(0, set.find('=')) == prm.name)
        throw InputError("--param " + prm.name + " is also fixed by --set " + set +
                         ": search it or fix it");
  for (size_t i = 0; i < c.params.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (c.params[i].name == c.params[j].name)
        throw InputError("--param " + c.params[i].name + " is named twice");

  // One game to learn the players and the names the sim reports.
  SimResult probe = play(c, {}, 1, core::mix_seed(c.sim.seed, 0x9806e));
  out.ruleset_id = probe.ruleset_id;
  out.players = probe.players;
  Metrics names = metrics_of(probe);
  for (const auto& t : c.targets)
    if (!names.count(metric_key(t.metric))) {
      std::string known;
      for (const auto& [k, e] : names) known += (known.empty() ? "" : ", ") + k;
      throw InputError("--target: no metric '" + t.metric + "' in " + out.ruleset_id +
                       "; the metrics are: " + known + " (docs/metrics.md)");
    }

  // Several games per evaluation, a whole number of rotations of the seats.
  int p = std::max(1, out.players);
  int g = c.games_per_eval;
  if (g <= 0) g = p * std::max(1, static_cast<int>(std::lround(c.budget / (40.0 * p))));
  out.games_per_eval = g;
  out.evaluations = std::max(1, c.budget / g);

  std::vector<int> sizes;
  for (const auto& prm : c.params) sizes.push_back(static_cast<int>(prm.values.size()));
  BanditModel model(sizes);
  core::Rng rng(c.sim.seed, 0x7u);
  std::vector<int> current;
  for (int s : sizes) current.push_back(static_cast<int>(rng.below(static_cast<uint32_t>(s))));
  std::vector<std::vector<int>> tried;
  std::vector<int> best;
  std::vector<double> fitness_seen;
  for (int e = 0; e < out.evaluations; ++e) {
    SimResult r = play(c, point_sets(c, current), g, core::mix_seed(c.sim.seed, 1000003u + e));
    double d = distance_of(c.targets, metrics_of(r));
    model.add(current, -d);
    fitness_seen.push_back(-d);
    if (std::find(tried.begin(), tried.end(), current) == tried.end()) tried.push_back(current);
    double best_fit = -1e300;
    for (const auto& pt : tried)
      if (double f = model.estimate(pt); f > best_fit) best_fit = f, best = pt;
    out.steps.push_back({current, d, -best_fit});
    if (c.progress) {
      std::string line = "search " + std::to_string(e + 1) + "/" + std::to_string(out.evaluations) +
                         ": distance " + fixed(d, 3) + ", best so far " + fixed(-best_fit, 3) +
                         " (";
      for (const auto& s : point_sets(c, best)) line += (line.back() == '(' ? "" : " ") + s;
      c.progress(e + 1, out.evaluations, line + ")");
    }
    // The next point: of some neighbours, the most promising by the model;
    // k follows the spread of the fitness seen, so bands in any units work.
    Summary spread = summarize(fitness_seen);
    double k = std::max(spread.sd, 0.05);
    std::vector<int> next = current;
    double best_ucb = -1e300;
    for (int n = 0; n < 50; ++n) {
      std::vector<int> cand = mutate(current, sizes, rng);
      if (double u = model.upper_bound(cand, k); u > best_ucb) best_ucb = u, next = cand;
    }
    current = next;
  }

  // The finalists: the points tried, by the model's estimate.
  std::vector<std::pair<double, std::vector<int>>> ranked;
  for (const auto& pt : tried) ranked.push_back({-model.estimate(pt), pt});
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  int v = c.verify_games > 0 ? c.verify_games : std::max(200, c.budget / 2);
  v = std::max(p, v / p * p);
  uint64_t fresh = core::mix_seed(c.sim.seed, 0xf4e54);  // no game of the search
  int rows = std::min<int>(c.finalists, static_cast<int>(ranked.size())) + 1;
  for (int i = 0; i + 1 < rows; ++i) {
    const auto& pt = ranked[static_cast<size_t>(i)].second;
    out.rows.push_back(verify_row(c, "best " + std::to_string(i + 1), pt, point_sets(c, pt), v,
                                  fresh, *loaded, &out.verified));
    if (c.progress)
      c.progress(i + 1, rows, "verify " + std::to_string(i + 1) + "/" + std::to_string(rows));
  }
  out.rows.push_back(verify_row(c, "defaults", {}, {}, v, fresh, *loaded, &out.verified));
  if (c.progress)
    c.progress(rows, rows, "verify " + std::to_string(rows) + "/" + std::to_string(rows));
  std::rotate(out.verified.rbegin(), out.verified.rbegin() + 1, out.verified.rend());
  holm_cells(out.rows, c.targets);
  for (size_t i = 0; i < out.rows.size(); ++i) {
    auto& row = out.rows[i];
    row.passes = std::all_of(row.cells.begin(), row.cells.end(),
                             [](const TuneCell& x) { return x.in_band; });
    if (row.passes &&
        (out.best_row < 0 || row.distance < out.rows[static_cast<size_t>(out.best_row)].distance))
      out.best_row = static_cast<int>(i);
  }
  // None passed: what the closest finalist would need to.
  if (out.best_row < 0) {
    size_t closest = 0;
    for (size_t i = 0; i + 1 < out.rows.size(); ++i)
      if (out.rows[i].distance < out.rows[closest].distance) closest = i;
    out.games_needed = games_needed(out.rows[closest], c.targets);
    out.closest_row = static_cast<int>(closest);
  }

  // Sensitivity of the best setting (the first finalist when none passed).
  const TuneRow& base =
      out.rows[out.best_row >= 0 && !out.rows[static_cast<size_t>(out.best_row)].point.empty()
                   ? static_cast<size_t>(out.best_row)
                   : 0];
  for (size_t d = 0; c.sensitivity && d < c.params.size(); ++d)
    for (int step : {-1, 1}) {
      std::vector<int> pt = base.point;
      pt[d] += step;
      if (pt[d] < 0 || pt[d] >= sizes[d]) continue;
      if (c.progress) c.progress(0, 0, "sensitivity: " + point_sets(c, pt)[d]);
      TuneRow moved = verify_row(c, "", pt, point_sets(c, pt), v, fresh, *loaded);
      TuneSensitivity s{c.params[d].name, c.params[d].values[static_cast<size_t>(pt[d])], {}};
      for (size_t k = 0; k < c.targets.size(); ++k) {
        const Estimate& a = moved.cells[k].estimate;
        const Estimate& b = base.cells[k].estimate;
        // independent errors: wider than the pairing by common seeds needs
        double se = std::hypot((a.high - a.low) / 2, (b.high - b.low) / 2);
        Estimate diff;
        diff.value = a.value - b.value;
        diff.low = diff.value - se;
        diff.high = diff.value + se;
        diff.n = std::min(a.n, b.n);
        s.effect.push_back(diff);
      }
      out.sensitivity.push_back(s);
    }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace ratify::sim
