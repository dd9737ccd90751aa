---@meta ratify
-- LuaLS annotations of ratify's Lua API (docs/lua-api.md), for editors
-- only: the sandbox never loads this file (it is neither in a ruleset's
-- folder nor under scripts/ratify/). tests/api_names_test.cpp compares the
-- `g`, `t` and `G` names here with the ones the host registers.
-- A ruleset's .luarc.json points the language server here; annotate a
-- ruleset's table with `---@type ratify.Ruleset` and its functions then know
-- their `g` (or write `---@param g ratify.G`).

---@alias ratify.Player integer A player, 1 .. g.players.
---@alias ratify.Card integer A card, 1 .. g.ncards, in definition order.
---@alias ratify.ZoneRef string|integer A zone's name, or the number g.zone returned for it.
---@alias ratify.Where "top"|"bottom"|integer A place in a zone (an index counts from 1 at the bottom).
---@alias ratify.Visibility "all"|"owner"|"none"|"top"
---@alias ratify.OptionValue boolean|integer|number|string

---A ruleset: what `rulesets/<id>/ruleset.lua` returns.
---@class ratify.Ruleset
---@field id string Must equal the folder name.
---@field name? string Shown in lists and the window (default: the id).
---@field players { min: integer, max: integer } Player counts the game supports.
---@field options? table<string, ratify.OptionDecl> House rules, read as `g.options.name`.
---@field cards ratify.CardDef[] One definition per kind of card.
---@field card_fields? string[] The cards' own data fields (`ratify lint` reports any other; hooks need no listing).
---@field setup fun(g: ratify.G) Build the zones and deal.
---@field actor fun(g: ratify.G): ratify.Player? The player to decide now; nil when the game is over.
---@field actions fun(g: ratify.G): ratify.Action[] Every legal action of the actor.
---@field apply fun(g: ratify.G, action: ratify.Action) Carry one action out.
---@field result fun(g: ratify.G): ratify.Result? nil while the game runs, else its result.
---@field describe? fun(g: ratify.G, action: ratify.Action): string An action's text, built only when shown.
---@field status? fun(g: ratify.G, player: ratify.Player): string[] Lines shown under a player.
---@field table_status? fun(g: ratify.G): string[] Lines about the whole table (the round, the trump), shown once.
---@field view? fun(g: ratify.G, player: ratify.Player): table What a player may see of g.state.
---@field heuristic? fun(g: ratify.G, player: ratify.Player): number Higher is better for player.
---@field heuristics? fun(g: ratify.G): number[] Every player's heuristic at once (the same numbers); only for speed, beside heuristic.
---@field score? fun(g: ratify.G, player: ratify.Player): number A player's standing now, for `ratify sim`'s lead changes (`--leads`: the heuristic stands in).
---@field stats? fun(g: ratify.G): table<string, number> Named numbers of a finished game, aggregated by `ratify sim`.
---@field search? string MCTS settings for the window's Normal and Hard bots ("depth=0").
---@field secrets? table<string, "per_seat"|"hidden"|table> Parts of g.state no other seat may know: `checked = "per_seat"` (g.state.checked[p] is p's alone), `"hidden"` (nobody's), or `{ "per_seat", imagine = fun(g, player) }` (docs/lua-api.md "Secrets").
---@field layout? table<string, table> GUI hints by zone pattern (`["hand:*"] = { fan = "row" }`).
---@field settable? table<string, fun(g: ratify.G, ...)> Setters scenario tests call with `G:set(name, ...)`.

---An option (house rule) of a ruleset; its type is the default's.
---@class ratify.OptionDecl
---@field default ratify.OptionValue The value when nobody sets it.
---@field doc string One line shown by `ratify info` and the window.
---@field choices? string[] The allowed strings.
---@field min? number Smallest allowed number.
---@field max? number Largest allowed number.

