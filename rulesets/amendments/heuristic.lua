-- For bots: how good the table looks for `player`'s side, minus the best
-- opponent's, plus the player's hand. A one-step bot maximising this plays
-- every card it can into a run, prefers long runs, opens with Article V, stops
-- the side that threatens most (the best opponent is the only one counted),
-- keeps the first Cloture and a spare Article V in hand, plays a remedy when
-- stopped, and discards what is least likely to fit. tests/heuristic.lua
-- shows each of these choices.

local runs = require "runs"
local sides = require "sides"

local COMPLETED = 30      -- a finished run of ten, on top of its +20
local CHARTER = 9         -- an Article V on the table, able to open runs
local LOST_TURN = 20      -- a turn lost to a challenge
local MISNAMED = 15       -- a wrong naming an opponent may challenge
local FEEDS_OPPONENT = 3  -- top of the discard stack fits an opponent's run
local STOPPED = 6         -- a stop on a side, before its runs are counted
-- Cards in hand:
local WANTED = 4          -- an amendment that fits an end of one of the side's runs
local DUPLICATE = 0.5     -- a second copy of a number in hand
local WILD = 4            -- a wild, before the amendments it can join
local OPENER = 8          -- an Article V when the side may still open runs with it
local REMEDY = 5          -- the first Cloture, the first spare Article V
local SPARE = 1           -- further copies of them
local STOP_CARD = 5       -- a Judicial Review or Filibuster to play later

-- `side_runs`: sides.runs(g, s) of the side weighed, read once per call.

-- How much a stop on a side hurts it: more the closer it is to ten.
local function stop_weight(side_runs)
  local longest, count = 0, 0
  for _, run in ipairs(side_runs) do
    longest = math.max(longest, run.len)
    count = count + 1
  end
  return STOPPED + 2 * longest + 2 * count
end

local function progress(side_runs)
  local total, longest = 0, 0
  for _, run in ipairs(side_runs) do
    total = total + run.len
    longest = math.max(longest, run.len)
  end
  return total + 0.3 * longest * longest
end

-- The table value of a side, seen by everybody.
local function side_value(g, s, side_runs)
  local state = g.state
  local v = state.scores[s] + COMPLETED * state.completed[s] + sides.table_points(g, s) + progress(side_runs)
  if sides.open_charters(g, s) > 0 then v = v + CHARTER end
  if sides.stopped_by(g, s) then v = v - stop_weight(side_runs) end
  for _, p in ipairs(sides.members(g, s)) do
    if state.skip[p] then v = v - LOST_TURN end
  end
  return v
end

-- Numbers wanted at the ends of side s's runs.
local function wanted(g, side_runs)
  local want, wrap = {}, g.options.wrap
  for _, run in ipairs(side_runs) do
    local low, high = runs.step(run.lo, -1, wrap), runs.step(run.lo, run.len, wrap)
    if low then want[low] = true end
    if high then want[high] = true end
  end
  return want
end

-- Wild definitions in hand that can stand for amendment n.
local function wild_support(n, wilds)
  local k = 0
  for _, def in ipairs(wilds) do
    if n >= def.wild_low and n <= def.wild_high then k = k + 1 end
  end
  return k
end

local function amendment_value(n, hand, copies)
  if copies > 0 then return DUPLICATE end -- one run holds one card of a number
  local v, numbers = 1, hand.numbers
  if hand.want[n] then v = v + WANTED end
  -- Neighbours in hand: 1.5 one apart, 1 two apart.
  if numbers[n - 2] then v = v + 1 end
  if numbers[n - 1] then v = v + 1.5 end
  if numbers[n + 1] then v = v + 1.5 end
  if numbers[n + 2] then v = v + 1 end
  return v + 0.5 * wild_support(n, hand.wilds)
end

