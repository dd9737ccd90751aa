#include "engine/lint.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <set>

#include "engine/catalog.hpp"
#include "lua/match.hpp"
#include "lua/ruleset.hpp"

namespace ratify::engine {

using lua::Finding;

int LintReport::errors() const {
  return static_cast<int>(std::count_if(findings.begin(), findings.end(), [](const Finding& f) {
    return f.level == Finding::Level::Error;
  }));
}

int LintReport::warnings() const {
  return static_cast<int>(findings.size()) - errors();
}

namespace {

// An action with its cards replaced by what the rules see of them: two
// actions that differ only in which copy of a card they play (or in cards
// that differ only by name, like gitmo's two Patriots no. 7) are the same
// choice, and may well share a label.
nlohmann::json by_definition(nlohmann::json a, const core::Table& t) {
  auto def = [&](const nlohmann::json& c) -> nlohmann::json {
    if (!c.is_number_integer()) return c;
    int id = c.get<int>();
    if (id < 1 || id > t.ncards()) return c;
    const core::CardDef& d = t.def(id);
    nlohmann::json seen = nlohmann::json::array();
    for (const std::string* f : {&d.kind, &d.suit, &d.color, &d.short_label, &d.text})
      seen.push_back(*f);
    seen.push_back(d.rank ? nlohmann::json(*d.rank) : nlohmann::json());
    return seen;
  };
  if (!a.is_object()) return a;
  if (a.contains("card")) a["card"] = def(a["card"]);
  if (a.contains("cards") && a["cards"].is_array()) {
    for (auto& c : a["cards"]) c = def(c);
    std::sort(a["cards"].begin(), a["cards"].end());
  }
  return a;
}

class Playouts {
 public:
  Playouts(lua::Rules& rules, const LintConfig& c, std::vector<Finding>& out)
      : rules_(rules), c_(c), out_(out) {}

  void run(const core::OptionValues& options) {
    auto counts = rules_.meta().player_counts();
    for (int k = 0; k < c_.games; ++k) {
      int players = counts[static_cast<size_t>(k) % counts.size()];
      uint64_t seed = core::mix_seed(c_.seed, static_cast<uint64_t>(k));
      try {
        if (!play(players, seed, options)) return;  // the rest would most likely fail alike
      } catch (const std::exception& e) {
        out_.push_back({Finding::Level::Error, "",
                        "a random game (" + std::to_string(players) + " players, game seed " +
                            std::to_string(seed) + ") fails: " + e.what()});
        return;  // the rest would most likely fail alike
      }
    }
  }

 private:
  // False when the game broke an invariant (reported).
  bool play(int players, uint64_t seed, const core::OptionValues& options) {
    auto m = rules_.new_match(players, seed, options);
    core::Rng pick(core::mix_seed(seed, 99));
    for (int n = 0; n < c_.max_actions; ++n) {
      int actor = m->actor();
      if (actor == 0) return true;
      int count = m->action_count();
      if (count == 0) {
        out_.push_back({Finding::Level::Error, "",
                        lua::no_action_message(rules_, actor) + " (" + std::to_string(players) +
                            " players, game seed " + std::to_string(seed) + ", after " +
                            std::to_string(n) + " actions)"});
        return false;
      }
      same_labels(*m, actor, count, players, seed, n);
      if (rules_.meta().has_view && !view_told_ && (n < 64 || n % 16 == 0))
        view_secrets(*m, players, seed, n);
      m->apply(static_cast<int>(pick.below(static_cast<uint32_t>(count))));
    }
    return true;  // long games are check's to judge
  }

