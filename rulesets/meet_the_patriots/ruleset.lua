-- MEET THE PATRIOTS (Game 4 of the box, seed 002): a memory matching game
-- with the 24 Patriot cards. Turn a card over for all to see and put it
-- back; when it matches the number of a card turned over before, you may
-- turn that one over too and keep the pair. See README.md.

local SLOTS, COLUMNS = 12, 4

local function slot(k) return "slot:" .. k end
local function pairs_of(p) return "pairs:" .. p end
local function name(p) return "player " .. p end

local function place(k)
  return string.format("row %d, column %d", (k - 1) // COLUMNS + 1, (k - 1) % COLUMNS + 1)
end

local function on_board(g)
  local n = 0
  for k = 1, SLOTS do n = n + g.count(slot(k)) end
  return n
end

local function read_aloud(g, p, c)
  local d = g.def(c)
  g.reveal(c, "all")
  g.log(string.format("%s turns over %s, no. %d: %s", name(p), d.name, d.rank, d.text))
end

-- Is the other card of c's number lying in the formation, turned over before?
local function match_known(g, c)
  local rank = g.def(c).rank
  for k = 1, SLOTS do
    local o = g.top(slot(k))
    if o and o ~= c and g.def(o).rank == rank and g.state.turned[o] then return true end
  end
  return false
end

local function pairs_count(g, p) return g.count(pairs_of(p)) // 2 end

local function finish(g, why)
  g.state.phase = "over"
  g.log(why)
end

-- Next player's turn; "When the last two cards are left, the next player in
-- line gets them, but must still read them aloud."
local function next_turn(g)
  local s = g.state
  s.turn, s.phase, s.first, s.turns = s.turn % g.players + 1, "first", nil, s.turns + 1
  if on_board(g) == 2 and g.count("draw") == 0 then
    for k = 1, SLOTS do
      local c = g.top(slot(k))
      if c then
        read_aloud(g, s.turn, c)
        g.move(c, pairs_of(s.turn))
      end
    end
    finish(g, name(s.turn) .. " gets the last two cards")
  elseif on_board(g) == 0 then
    finish(g, "All cards are gone")
  elseif g.options.turn_limit > 0 and s.turns >= g.options.turn_limit then
    finish(g, "Turn limit reached")
  end
end

local function setup(g)
  local s = g.state
  g.zone("draw", { visibility = "none", kind = "deck", label = "Draw deck" })
  for k = 1, SLOTS do g.zone(slot(k), { visibility = "none", kind = "space", label = place(k) }) end
  for p = 1, g.players do g.zone(pairs_of(p), { owner = p, visibility = "all", kind = "pile", label = "Pairs" }) end
  for c = 1, g.ncards do g.move(c, "draw") end
  g.shuffle("draw")
  for k = 1, SLOTS do g.draw("draw", slot(k)) end
  s.turn, s.phase, s.turned, s.turns = 1, "first", {}, 0
end

local function actions(g)
  local s, list = g.state, {}
  if s.phase == "over" then return list end
  for k = 1, SLOTS do
    if g.count(slot(k)) > 0 and k ~= s.first then
      list[#list + 1] = { kind = "flip", slot = k, zone = slot(k),
        label = s.phase == "first" and ("Turn over the card at " .. place(k))
          or ("Turn over the card at " .. place(k) .. " to claim the pair") }
    end
  end
  if s.phase == "second" and g.options.second_flip == "claim" then
    list[#list + 1] = { kind = "put_back", label = "Put the card back (no claim)" }
  end
  return list
end

local function first_flip(g, k)
  local s, c = g.state, g.top(slot(k))
  read_aloud(g, s.turn, c)
  local second = g.options.second_flip == "always" and on_board(g) > 1 or match_known(g, c)
  if second then
    s.phase, s.first = "second", k
  else
    s.turned[c] = true
    next_turn(g)
  end
end

local function second_flip(g, k)
  local s = g.state
  local a, b = g.top(slot(s.first)), g.top(slot(k))
  read_aloud(g, s.turn, b)
  s.turned[a], s.turned[b] = true, true
  if g.def(a).rank == g.def(b).rank then
    g.move(a, pairs_of(s.turn))
    g.move(b, pairs_of(s.turn))
    g.log(name(s.turn) .. " keeps the pair")
    g.draw("draw", slot(s.first))
    g.draw("draw", slot(k))
  else
    g.log("No match: both cards go back")
  end
  next_turn(g)
end

local function apply(g, a)
  local s = g.state
  if a.kind == "put_back" then
    s.turned[g.top(slot(s.first))] = true
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
  players = { min = 1, max = 6 },
  options = {
    second_flip = { default = "claim", choices = { "claim", "always" },
      doc = "claim: a second card only to claim a pair with a number turned over before; "
        .. "always: every turn turns over two cards (classic memory)" },
    turn_limit = { default = 1000, min = 0, max = 100000,
      doc = "The game ends after this many turns (0: no limit)" },
  },
  cards = require "cards",
  setup = setup,
  actor = function(g)
    if g.state.phase == "over" then return nil end
    return g.state.turn
  end,
  actions = actions,
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
}
