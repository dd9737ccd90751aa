-- MEET THE PATRIOTS (Game 4 of the box, seed 002): a memory matching game
-- with the 24 Patriot cards. Turn a card over for all to see and put it
-- back; when it matches the number of a card turned over before, you may
-- turn that one over too and keep the pair. See README.md.
--
-- Speed: random playouts call actions/apply millions of times, so names,
-- places and the action tables are built once below, labels are made only
-- in describe, and log lines are formatted by the host only when a log is
-- kept (README, "Speed").

local SLOTS, COLUMNS, MAX_PLAYERS = 12, 4, 6

-- Zone names, player names and the places of the formation, built once.
local SLOT, PLACE, PAIRS, NAME, IN_FORMATION = {}, {}, {}, {}, {}
for k = 1, SLOTS do
  SLOT[k] = "slot:" .. k
  PLACE[k] = string.format("row %d, column %d", (k - 1) // COLUMNS + 1, (k - 1) % COLUMNS + 1)
  IN_FORMATION[SLOT[k]] = k
end
for p = 1, MAX_PLAYERS do
  PAIRS[p] = "pairs:" .. p
  NAME[p] = "Player " .. p
end

-- The actions are the same few values every turn: one table each, made
-- once and shared by every game (the host only reads action tables and
-- apply never changes its action).
local FLIP, PUT_BACK = {}, { kind = "put_back" }
for k = 1, SLOTS do FLIP[k] = { kind = "flip", slot = k, zone = SLOT[k] } end

-- Cards left in the formation. Every card is in the draw deck, in the
-- formation or in someone's pairs, so this counts 1 + players zones, not 12.
local function on_board(g)
  local count = g.count
  local n = g.ncards - count("draw")
  for p = 1, g.players do n = n - count(PAIRS[p]) end
  return n
end

-- "Player must read aloud everything on the card and show the card to
-- everyone": it lies face up until the turn puts it back.
local function read_aloud(g, p, c)
  local d = g.defs[c]
  g.reveal(c, "all")
  if not g.logging then return end
  local k = IN_FORMATION[(g.where(c))] -- where it lies: the log is a memory aid too
  -- name, number and place: the card's text ("Patriot no. 8. Read the card
  -- aloud.") said it again at every flip
  g.log("%s turns over %s, no. %d%s", NAME[p], d.name, d.rank, k and " at " .. PLACE[k] or "")
end

-- "... then replaces the card in the formation. (All players should try to
-- remember where this card is in the formation.)": face down again, known
-- to everyone who saw it (the window draws a back; bots remember).
local function put_back(g, c) g.turn_down(c) end

-- The cards of each number. g.defs is the same table in every game of these
-- rules, so this is built once per rules (and per variant), never from the state.
local cards_by_number = setmetatable({}, { __mode = "k" })

local function same_number(g)
  local by_number = cards_by_number[g.defs]
  if not by_number then
    by_number = {}
    for c, d in ipairs(g.defs) do
      by_number[d.rank] = by_number[d.rank] or {}
      table.insert(by_number[d.rank], c)
    end
    cards_by_number[g.defs] = by_number
  end
  return by_number
end

-- Is the other card of c's number lying in the formation, turned over before?
local function match_known(g, c)
  local turned, others = g.state.turned, same_number(g)[g.defs[c].rank]
  for i = 1, #others do
    local o = others[i]
    if o ~= c and turned[o] then
      local zone, at = g.where(o)
      if IN_FORMATION[zone] and at == g.count(zone) then return true end -- its place's top card
    end
  end
  return false
end

local function pairs_count(g, p) return g.count(PAIRS[p]) // 2 end

local function finish(g, ...)
  g.state.phase = "over"
  g.log(...)
end

-- Next player's turn; "When the last two cards are left, the next player in
-- line gets them, but must still read them aloud."
local function next_turn(g)
  local s = g.state
  s.turn, s.phase, s.first, s.turns = s.turn % g.players + 1, "first", nil, s.turns + 1
  local left = on_board(g)
  if left == 2 and g.count("draw") == 0 then
    for k = 1, SLOTS do
      local c = g.top(SLOT[k])
      if c then
        read_aloud(g, s.turn, c)
        g.move(c, PAIRS[s.turn])
      end
    end
    finish(g, "%s gets the last two cards", NAME[s.turn])
  elseif left == 0 then
    finish(g, "All cards are gone")
  elseif g.options.turn_limit > 0 and s.turns >= g.options.turn_limit then
    finish(g, "Turn limit reached")
  end
end

local function setup(g)
  local s = g.state
  g.zone("draw", { visibility = "none", kind = "deck", label = "Draw deck" })
  for k = 1, SLOTS do g.zone(SLOT[k], { visibility = "none", kind = "space", label = PLACE[k] }) end
  for p = 1, g.players do g.zone(PAIRS[p], { owner = p, visibility = "all", kind = "pile", label = "Pairs" }) end
  for c = 1, g.ncards do g.move(c, "draw") end
  g.shuffle("draw")
  for k = 1, SLOTS do g.draw("draw", SLOT[k]) end
  s.turn, s.phase, s.turned, s.turns = 1, "first", {}, 0