-- A wild is worth more the more amendments of its range it can join.
local function wild_value(def, hand, copies)
  local v, near = WILD - copies, 0
  for n in pairs(hand.numbers) do
    if n >= def.wild_low and n <= def.wild_high then near = near + 1 end
  end
  v = v + math.min(near, 4)
  for n in pairs(hand.want) do
    if n >= def.wild_low and n <= def.wild_high then return v + 2 end
  end
  return v
end

-- `copies`: how many cards of this definition were already counted. The first
-- remedy of each kind is kept for the stop that may come; a spare Article V
-- is the remedy for Judicial Review.
local function card_value(g, def, side, hand, copies)
  if def.number then return amendment_value(def.number, hand, copies) end
  if def.wild_low then return wild_value(def, hand, copies) end
  if def.id == "article_v" then
    if copies == 0 and sides.may_open(g, side) then return OPENER end
    return copies == 0 and REMEDY or SPARE
  end
  if def.id == "cloture" then return copies == 0 and REMEDY or SPARE end
  if def.stop then return STOP_CARD end
  return 0
end

-- The hand of `player`, card by card.
local function hand_value(g, player, runs_by_side)
  local side = sides.of(g, player)
  local defs, held = g.defs, g.cards(sides.hand(player))
  local numbers, wilds = {}, {}
  for _, card in ipairs(held) do
    local def = defs[card]
    if def.number then numbers[def.number] = true end
    if def.wild_low then wilds[#wilds + 1] = def end
  end
  local hand = { numbers = numbers, wilds = wilds, want = wanted(g, runs_by_side[side]) }
  local seen, v = {}, 0
  for _, card in ipairs(held) do
    local def = defs[card]
    local copies = seen[def.id] or 0
    seen[def.id] = copies + 1
    v = v + card_value(g, def, side, hand, copies)
  end
  return v
end

-- A discard an opponent can pick up and lay at once.
local function feeds_opponent(g, side, runs_by_side)
  local top = g.top("discard")
  if not top then return 0 end
  local def = g.defs[top]
  for o = 1, sides.count(g) do
    if o ~= side then
      for n in pairs(wanted(g, runs_by_side[o])) do
        if runs.fits(def, n) then return FEEDS_OPPONENT end
      end
    end
  end
  return 0
end

local function quiz_risk(g, side)
  local state = g.state
  if state.turn and sides.of(g, state.current) == side and state.turn.misnamed > 0 then return MISNAMED end
  if state.challenge and sides.of(g, state.challenge.player) == side and state.challenge.misnamed > 0 then
    return MISNAMED
  end
  return 0
end

-- Every side's runs and table value, worked out once for all the players
-- asked about (the value of a side does not depend on who asks).
local function read_table(g)
  local runs_by_side, values = {}, {}
  for s = 1, sides.count(g) do runs_by_side[s] = sides.runs(g, s) end
  for s = 1, sides.count(g) do values[s] = side_value(g, s, runs_by_side[s]) end
  return runs_by_side, values
end

local function value_for(g, player, runs_by_side, values)
  local side = sides.of(g, player)
  local best_other = nil
  for o = 1, sides.count(g) do
    if o ~= side then best_other = math.max(best_other or values[o], values[o]) end
  end
  local v = values[side] + hand_value(g, player, runs_by_side) - (best_other or 0)
  v = v - feeds_opponent(g, side, runs_by_side) - quiz_risk(g, side)
  if g.state.phase == "over" then
    local mine, top = g.state.scores[side], -math.huge
    for o = 1, sides.count(g) do
      if o ~= side then top = math.max(top, g.state.scores[o]) end
    end
    v = v + (mine > top and 1000 or -1000)
  end
  return v
end

local H = {}

function H.heuristic(g, player)
  local runs_by_side, values = read_table(g)
  return value_for(g, player, runs_by_side, values)
end

-- Every player's at once, for the search's judge: the table read once.
function H.heuristics(g)
  local runs_by_side, values = read_table(g)
  local all = {}
  for p = 1, g.players do all[p] = value_for(g, p, runs_by_side, values) end
  return all
end

return H
