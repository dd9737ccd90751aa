#pragma once
// A variant against the base game on the same seeds (docs/metrics.md,
// "Comparing variants"): each seat's win rate, mean score, length and the
// metrics, with p-values; the share of paired games whose winners
// changed; whether the variant changed the cards (the deals then pair
// less well).
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sim/sim.hpp"

namespace ratify::sim {

// { variant, against, winner_changed, paired, cards_differ, cards_changed,
//   rows: [ { metric, base, variant, p } ] } (p_holm comes from holm_correct).
nlohmann::json compare_json(const SimResult& base, const SimResult& variant);
// Adds p_holm and significant (p_holm < 0.05) to every row of every
// comparison: Holm's correction across the whole table.
void holm_correct(nlohmann::json& comparisons);
// Ids of the cards whose definition or count differs, added or removed.
std::vector<std::string> changed_cards(const SimResult& a, const SimResult& b);
// Whether the decks differ in which cards or how many: game i then deals
// differently even with the same seed.
bool decks_differ(const SimResult& a, const SimResult& b);

}  // namespace ratify::sim