  void same_labels(lua::Match& m, int actor, int count, int players, uint64_t seed, int n) {
    std::map<std::string, std::vector<int>> by_label;
    for (int i = 0; i < count; ++i) by_label[m.action_info(i).label].push_back(i);
    for (const auto& [label, list] : by_label) {
      if (list.size() < 2 || !reported_.insert(label).second) continue;
      auto first = by_definition(m.action_json(list[0]), m.table());
      bool differ = false;
      for (size_t k = 1; k < list.size(); ++k)
        differ |= by_definition(m.action_json(list[k]), m.table()) != first;
      if (!differ) {
        reported_.erase(label);  // copies of one card: try again later
        continue;
      }
      if (++same_labels_ > kLabelFindings) continue;  // counted, told at the end
      std::string where =
          lua::function_place(rules_, rules_.meta().has_describe ? "describe" : "actions");
      std::string maker = variant_maker();
      out_.push_back({Finding::Level::Warning, where,
                      "player " + std::to_string(actor) + " is offered " +
                          std::to_string(list.size()) + " different actions labelled \"" + label +
                          "\" at once (actions " + std::to_string(list[0] + 1) + " and " +
                          std::to_string(list[1] + 1) + ", " + std::to_string(players) +
                          " players, game seed " + std::to_string(seed) + ", after " +
                          std::to_string(n) + " actions): a player cannot tell them apart; " +
                          (rules_.meta().has_describe ? "describe(g, action)" : "the label") +
                          " should name what differs (" + m.action_json(list[0]).dump() + " and " +
                          m.action_json(list[1]).dump() + ")" + maker,
                      "same labels"});
    }
  }

  // The place above is the ruleset's dispatcher; a variant with functions
  // of its own (a card's `describe`, a decision's) may be what made the
  // labels: named, whole, so the user looks there too.
  std::string variant_maker() {
    const auto* v = rules_.variant();
    if (!v || v->file.empty()) return "";
    std::ifstream in(v->file);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.find("function") == std::string::npos) return "";
    return "; labels made by " + v->file.string() +
           " if its functions label these actions (the place above is where the rules ask for "
           "a label)";
  }

  // A view that hides what `secrets` does not declare: told once.
  void view_secrets(lua::Match& m, int players, uint64_t seed, int n) {
    int seat = 0;
    std::string path = lua::view_hides(m, &seat);
    if (path.empty()) return;
    view_told_ = true;
    out_.push_back({Finding::Level::Warning, lua::function_place(rules_, "view"),
                    "view(g, " + std::to_string(seat) + ") leaves out or changes " + path + " (" +
                        std::to_string(players) + " players, game seed " + std::to_string(seed) +
                        ", after " + std::to_string(n) +
                        " actions), which `secrets` does not declare: bots and their heuristics "
                        "read all of g.state but the declared secrets (docs/lua-api.md "
                        "\"Secrets\"); declare it, or show it",
                    "view"});
  }

  static constexpr int kLabelFindings = 2;  // the rest are the same mistake, counted
  lua::Rules& rules_;
  const LintConfig& c_;
  std::vector<Finding>& out_;
  std::set<std::string> reported_;
  int same_labels_ = 0;
  bool view_told_ = false;

 public:
  void tell_the_rest() {
    if (same_labels_ <= kLabelFindings) return;
    out_.push_back(
        {Finding::Level::Warning,
         lua::function_place(rules_, rules_.meta().has_describe ? "describe" : "actions"),
         std::to_string(same_labels_ - kLabelFindings) +
             " more labels were shared by different actions offered at once, in the "
             "same games",
         "same labels"});
  }
};

core::OptionValues options_of(const lua::Rules& rules, const std::vector<std::string>& sets) {
  core::OptionValues given = rules.variant() ? rules.variant()->options : core::OptionValues{};
  for (const auto& s : sets) {
    auto [name, value] = core::parse_setting(s, rules.meta().options);
    given[name] = value;
  }
  return core::resolve(rules.meta().options, given);
}

}  // namespace

LintReport lint_ruleset(const LintConfig& c) {
  Located where = locate(c.ruleset);
  lua::Rules rules(where.dir, scripts_dir(), where.variant, {}, true);
  LintReport r;
  r.findings = lua::lint_tables(rules);
  if (c.games > 0) {
    Playouts playouts(rules, c, r.findings);
    playouts.run(options_of(rules, c.sets));
    playouts.tell_the_rest();
  }
  for (auto& f : lua::global_findings(rules.global_uses())) r.findings.push_back(std::move(f));
  std::vector<Finding> unique;
  for (auto& f : r.findings) {
    bool seen = std::any_of(unique.begin(), unique.end(), [&](const Finding& u) {
      return u.place == f.place && u.message == f.message;
    });
    if (!seen) unique.push_back(std::move(f));
  }
  r.findings = std::move(unique);
  return r;
}

}  // namespace ratify::engine
