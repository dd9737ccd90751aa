#pragma once
// Lint of a loaded ruleset: what the host would silently ignore or
// misread (a misspelt key, an id that is not the folder's name, a global
// where a local was meant). `ratify lint` and `ratify check` report it;
// docs/lint.md lists every finding. This part needs the Lua state; the
// playouts that look for identical labels are in engine/lint.
#include <string>
#include <vector>

struct lua_State;

namespace ratify::lua {

class Rules;
class Match;

struct Finding {
  enum class Level { Warning, Error };
  Finding(Level l, std::string where, std::string what, std::string about = {})
      : level(l), place(std::move(where)), message(std::move(what)), topic(std::move(about)) {}
  Level level = Level::Warning;
  std::string place;  // "file:line" or "file" (may be empty)
  std::string message;
  // Findings of one topic at one place say the same thing (the variants of
  // a ruleset share its labels): `ratify lint` shows the first only.
  std::string topic;
  // "file:line: warning: message", the form editors and compilers use.
  std::string text() const;
};

// Edit distance with adjacent transpositions counted as one edit
// ("rnak" -> "rank" is one), for "did you mean".
int edit_distance(const std::string& a, const std::string& b);
// The candidate nearest `word` if it is near enough to be a slip of the
// keyboard (one edit in a short word, two in a longer one), else "".
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

// The line of `file` at or after line `from` where `key` is given a value
// (`key =`, `["key"] =`, `function M.key(`); 0 when the text does not show
// it (a table built by code).
int key_line(const std::string& file, int from, const std::string& key);

// The keys the host reads, by table, and the card fields it knows.
const std::vector<std::string>& ruleset_keys();
const std::vector<std::string>& variant_keys();
const std::vector<std::string>& option_keys();
const std::vector<std::string>& card_keys();

// The checks on the tables of `rules` (loaded with its variant, if any):
// the id against the folder, unknown keys of the ruleset, variant, option
// and card tables, a variant's cards that change what does not exist, and
// what the loader noted (options without doc, cards without text).
std::vector<Finding> lint_tables(Rules& rules);

// A global a script set, or read while it was nil (a misspelt local).
struct GlobalUse {
  std::string name, place, hint;  // hint: the local or global nearest the name
  bool write = false;
};
// Records into `into` every global set and every read of a nil global
// (a metatable on the sandbox's global table: lint VMs only).
void watch_globals(lua_State* L, std::vector<GlobalUse>* into);
std::vector<Finding> global_findings(const std::vector<GlobalUse>& uses);

// What view(g, seat) leaves out or changes of g.state that `secrets` does
// not declare (docs/lua-api.md "Secrets"): bots read all of g.state but
// the declared secrets, so a view that hides more is a secret the host
// does not keep. The path of the first such value ("g.state.named") and
// its seat (0: an onlooker), or "" when the views hide only secrets.
std::string view_hides(Match& m, int* seat);

// "file:line" where the ruleset function `name` was defined, or "".
std::string function_place(Rules& rules, const char* name);
// "player N has no legal action", naming actor(g) and actions(g) by place.
std::string no_action_message(Rules& rules, int actor);

}  // namespace ratify::lua