end

-- The places that can be turned over (not the card turned over first).
local function actions(g)
  local s = g.state
  if s.phase == "over" then return {} end
  local list, n = {}, 0
  -- a place holds one card at most, so with 12 cards left every place holds
  -- one and none needs counting
  local full = on_board(g) == SLOTS
  for k = 1, SLOTS do
    if k ~= s.first and (full or g.count(SLOT[k]) > 0) then
      n = n + 1
      list[n] = FLIP[k]
    end
  end
  if s.phase == "second" and g.options.second_flip == "claim" then list[n + 1] = PUT_BACK end
  return list
end

-- The label of an action, made only when someone reads it.
local function describe(g, a)
  if a.kind == "put_back" then return "Put the card back (no claim)" end
  if g.state.phase == "first" then return "Turn over the card at " .. PLACE[a.slot] end
  return "Turn over the card at " .. PLACE[a.slot] .. " to claim the pair"
end

local function first_flip(g, k)
  local s, c = g.state, g.top(SLOT[k])
  read_aloud(g, s.turn, c)
  local second = g.options.second_flip == "always" and on_board(g) > 1 or match_known(g, c)
  if second then
    s.phase, s.first = "second", k
  else
    s.turned[c] = true
    put_back(g, c)
    next_turn(g)
  end
end

local function second_flip(g, k)
  local s = g.state
  local a, b = g.top(SLOT[s.first]), g.top(SLOT[k])
  read_aloud(g, s.turn, b)
  s.turned[a], s.turned[b] = true, true
  if g.defs[a].rank == g.defs[b].rank then
    g.move(a, PAIRS[s.turn])
    g.move(b, PAIRS[s.turn])
    g.log("%s keeps the pair", NAME[s.turn])
    g.draw("draw", SLOT[s.first])
    g.draw("draw", SLOT[k])
  else
    put_back(g, a)
    put_back(g, b)
    g.log("No match: both cards go back")
  end
  next_turn(g)
end

local function apply(g, a)
  local s = g.state
  if a.kind == "put_back" then
    local c = g.top(SLOT[s.first])
    s.turned[c] = true
    put_back(g, c)
    next_turn(g)
  elseif s.phase == "first" then
    first_flip(g, a.slot)
  else
    second_flip(g, a.slot)
  end
end

return {
  id = "meet_the_patriots",
  name = "Meet the Patriots",
  players = { min = 1, max = MAX_PLAYERS },
  options = {
    second_flip = { default = "claim", choices = { "claim", "always" },
      doc = "claim: a second card only to claim a pair with a number turned over before; "
        .. "always: every turn turns over two cards (classic memory)" },
    turn_limit = { default = 1000, min = 0, max = 100000,
      doc = "The game ends after this many turns (0: no limit)" },
  },
  cards = require "cards",
  -- the cards' own fields, beside the host's (`ratify lint` checks the rest)
  card_fields = { "deck", "side" },
  setup = setup,
  actor = function(g)
    if g.state.phase == "over" then return nil end
    return g.state.turn
  end,
  actions = actions,
  describe = describe,
  apply = apply,

  result = function(g)
    if g.state.phase ~= "over" then return nil end
    local scores, best, winners = {}, 0, {}
    for p = 1, g.players do
      scores[p] = pairs_count(g, p)
      best = math.max(best, scores[p])
    end
    for p = 1, g.players do
      if scores[p] == best then winners[#winners + 1] = p end
    end
    return { winners = winners, scores = scores, text = "Most pairs: " .. best }
  end,

  status = function(g, p)
    local lines = { "Pairs " .. pairs_count(g, p) }
    if g.state.turn == p and g.state.phase == "second" then lines[2] = "May claim a pair" end
    return lines
  end,

  -- Pairs against the best opponent; a chance to claim is worth half a pair,
  -- and every card turned over a little (knowledge).
  heuristic = function(g, p)
    local s = g.state
    local best = 0
    for q = 1, g.players do
      if q ~= p then best = math.max(best, pairs_count(g, q)) end
    end
    local v = pairs_count(g, p) - best
    if s.phase == "second" and s.turn == p then v = v + 0.5 end
    local known = 0
    for _ in pairs(s.turned) do known = known + 1 end
    return v + known / 100
  end,

  -- The search's settings (README "Bots"): playouts to the end of the game
  -- by bots/unknown_first.lua, the heuristic bot's play at one call a move,
  -- so the search sees who is left to take the last pairs (the parity);
  -- it stops as soon as its choice is made, and keeps the heuristic bot's
  -- choice unless it is surer of another by 1.5 standard errors (its
  -- noise over ten alike unknown cards cost more than the parity won).
  search = "rollout=unknown_first:depth=10000:stop=decided:iters=300:c=0.3:trust=1.5",

  -- The window: the formation as the box lays it, 3 rows of 4 places.
  layout = { ["slot:*"] = { columns = COLUMNS } },
}