---A variant: what `variants/<name>.lua` returns.
---@class ratify.Variant
---@field name? string Shown name.
---@field doc? string One line about it.
---@field options? table<string, ratify.OptionValue> Option values it sets.
---@field cards? table<string, table> Card fields to change by id; a new id adds a card, `count = 0` removes one.
---@field players? integer[]|{ min: integer, max: integer } Narrows the player counts.
---@field card_fields? string[] More card data fields of its own (see the ruleset's).

---A card definition: one entry of `cards`. Other fields are the ruleset's
---own data (plain values, or functions: card hooks).
---@class ratify.CardDef
---@field id string Stable unique name used by code, tests and variants.
---@field name string Shown on the card.
---@field count? integer Copies in the game (default 1, 0 = none).
---@field text? string Rules text shown on the card.
---@field quote? string Flavour text.
---@field kind? string Drawn on the card.
---@field suit? string Drawn on the card; hearts/diamonds/spades/clubs with a rank 1..14 make a playing card.
---@field color? string "red", "blue" or "#rrggbb".
---@field rank? number Drawn in the corner.
---@field short? string Corner label when rank is not enough ("QD", "10").
---@field image? string A PNG or JPEG in the ruleset's folder or assets/.
---@field [string] any

---An action as `actions` returns it: the ruleset's own fields, plus these the host understands.
---@class ratify.Action
---@field label? string Text in menus and logs (better: leave it out and give describe).
---@field card? ratify.Card The card it plays or uses (highlighted).
---@field cards? ratify.Card[] Several cards involved.
---@field target? ratify.Player The player it is aimed at.
---@field zone? string The zone it goes to (highlighted).
---@field ends_turn? boolean The action that ends the turn (its own button, key E).
---@field risky? boolean|string An action that can cost the game; a string is the warning shown.
---@field [string] any

---A finished game's result.
---@class ratify.Result
---@field winners ratify.Player[] May be empty (nobody wins) or a team.
---@field scores? number[] One per player.
---@field text? string Shown at the end.

---The options of `g.zone`.
---@class ratify.ZoneSpec
---@field owner? ratify.Player Owner, or nil.
---@field visibility? ratify.Visibility Default "none".
---@field kind? string Free text: "deck", "hand", "pile", "row", "run", "foundation"...
---@field label? string Shown in the window.

---The game context handed to every ruleset function.
---@class ratify.G
---@field state table The ruleset's own plain-data state (initially {}).
---@field players integer Number of players (read-only).
---@field options table<string, ratify.OptionValue> Option values (read-only).
---@field seed integer The game's seed (read-only; in a bot's world a made-up one).
---@field ncards integer Number of cards.
---@field defs ratify.CardDef[] Definition of each card, by card (no host call: use it in loops).
---@field logging boolean False in batch games, where nobody reads the log.
local g = {}

