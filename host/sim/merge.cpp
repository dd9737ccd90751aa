// Shards of a run joined into the run (`ratify merge`): they must be parts
// of one run, each once, none missing; the games go back in index order,
// so the merged report is the unsharded one.
#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

#include "sim/sim.hpp"

namespace ratify::sim {

static bool decks_differ(const std::vector<DeckCard>& a, const std::vector<DeckCard>& b) {
  if (a.size() != b.size()) return true;
  for (size_t k = 0; k < a.size(); ++k)
    if (a[k].id != b[k].id || a[k].count != b[k].count || a[k].hash != b[k].hash) return true;
  return false;
}

// The games of a shard are those of its indices (index % shards ==
// shard), each under the run's count.
static void check_indices(const SimResult& p) {
  for (const auto& g : p.games)
    if (g.index < 0 || g.index >= p.config.games || g.index % p.config.shards != p.config.shard)
      throw std::runtime_error("shard " + std::to_string(p.config.shard) + "/" +
                               std::to_string(p.config.shards) + " holds game " +
                               std::to_string(g.index) + ", a game of another shard");
}

SimResult merge(const std::vector<SimResult>& parts) {
  if (parts.empty()) throw std::runtime_error("nothing to merge");
  SimResult out = parts[0];
  out.games.clear();
  out.skill_games.clear();
  std::vector<bool> have(parts[0].config.shards, false);
  for (const auto& p : parts) {
    if (p.config.seed != out.config.seed || p.config.games != out.config.games ||
        p.config.bots != out.config.bots || p.ruleset_id != out.ruleset_id ||
        p.config.variant != out.config.variant || p.config.sets != out.config.sets ||
        p.config.shards != out.config.shards || p.players != out.players ||
        p.config.rotate != out.config.rotate || p.config.skill_games != out.config.skill_games ||
        p.config.skill_bot != out.config.skill_bot || p.config.leads != out.config.leads ||
        decks_differ(p.deck, out.deck))
      throw std::runtime_error("these results are not shards of one run");
    if (have.at(p.config.shard))
      throw std::runtime_error("shard " + std::to_string(p.config.shard) + " given twice");
    have[p.config.shard] = true;
    check_indices(p);
    out.games.insert(out.games.end(), p.games.begin(), p.games.end());
    out.skill_games.insert(out.skill_games.end(), p.skill_games.begin(), p.skill_games.end());
  }
  for (size_t k = 0; k < have.size(); ++k)
    if (!have[k]) throw std::runtime_error("shard " + std::to_string(k) + " is missing");
  auto by_index = [](auto& a, auto& b) { return a.index < b.index; };
  std::sort(out.games.begin(), out.games.end(), by_index);
  std::sort(out.skill_games.begin(), out.skill_games.end(), by_index);
  // Each game once, none missing: a shard's games are its indices, so a
  // file relabelled as another shard has games of the wrong indices.
  for (size_t k = 0; k < out.games.size(); ++k)
    if (out.games[k].index != static_cast<int>(k))
      throw std::runtime_error(out.games[k].index < static_cast<int>(k)
                                   ? "game " + std::to_string(out.games[k].index) +
                                         " is in the shards twice"
                                   : "game " + std::to_string(k) + " is in no shard");
  if (out.games.size() != static_cast<size_t>(out.config.games))
    throw std::runtime_error("game " + std::to_string(out.games.size()) + " is in no shard");
  out.config.shard = 0;
  out.config.shards = 1;
  return out;
}

std::vector<SimResult> merge_runs(const std::vector<SimResult>& parts) {
  // Each variant's shards, in the order the variants first appear.
  std::vector<std::string> order;
  std::map<std::string, std::vector<SimResult>> by_variant;
  for (const auto& p : parts) {
    if (!by_variant.count(p.config.variant)) order.push_back(p.config.variant);
    by_variant[p.config.variant].push_back(p);
  }
  std::vector<SimResult> out;
  for (const auto& v : order) out.push_back(merge(by_variant[v]));
  return out;
}

}  // namespace ratify::sim
