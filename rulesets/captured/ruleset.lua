-- CAPTURED (Game 3 of the box, seed 002): a game of chance played like a
-- board game. 20 Board cards lie in a ring; each turn a player moves from the
-- Start card as many cards clockwise as the top Patriot card shows, and
-- stashes the card he lands on. Most Traitors wins a bonus. See README.md.
--
-- Speed: random playouts call actions/apply millions of times, so zone and
-- player names are built once (rules.lua), labels are made only in describe,
-- and log lines are formatted by the host only when a log is kept (README,
-- "Speed").

local M = require "rules"
local SPACES, START = M.SPACES, M.START
local SPACE, SPACE_AT, STASH, IDENTITY, NAME = M.SPACE, M.SPACE_AT, M.STASH, M.IDENTITY, M.NAME
local zeros, bare, land, score = M.zeros, M.bare, M.land, M.score

--------------------------------------------------------------- decisions

local function others(g, p)
  local list = {}
  for q = 1, g.players do
    if q ~= p then list[#list + 1] = q end
  end
  return list
end

-- Whose stash a pending decision takes a card from. steal: two players on
-- the same spot; the first one there takes a card of the second's stash.
-- take: the Special Ops "take a card" from any stash.
local VICTIMS = {
  steal = function(_, d) return { d.victim } end,
  take = function(g, d) return others(g, d.player) end,
}

-- One action per card of those stashes. One card to take is no choice:
-- `auto` lets the host play it for a player who wants no chores.
local function choices(g, d)
  local list = {}
  for _, q in ipairs(VICTIMS[d.handler](g, d)) do
    for _, c in ipairs(g.cards(STASH[q])) do
      list[#list + 1] = { kind = "decide", card = c, target = q }
    end
  end
  if #list == 1 then list[1].auto = true end
  return list
end

-- Does the decision have anything to choose from (a card in those stashes)?
local function has_choice(g, d)
  for _, q in ipairs(VICTIMS[d.handler](g, d)) do
    if g.count(STASH[q]) > 0 then return true end
  end
  return false
end

-- What the landed card makes its new owner do (read aloud and follow).
local function follow(g, p, c)
  local d, s = g.defs[c], g.state
  if d.effect == "lose_turn" then
    s.skip[p] = s.skip[p] + 1
  elseif d.effect == "extra_turn" then
    s.extra[p] = s.extra[p] + 1
  elseif d.effect == "take_card" then
    s.pending[#s.pending + 1] = { handler = "take", player = p }
  end
end

---------------------------------------------------------------- the turn

local function next_player(g, p)
  local s = g.state
  if s.extra[p] > 0 then
    s.extra[p] = s.extra[p] - 1
    return p
  end
  for _ = 1, 1000 do
    p = p % g.players + 1
    if s.skip[p] == 0 then return p end
    s.skip[p] = s.skip[p] - 1
    g.log("%s loses this turn", NAME[p])
  end
  error("no player can take a turn")
end

-- Drop decisions with nothing to choose; end the game when the board is bare.
local function settle(g)
  local s = g.state
  while s.pending[1] and not has_choice(g, s.pending[1]) do table.remove(s.pending, 1) end
  if not s.pending[1] and s.phase == "turn" and bare(g) then
    s.phase = "over"
    g.log("The last card is taken: the game is over")
  end
end

-- The move to space pos (actions worked it out: the action's zone).
local function move(g, pos)
  local s = g.state
  local p, patriot = s.turn, g.top("patriot_deck")
  local n = g.defs[patriot].rank
  -- the player already on that spot (the earliest to arrive)
  local first
  for q = 1, g.players do
    if q ~= p and s.at[q] == pos and (not first or s.arrived[q] < s.arrived[first]) then first = q end
  end
  s.clock = s.clock + 1
  s.at[p], s.arrived[p] = pos, s.clock
  local c = g.top(SPACE[pos])
  g.move(c, STASH[p])
  local d = g.defs[c]
  g.log("%s moves %d and lands on %s: %s", NAME[p], n, d.name, d.text or "")
  follow(g, p, c)
  local refill = g.top("board_deck")
  if refill then g.move(refill, SPACE[pos]) end
  g.move(patriot, "patriot_deck", "bottom")
  if first then s.pending[#s.pending + 1] = { handler = "steal", player = first, victim = p } end
  s.turn = next_player(g, p)
end

---------------------------------------------------------------- the game

local function setup(g)
  local s, n = g.state, g.players
  g.zone("patriot_deck", { visibility = "top", kind = "deck", label = "Patriot deck (face up)" })
  g.zone("board_deck", { visibility = "none", kind = "deck", label = "Board deck" })
  g.zone("out", { visibility = "all", kind = "pile", label = "Not in this game" })
  for i = 1, SPACES do
    g.zone(SPACE[i], { visibility = "all", kind = "space", label = i == START and "Start" or ("Space " .. i) })
  end
  for p = 1, n do
    g.zone(IDENTITY[p], { owner = p, visibility = "all", kind = "pile", label = "Identity" })
    g.zone(STASH[p], { owner = p, visibility = "all", kind = "pile", label = "Stash" })
  end
  for c = 1, g.ncards do
    local d = g.defs[c]
    if d.side == "patriot" then g.move(c, "patriot_deck")
    elseif d.id == "trump" and not g.options.trump then g.move(c, "out")
    else g.move(c, "board_deck") end
  end
  g.shuffle("patriot_deck")
  g.shuffle("board_deck")
  for i = 1, SPACES do g.draw("board_deck", SPACE[i]) end
  s.phase, s.chooser, s.turn, s.pending, s.clock = "identity", 1, 1, {}, 0
  s.at, s.arrived, s.skip, s.extra = zeros(n), zeros(n), zeros(n), zeros(n)
end

local function actions(g)
  local s = g.state
  if s.phase == "over" then return {} end
  if s.pending[1] then return choices(g, s.pending[1]) end
  if s.phase == "identity" then
    -- Offered in the cards' own order, never the deck's: the deck stays as
    -- shuffled, and a list in its order would tell the chooser every later
    -- move (its labels name the cards).
    local cards = g.cards("patriot_deck")
    table.sort(cards)
    local list = {}
    for i, c in ipairs(cards) do
      list[i] = { kind = "identity", card = c, zone = IDENTITY[s.chooser] }
    end
    return list
  end
  local top = g.top("patriot_deck")
  -- the Patriot deck decides the move: nothing to choose, so forced (`auto`)
  return { { kind = "move", card = top, zone = SPACE[land(g, g.defs[top].rank)], auto = true } }
end

-- The label of an action, made only when someone reads it.
local function describe(g, a)
  local d = g.defs[a.card]
  if a.kind == "decide" then return "Take " .. d.name .. " from " .. NAME[a.target] .. "'s stash" end
  if a.kind == "identity" then return "Be " .. d.name .. " (no. " .. d.rank .. ")" end
  local n = d.rank
  return "Move " .. n .. " space" .. (n == 1 and "" or "s") .. " from the Start (" .. d.name .. ")"
end

local function apply(g, a)
  local s = g.state
  if a.kind == "decide" then
    local d = table.remove(s.pending, 1)
    g.move(a.card, STASH[d.player])
    g.log("%s takes %s from %s's stash", NAME[d.player], g.defs[a.card].name, NAME[a.target])
  elseif a.kind == "identity" then
    g.move(a.card, IDENTITY[s.chooser])
    if s.chooser == g.players then s.phase = "turn" else s.chooser = s.chooser + 1 end
  else
    move(g, SPACE_AT[a.zone])
  end
  settle(g)
end

local function result(g)
  if g.state.phase ~= "over" then return nil end
  local totals = score(g)
  local best, winners = -math.huge, {}
  for p = 1, g.players do best = math.max(best, totals[p]) end
  for p = 1, g.players do
    if totals[p] == best then winners[#winners + 1] = p end
  end
  local names = {}
  for i, p in ipairs(winners) do names[i] = NAME[p] end
  return { winners = winners, scores = totals,
    text = table.concat(names, " and ") .. " captured the most: " .. best .. " points" }
end

return {
  id = "captured",
  name = "Captured",
  players = { min = 2, max = M.MAX_PLAYERS },
  options = {
    bonus = { default = 100, min = 0, max = 1000,
      doc = "Bonus for the most Traitors (the seed suggests 50 instead of 100 with many players); ties split it" },
    trump = { default = false,
      doc = "Leave the Trump in the Board deck: its holder at the end scores none of his negative cards" },
  },
  cards = require "cards",
  -- the cards' own fields, beside the host's (`ratify lint` checks the rest)
  card_fields = { "deck", "side", "cap", "points", "effect", "reconstruction" },
  setup = setup,

  actor = function(g)
    local s = g.state
    if s.phase == "over" then return nil end
    if s.pending[1] then return s.pending[1].player end
    if s.phase == "identity" then return s.chooser end
    return s.turn
  end,

  actions = actions,
  describe = describe,
  apply = apply,
  result = result,

  status = function(g, p)
    local s = g.state
    -- At the end: how the score is made (the window's end panel shows it).
    if s.phase == "over" then return M.breakdown(g, p) end
    local totals, traitors = score(g)
    local lines = { "Traitors " .. traitors[p], "Score now " .. totals[p] }
    local who = g.top(IDENTITY[p])
    if who then lines[#lines + 1] = "Identity: " .. g.defs[who].name end
    if s.at[p] > 0 then lines[#lines + 1] = "On space " .. s.at[p] end
    if s.skip[p] > 0 then lines[#lines + 1] = "Loses the next turn" end
    if s.extra[p] > 0 then lines[#lines + 1] = "Extra turn coming" end
    return lines
  end,

  -- Score now (bonus to the current leader) against the best opponent.
  heuristic = function(g, p)
    local totals = score(g)
    local best = -math.huge
    for q = 1, g.players do
      if q ~= p then best = math.max(best, totals[q]) end
    end
    return totals[p] - best
  end,

  -- what scenario tests may set with G:set (docs/lua-api.md)
  settable = {
    turn = function(g, p) g.state.turn = p end, -- the player who moves next
  },

  -- The window: the ring of 20 places as a loop of two lines (Start at the
  -- top left, clockwise), each player's pawn on the place they last landed on.
  layout = { ["space:*"] = { columns = SPACES // 2, snake = true, pawns = "at" } },
}