---Create a zone; returns its number (every call takes a zone's name or number).
---@param name string
---@param spec? ratify.ZoneSpec
---@return integer
function g.zone(name, spec) end

---True if the zone exists.
---@param name string
---@return boolean
function g.has_zone(name) end

---Zone names in creation order.
---@return string[]
function g.zones() end

---The cards of a zone, bottom to top (a fresh table).
---@param zone ratify.ZoneRef
---@return ratify.Card[]
function g.cards(zone) end

---Number of cards in a zone.
---@param zone ratify.ZoneRef
---@return integer
function g.count(zone) end

---Top card, or nil.
---@param zone ratify.ZoneRef
---@return ratify.Card?
function g.top(zone) end

---Bottom card, or nil.
---@param zone ratify.ZoneRef
---@return ratify.Card?
function g.bottom(zone) end

---A number that changes whenever the zone's cards change (cache key; not state).
---@param zone ratify.ZoneRef
---@return integer
function g.stamp(zone) end

---The table the host keeps for `fn` in this game, brought up to date:
---`fn(g, value, zone, i)` runs for each zone of `zones` whose cards changed
---since `value` last saw them (an empty table the first time, and afresh
---when every zone changed: always in a new game). What `fn` writes for a
---zone must depend only on that zone's cards (and g.defs, g.options).
---@param fn fun(g: ratify.G, value: table, zone: ratify.ZoneRef, i: integer)
---@param zones ratify.ZoneRef[]|ratify.ZoneRef A list made once, or one zone.
---@return table value
function g.memo(fn, zones) end

---Move a card from wherever it is (default: on top).
---@param card ratify.Card
---@param zone ratify.ZoneRef
---@param where? ratify.Where
function g.move(card, zone, where) end

---Move up to n (default 1) cards one by one from the top of `from` to the top of `to`.
---@param from ratify.ZoneRef
---@param to ratify.ZoneRef
---@param n? integer
---@return ratify.Card[] moved
function g.draw(from, to, n) end

---Move every card, keeping order.
---@param from ratify.ZoneRef
---@param to ratify.ZoneRef
function g.move_all(from, to) end

---Shuffle with the game RNG; players forget what they knew of these cards.
---@param zone ratify.ZoneRef
function g.shuffle(zone) end

---Where a card lies: zone name and index.
---@param card ratify.Card
---@return string zone
---@return integer index
function g.where(card) end

---Cards of a zone whose definition id is `what`, or for which what(card, def) is true.
---@param zone ratify.ZoneRef
---@param what string|fun(card: ratify.Card, def: ratify.CardDef): boolean
---@return ratify.Card[]
function g.find(zone, what) end

---The card's definition table (read it, never change it).
---@param card ratify.Card
---@return ratify.CardDef
function g.def(card) end

---Every card of that definition id; every card without one.
---@param def_id? string
---@return ratify.Card[]
function g.all(def_id) end

---Face up for `player` where it lies and wherever it moves, until shuffled or turned down.
---@param card ratify.Card
---@param player ratify.Player|"all"
function g.reveal(card, player) end

---Face down again for everyone; whoever saw it goes on knowing it.
---@param card ratify.Card
function g.turn_down(card) end

---True if that player sees the card's face now.
---@param player ratify.Player
---@param card ratify.Card
---@return boolean
function g.sees(player, card) end

---True if that player sees it or saw it before it was turned down.
---@param player ratify.Player
---@param card ratify.Card
---@return boolean
function g.knows(player, card) end

---Same as math.random, on the game's RNG: an integer in 1..m or m..n (a float in [0,1) without arguments).
---@overload fun(): number
---@param m integer
---@param n? integer
---@return integer
function g.random(m, n) end

---One line in the game log; with arguments, string.format(text, ...) made only when the log is kept.
---@param text string
---@param ... any
function g.log(text, ...) end

---A line of the game log only `players` are shown (a player or a list of them): what they
---learned privately ("You took Hal Whisper"); every other seat and the onlooker never see it.
---@param players ratify.Player|ratify.Player[]
---@param text string
---@param ... any
function g.log_to(players, text, ...) end

---The scenario-test API handed to each test's run function.
---@class ratify.T
local t = {}

---The options of `t.game`.
---@class ratify.GameSpec
---@field players? integer
---@field seed? integer
---@field options? table<string, ratify.OptionValue> Override the defaults (and the variant's).
---@field setup? boolean false: leave setup undone.
---@field variant? string Play that file of variants/.
---@field stack? table<string, (string|ratify.Card)[]> Cards the first shuffle of each zone leaves on top (first = top).

---A new game.
---@param spec? ratify.GameSpec
---@return ratify.TestGame
function t.game(spec) end

---Deep equality.
---@param a any
---@param b any
---@param msg? string
function t.eq(a, b, msg) end

---Truthy.
---@param v any
---@param msg? string
function t.ok(v, msg) end

---fn raises an error whose message contains `pattern`.
---@param fn function
---@param pattern? string
function t.fails(fn, pattern) end

---A game made by t.game (`G` in the docs).
---@class ratify.TestGame
---@field g ratify.G Its context.
local G = {}

---The player to decide now, nil when the game is over.
---@return ratify.Player?
function G:actor() end

---The legal actions, with labels.
---@return ratify.Action[]
function G:actions() end

---Apply the one legal action matching spec (its fields equal, or its label); an error if none or several.
---@param spec ratify.Action|string
function G:act(spec) end

---True if a legal action matches spec.
---@param spec ratify.Action|string
---@return boolean
function G:can(spec) end

---The result, nil while the game runs.
---@return ratify.Result?
function G:result() end

---The n-th (default 1st) card of a definition.
---@param def_id string
---@param n? integer
---@return ratify.Card
function G:card(def_id, n) end

---Play random legal actions to the end (or max actions).
---@param max? integer
function G:playout(max) end

---The ruleset's heuristic(g, p), as bots see it.
---@param p ratify.Player
---@return number
function G:heuristic(p) end

---The lines of the ruleset's status(g, p), as the window shows them.
---@param p ratify.Player
---@return string[]
function G:status(p) end

---Every line g.log and g.log_to wrote so far, oldest first; with p, the lines player p is
---shown (its own private lines and everyone's; 0: an onlooker's).
---@param p? ratify.Player|0
---@return string[]
function G:log(p) end

---Carry out the legal action matching spec and return true; if the ruleset does not offer it,
---return false and why (the state is checked to be untouched).
---@param spec ratify.Action|string
---@return boolean ok
---@return string? why
function G:try(spec) end

---The zone then holds exactly these cards (cards or definition ids), the first on top; the
---cards it held and not named go to the zone `rest` (an error if there are some and no rest).
---@param zone string
---@param cards (string|ratify.Card)[]
---@param rest? string
function G:arrange(zone, cards, rest) end

---Call the ruleset's setter `settable[name](g, ...)`.
---@param name string
---@param ... any
function G:set(name, ...) end

---A test file (`tests/*.lua`) returns a list of these.
---@class ratify.Test
---@field name string
---@field run fun(t: ratify.T)
